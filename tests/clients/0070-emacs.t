#!/bin/sh
# emacs/civil.el in the real notmuch-emacs (elpa-notmuch), emacs --batch,
# against a real database: the saved search, the reasons in notmuch-show,
# and E making the draft and opening it for editing.
. "$(dirname "$0")/../t/lib.sh"

need_tool notmuch 'notmuch --version'
need_tool emacs 'emacs --batch --eval t'
NM_LISP=$(ls -d /usr/share/emacs/site-lisp/elpa/notmuch-* 2>/dev/null | tail -n 1)
need_tool 'notmuch-emacs (elpa-notmuch)' 'test -n "$NM_LISP"'
ID=kernel-test.invalid

setup_notmuch
make_threads
notmuch new --quiet
civil-scan --apply "*" 2>/dev/null
make_kernel_repo linux
THREAD=$(notmuch search --output=threads "id:hot-3@$ID")

# nm_emacs FORM... - emacs --batch with notmuch and civil loaded, in the
# kernel tree (escalate-thread reads its code), output on stdout.
nm_emacs() {
	(cd linux && emacs --batch -Q -L "$NM_LISP" -L "$CIVIL_SRC/emacs" \
		--eval "(progn (require 'notmuch) (require 'civil))" "$@")
}

test_expect_success 'civil.el loads and byte-compiles cleanly' '
	cp "$CIVIL_SRC/emacs/civil.el" . &&
	emacs --batch -Q -L "$NM_LISP" \
		--eval "(setq byte-compile-error-on-warn t)" \
		-f batch-byte-compile civil.el 2>err &&
	test -f civil.elc
'

test_expect_success 'a saved search "heated" that finds the heated thread' '
	nm_emacs --eval "(princ (notmuch-saved-search-get
		(seq-find (lambda (s) (equal (notmuch-saved-search-get s :name) \"heated\"))
			  notmuch-saved-searches) :query))" >query &&
	test "$(cat query)" = "tag:heated or tag:heated-thread" &&
	notmuch search --output=threads "$(cat query)" >found &&
	test "$(cat found)" = "$THREAD" &&
	nm_emacs --eval "(princ (notmuch-saved-search-get
		(seq-find (lambda (s) (equal (notmuch-saved-search-get s :name) \"heated\"))
			  notmuch-saved-searches) :key))" >key &&
	test "$(cat key)" = H
'

test_expect_success 'the saved search follows [civil] tag names' '
	printf "[civil]\ntag=hot\nthread-tag=hot-thread\n" >>"$NOTMUCH_CONFIG" &&
	nm_emacs --eval "(princ (civil-heated-query))" >query &&
	sed -i "/^\[civil\]/,\$d" "$NOTMUCH_CONFIG" &&
	test "$(cat query)" = "tag:hot or tag:hot-thread"
'

test_expect_success 'notmuch-show shows why civil found a message heated' '
	nm_emacs --eval "(progn
		(notmuch-show \"$THREAD\")
		(dolist (ov (overlays-in (point-min) (point-max)))
		  (when (overlay-get ov (quote civil))
		    (princ (format \"%s|%s\n\"
			(save-excursion (goto-char (overlay-start ov))
			  (buffer-substring (line-beginning-position) (line-end-position)))
			(overlay-get ov (quote after-string)))))))" >shown &&
	grep "^ *Rex Viewer <rex@$ID> (.*) (heated heated-thread new unread)|\$" shown &&
	grep -x " *civil: [0-9.]* insult at a person .idiot.: \"This is utter garbage and you are an idiot.\"" shown &&
	grep -x " *civil: [0-9.]* impatience .For the last time.: \"For the last time: read the code.\"" shown &&
	grep -x " *civil: [0-9.]* [^\"]*: \"You clearly have no idea what you are doing.\"" shown &&
	! grep -F "$(printf "\047\047: ")" shown &&
	test $(grep -c "|\$" shown) -eq 2 &&
	! grep "Pat Author" shown
'

test_expect_success 'a calm thread shows nothing' '
	calm=$(notmuch search --output=threads "id:calm-1@$ID") &&
	nm_emacs --eval "(progn (notmuch-show \"$calm\")
		(princ (length (seq-filter (lambda (ov) (overlay-get ov (quote civil)))
			 (overlays-in (point-min) (point-max))))))" >n &&
	test "$(cat n)" = 0
'

test_expect_success 'E in notmuch-show: the draft to the board, open for editing' '
	nm_emacs --eval "(progn
		(notmuch-show \"$THREAD\")
		(execute-kbd-macro (kbd \"E\"))
		(princ (format \"mode=%s\nbuffer=%s\n\" major-mode (buffer-name)))
		(princ (buffer-substring-no-properties (point-min) (point-max))))" >draft &&
	grep -x "mode=notmuch-message-mode" draft &&
	grep -x "buffer=\*notmuch-draft-id:.*\*" draft &&
	grep -x "To: $TEST_CONTACT" draft &&
	! grep -i "^cc:" draft &&
	! grep -i "^in-reply-to:" draft &&
	grep -x -- "--text follows this line--" draft &&
	grep -x "  > and you are an idiot." draft &&
	test $(notmuch count tag:draft) -eq 1 &&
	test -z "$(ls "$SENT")"
'

test_expect_success 'E in notmuch-search, on the thread at point' '
	nm_emacs --eval "(progn
		(notmuch-search \"$THREAD\")
		(while (get-buffer-process (current-buffer)) (accept-process-output nil 0.1))
		(goto-char (point-min))
		(execute-kbd-macro (kbd \"E\"))
		(princ (format \"mode=%s\n\" major-mode)))" >out &&
	grep -x "mode=notmuch-message-mode" out &&
	test $(notmuch count tag:draft) -eq 2
'

test_expect_success 'escalate-thread failing: the error is shown, nothing opened' '
	! nm_emacs --eval "(civil-escalate-thread \"id:nowhere@x\")" 2>err &&
	grep "escalate-thread: " err &&
	test $(notmuch count tag:draft) -eq 2
'

# A thread with nothing heated and one message worth a look: the levels
# set around that message's score, whatever the model gives it.
test_expect_success 'a saved search "worth a look" (j L), and the sentence that decided each under its header line' '
	mail warm-1 "drm: a new plane helper" "Ann Org <ann@$ID>" "" 9 <<-\EOF &&
	Is the plane helper needed for the atomic path?
	EOF
	mail warm-2 "Re: drm: a new plane helper" "Rex Viewer <rex@$ID>" warm-1 9 <<-\EOF &&
	For the last time: read the code.  How many times do I have to
	say it?!
	EOF
	notmuch new --quiet &&
	s=$(civil-scan --scores "id:warm-2@$ID" | cut -f1) &&
	git config --global civil.review "$(awk -v s="$s" "BEGIN { printf \"%.2f\", s / 2 }")" &&
	git config --global civil.threshold "$(awk -v s="$s" "BEGIN { printf \"%.2f\", (s + 5) / 2 }")" &&
	WARM=$(notmuch search --output=threads "id:warm-2@$ID") &&
	civil-scan --apply "$WARM" 2>/dev/null &&
	nm_emacs --eval "(let ((s (seq-find (lambda (s) (equal (notmuch-saved-search-get s :name) \"worth a look\"))
			  notmuch-saved-searches)))
		(princ (format \"%s\n%s\n\" (notmuch-saved-search-get s :query) (notmuch-saved-search-get s :key))))" >search &&
	cat search &&
	test "$(sed -n 2p search)" = L &&
	notmuch search --output=messages "$(sed -n 1p search)" >found &&
	test "$(cat found)" = "id:warm-2@$ID" &&
	nm_emacs --eval "(progn
		(notmuch-show \"$WARM\")
		(dolist (ov (overlays-in (point-min) (point-max)))
		  (when (overlay-get ov (quote civil))
		    (princ (format \"%s|%s\n\"
			(save-excursion (goto-char (overlay-start ov))
			  (buffer-substring (line-beginning-position) (line-end-position)))
			(overlay-get ov (quote after-string)))))))" >shown &&
	cat shown &&
	grep "^ *Rex Viewer <rex@$ID> .*|\$" shown &&
	grep -x " *civil, worth a look: [0-9.]* .*" shown &&
	! grep "Ann Org" shown &&
	git config --global civil.review 0.4 &&
	git config --global civil.threshold 2.5
'

test_done
