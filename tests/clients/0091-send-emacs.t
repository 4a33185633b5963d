#!/bin/sh
# The real emacs sending through civil-sendmail from message-mode (what
# notmuch-emacs and gnus compose in): send-mail-function sendmail-send-it,
# so message-send-mail-with-sendmail, which runs the sendmail from "/"
# and takes any output it gives, even with status 0, for a failure.
. "$(dirname "$0")/../t/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client emacs 'emacs --batch -Q --eval "(require (quote message))"'
need_client gpg 'gpg --version'

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

# send.el: compose DRAFT (headers, an empty line, the body) in
# message-mode, sign it when asked, send it, and say what emacs said.
cat >send.el <<'EOF'
(require 'message)
(require 'mml-sec)
(setq send-mail-function #'sendmail-send-it        ; the README's lines
      sendmail-program (getenv "CIVIL_T_SENDMAIL")
      message-bogus-addresses nil                  ; .invalid is fine here
      mml-secure-openpgp-signers (list (or (getenv "GPG_FPR") ""))
      user-full-name "Re Viewer"
      user-mail-address "reviewer@kernel-test.invalid")
(defun civil-t-say (fmt &rest args)
  (princ (apply #'format (concat fmt "\n") args) #'external-debugging-output))
(let ((draft (with-temp-buffer
               (insert-file-contents (getenv "CIVIL_T_DRAFT"))
               (buffer-string))))
  (with-current-buffer (get-buffer-create "*draft*")
    (message-mode)
    (let ((end (string-match "\n\n" draft)))   ; the headers' end
      (insert (substring draft 0 (1+ end)) mail-header-separator
              (substring draft (1+ end))))
    (when (getenv "CIVIL_T_SIGN")
      (mml-secure-message-sign-pgpmime))
    (condition-case err
        (progn (message-send) (civil-t-say "SENT-OK"))
      (error
       (civil-t-say "SEND-ERROR: %s" (error-message-string err))
       ;; message.el shows this buffer when the sendmail fails
       (dolist (b (buffer-list))
         (when (string-match-p "sendmail errors" (buffer-name b))
           (civil-t-say "ERRBUF: %s"
                        (with-current-buffer b (buffer-string)))))
       (kill-emacs 3)))))
EOF

# emacs_send DRAFT [SENDMAIL] - send it as an emacs user does, from a
# directory that is not the tree (emacs moves to "/" anyway).
emacs_send() {
	(cd "$HOME" && CIVIL_T_DRAFT="$TEST_DIR/$1" \
		CIVIL_T_SENDMAIL="${2:-$CIVIL_BUILD/bin/civil-sendmail}" \
		emacs --batch -Q -l "$TEST_DIR/send.el")
}

write_review review.eml hostile.eml
git -C linux format-patch -q -1 --stdout --to=list@kernel-test.invalid |
	sed 1d >patch.eml

test_expect_success 'emacs: a review is sent and emacs says so; sendmail run from /: the built-in code' '
	reset_sent &&
	emacs_send review.eml >out 2>&1 &&
	grep -x SENT-OK out && ! grep "failed" out &&
	test $(sent_count) -eq 1 &&
	grep -x "!-oi!" "$SENT/argv1" && grep -x "!-t!" "$SENT/argv1" &&
	test $(count_lines "^Reviewed under" "$SENT/msg1") -eq 1 &&
	grep -x "Concerns: <tab@lists.linux-foundation.org>" "$SENT/msg1"
'

test_expect_success 'emacs with civil.repository: the code and contact of that tree' '
	git config --global civil.repository "$TEST_DIR/linux" &&
	reset_sent &&
	emacs_send review.eml >out 2>&1 &&
	grep -x SENT-OK out &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
	grep -x "Concerns: <$TEST_CONTACT>" "$SENT/msg1"
'

test_expect_success 'emacs: a patch goes out as emacs wrote it, and emacs says it was sent' '
	reset_sent && reset_in &&
	emacs_send patch.eml "$TEST_DIR/in.sendmail" >out 2>&1 &&
	grep -x SENT-OK out &&
	same_as_handed 1 1 &&
	grep -q "^+int x;" "$SENT/msg1" &&
	! grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'emacs signs (PGP/MIME): the signed mail goes out as emacs wrote it, and emacs says it was sent' '
	make_gpg_key &&
	reset_sent && reset_in &&
	CIVIL_T_SIGN=1 emacs_send review.eml "$TEST_DIR/in.sendmail" >out 2>&1 &&
	grep -x SENT-OK out &&
	grep -q "^Content-Type: multipart/signed" "$SENT/msg1" &&
	grep -q "^-----BEGIN PGP SIGNATURE-----" "$SENT/msg1" &&
	same_as_handed 1 1 &&
	! grep "^Reviewed under" "$SENT/msg1"
'

test_expect_success 'emacs: a heated review fails with civil'"'"'s line in the buffer emacs shows; sent again, it goes' '
	reset_sent &&
	test_expect_code 3 emacs_send hostile.eml >out 2>&1 &&
	grep -x "SEND-ERROR: Sending...failed with exit value 75" out &&
	grep "^ERRBUF: civil-sendmail: held for its tone: \"You clearly have no idea what you are doing.\"" out &&
	test $(sent_count) -eq 0 &&
	emacs_send hostile.eml >out 2>&1 &&
	grep -x SENT-OK out &&
	test $(sent_count) -eq 1 &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
'

test_done
