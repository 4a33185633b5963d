#!/bin/sh
# The real mutt and neomutt sending through civil-sendmail: in batch
# (-H draft), and at a terminal (tmux), where mutt shows what its
# sendmail said only when it fails ("Output of the delivery process").
. "$(dirname "$0")/../t/lib.sh"
. "$CIVIL_SRC/tests/t/clients.sh"

need_client mutt 'mutt -v'
need_client neomutt 'neomutt -v'
need_client tmux 'tmux -V'
need_client gpg 'gpg --version'

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)

mkdir -p "$HOME/Mail/inbox/cur" "$HOME/Mail/inbox/new" "$HOME/Mail/inbox/tmp"
# What a mutt user has, and the line the README gives for civil.
cat >"$HOME/.muttrc" <<EOF
set folder=$HOME/Mail
set spoolfile=$HOME/Mail/inbox
set mbox_type=Maildir
set record=""
set postpone=no
set editor="true"
set sendmail="$CIVIL_BUILD/bin/civil-sendmail -oem -oi"
EOF
# The same, with what mutt hands over kept on the way (in.sendmail).
sed "s|^set sendmail=.*|set sendmail=\"$TEST_DIR/in.sendmail -oem -oi\"|" \
	"$HOME/.muttrc" >"$HOME/.muttrc-in"

write_review review.eml hostile.eml
git format-patch -q -1 --stdout --to=list@kernel-test.invalid >patch.eml
sed -i "1d" patch.eml
# The heated sentence and why; "This is garbage." (contempt for code,
# sharp) is not held, so the line does not name it.
HELD_LINE="civil-sendmail: held for its tone: \"You clearly have no idea what you are doing.\" ([^)]*); sent again within 10 minutes, it goes out"

for mutt in mutt neomutt; do
	# neomutt refuses an empty standard input in batch mode.
	batch() {
		echo | $mutt -n -F "$HOME/.muttrc${RC:-}" -H "$@"
	}

	test_expect_success "$mutt -H (batch): a review goes out with the reminder once; $mutt exits 0, silent" '
		reset_sent &&
		batch review.eml >out 2>err &&
		test ! -s err &&
		test $(sent_count) -eq 1 &&
		grep -x "!-oem!" "$SENT/argv1" && grep -x "!-oi!" "$SENT/argv1" &&
		grep -x "!list@kernel-test.invalid!" "$SENT/argv1" &&
		test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1 &&
		grep -x "Concerns: <$TEST_CONTACT>" "$SENT/msg1"
	'

	test_expect_success "$mutt -H (batch): a patch goes out as $mutt wrote it" '
		reset_sent && reset_in &&
		RC=-in batch patch.eml 2>err &&
		test ! -s err &&
		same_as_handed 1 1 &&
		grep -q "^+int x;" "$SENT/msg1" &&
		! grep "^Reviewed under" "$SENT/msg1"
	'

	test_expect_success "$mutt -H (batch): a heated review is held, $mutt says why and fails; sent again, it goes" '
		reset_sent &&
		! batch hostile.eml >out 2>err &&
		test $(sent_count) -eq 0 &&
		grep -x "$HELD_LINE" err &&
		grep "Error sending message, child exited 75" err &&
		batch hostile.eml 2>err &&
		test ! -s err &&
		test $(sent_count) -eq 1 &&
		test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
	'
done

# At a terminal: mutt -H asks for To and Subject (Enter keeps them), then
# shows its compose menu, where "y" sends.
make_gpg_key || echo "# no gpg key"
cat >>"$HOME/.muttrc-in" <<EOF
set crypt_use_gpgme=yes
set pgp_default_key=$GPG_FPR
EOF

# compose MUTT RC DRAFT - start MUTT on DRAFT at the terminal, through
# its two prompts to the compose menu.
compose() {
	rm -f "$TEST_DIR/mutt.status"
	tmux_start "cd '$PWD' && $1 -n -F '$HOME/$2' -H '$3'; echo \$? >'$TEST_DIR/mutt.status'" &&
	tmux_wait "^To: " && tmux_keys Enter &&
	tmux_wait "^Subject: " && tmux_keys Enter &&
	tmux_wait "y:Send"
}

for mutt in mutt neomutt; do
	test_expect_success "$mutt at a terminal: a heated review shows civil's line in \"Output of the delivery process\"; y again sends it" '
		reset_sent &&
		compose $mutt .muttrc hostile.eml &&
		tmux_keys y &&
		tmux_wait "Output of the delivery process" &&
		tmux_screen >screen &&
		grep "civil-sendmail: held for its tone: \"You clearly have no idea what you are doing.\"" screen &&
		test $(sent_count) -eq 0 &&
		tmux_keys q &&
		tmux_wait "y:Send" &&
		tmux_keys y &&
		tmux_ended &&
		test "$(cat "$TEST_DIR/mutt.status")" = 0 &&
		test $(sent_count) -eq 1 &&
		test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 1
	'
done

for mutt in mutt neomutt; do
	test_expect_success "$mutt at a terminal signs (PGP/MIME): the signed mail goes out as $mutt wrote it" '
		reset_sent && reset_in &&
		compose $mutt .muttrc-in review.eml &&
		tmux_keys p && tmux_wait "(s)ign" && tmux_keys s &&
		tmux_wait "Security: *Sign" &&
		tmux_keys y &&
		tmux_ended &&
		test "$(cat "$TEST_DIR/mutt.status")" = 0 &&
		test $(sent_count) -eq 1 &&
		grep -q "^Content-Type: multipart/signed" "$SENT/msg1" &&
		grep -q "^-----BEGIN PGP SIGNATURE-----" "$SENT/msg1" &&
		same_as_handed 1 1 &&
		! grep "^Reviewed under" "$SENT/msg1"
	'
done

test_done
