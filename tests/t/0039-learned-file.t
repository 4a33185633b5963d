#!/bin/sh
# The learned file: a correction learned once even when a scan is killed
# between keeping what it taught and marking it learned; a file that is
# a symlink written through, one made read-only left alone, and one that
# is not a regular file refused in one line instead of hanging.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
ID=kernel-test.invalid
LEARNED=$HOME/.local/share/civil/learned

setup_notmuch
mail idiot-1 "Re: [PATCH] usb: quirk" "Rex Viewer <rex@$ID>" "" 1 <<-\EOF
You are an idiot, rework it.
EOF
mail idiot-2 "Re: [PATCH] usb: another quirk" "Sam Other <sam@$ID>" "" 2 <<-\EOF
Only an idiot would send this twice.
EOF
mail idiot-3 "Re: [PATCH] usb: a third quirk" "Sam Other <sam@$ID>" "" 3 <<-\EOF
What an idiot you are to send it again.
EOF
for n in a b c; do
	mail calm-$n "Re: scheduling the BoF ($n)" "Ann Org <ann@$ID>" "" 4 <<-EOF
	Tuesday works for me ($n); the room holds forty.
	EOF
done
notmuch new --quiet

heated() {
	tags_of "$1" | grep -qw heated
}

# weights FILE - what the file has learned, without which corrections
# it records.
weights() {
	grep -v "^learned " "$1"
}

test_expect_success 'civil flags the three' '
	civil-scan --apply "*" &&
	heated idiot-1 && heated idiot-2 && heated idiot-3
'

test_expect_success 'killed between keeping a correction and marking it: not learned again' '
	notmuch tag -heated "id:idiot-1@$ID" &&
	# What the database holds before the scan marks it; a kill after the
	# learned file was renamed into place and before the mark committed
	# leaves the database so and the file as it is after.
	notmuch dump --include=tags --include=properties "id:idiot-1@$ID" >unmarked &&
	grep "civil.tagged=1" unmarked &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err &&
	grep "^corrections 0 1 " "$LEARNED" &&
	cp "$LEARNED" kept &&
	notmuch restore --include=tags --include=properties <unmarked &&
	notmuch dump --include=properties "id:idiot-1@$ID" >props &&
	! grep "civil.reader" props &&
	civil-scan --apply -v 2>err &&
	! grep "learned from" err &&
	test_cmp kept "$LEARNED" &&
	grep "^corrections 0 1 " "$LEARNED" &&
	# the file says which corrections it holds
	grep -x "learned calm idiot-1@$ID" "$LEARNED" &&
	# and it is marked now
	notmuch dump --include=properties "id:idiot-1@$ID" >props &&
	grep "civil.reader=calm" props &&
	! heated idiot-1
'

test_expect_success 'a record goes once the database marks the correction' '
	notmuch tag -heated "id:idiot-2@$ID" &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err &&
	grep "^corrections 0 2 " "$LEARNED" &&
	! grep "learned calm idiot-1@$ID" "$LEARNED" &&
	grep -x "learned calm idiot-2@$ID" "$LEARNED" &&
	civil-heated --learned >out &&
	grep "^2 corrections" out
'

test_expect_success 'a symlinked learned file (a dotfiles tree) is written through, and stays a link' '
	mkdir -p dotfiles &&
	mv "$LEARNED" dotfiles/learned &&
	ln -s "$TEST_DIR/dotfiles/learned" "$LEARNED" &&
	notmuch tag +heated "id:calm-a@$ID" &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err &&
	test -L "$LEARNED" &&
	grep "^corrections 1 [0-9]* " dotfiles/learned
'

test_expect_success 'civil-scan --forget through the link: what it names goes, the link stays' '
	civil-scan --forget &&
	test -L "$LEARNED" &&
	test ! -e dotfiles/learned &&
	civil-heated --learned >out &&
	grep -x "nothing learned yet" out
'

test_expect_success 'a dangling link: the file it names is made' '
	rm "$LEARNED" &&
	ln -s "$TEST_DIR/dotfiles/new/learned" "$LEARNED" &&
	notmuch tag +heated "id:calm-b@$ID" &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err &&
	test -L "$LEARNED" &&
	grep "^corrections 1 0 " dotfiles/new/learned
'

test_expect_success 'a read-only learned file is not overwritten: one line, nothing marked' '
	rm "$LEARNED" &&
	cp dotfiles/new/learned "$LEARNED" &&
	chmod 0444 "$LEARNED" &&
	cp "$LEARNED" before &&
	notmuch tag +heated "id:calm-c@$ID" &&
	test_expect_code 1 civil-scan --apply 2>err &&
	test_line_count 1 err &&
	grep "$LEARNED.*read-only" err &&
	test_cmp before "$LEARNED" &&
	test "$(stat -c %a "$LEARNED")" = 444 &&
	notmuch dump --include=properties "id:calm-c@$ID" >props &&
	! grep "civil.reader=heated" props &&
	# made writable again, it is learned then
	chmod 0644 "$LEARNED" &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err
'

# A program that would wait for ever on a FIFO is stopped after 60 s
# (it takes well under a second when it does not wait): the test then
# fails instead of hanging the suite.
test_expect_success 'a FIFO as the learned file: civil-scan and civil-heated say so, and do not wait' '
	mv "$LEARNED" learned.saved &&
	mkfifo "$LEARNED" &&
	test_expect_code 1 timeout 60 civil-scan --apply 2>err &&
	grep "$LEARNED.*not a regular file" err &&
	test_line_count 1 err &&
	{ timeout 60 civil-heated --explain >/dev/null 2>err; test $? -ne 124; } &&
	test_expect_code 1 timeout 60 civil-heated --learned 2>err &&
	grep "not a regular file" err &&
	rm "$LEARNED" &&
	mv learned.saved "$LEARNED"
'

test_expect_success 'a FIFO as the model table (a lexicon naming it): civil-remind and civil-sendmail do not wait' '
	mkfifo model.fifo &&
	printf "model %s\n" "$TEST_DIR/model.fifo" >fifo.lexicon &&
	git config --global civil.lexicon "$TEST_DIR/fifo.lexicon" &&
	git config --global civil.sendmail "$TEST_DIR/fake.sendmail" &&
	write_review review.eml &&
	{ timeout 60 civil-remind review.eml 2>err; test $? -ne 124; } &&
	grep "model.fifo.*not a regular file" err &&
	reset_sent &&
	# (what it says where no terminal shows it is issue 31 item 3)
	{ timeout 60 civil-sendmail -i list@$ID <review.eml; test $? -ne 124; } &&
	test $(sent_count) -eq 1 &&
	git config --global --unset civil.lexicon
'

test_done
