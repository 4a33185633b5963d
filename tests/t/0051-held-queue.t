#!/bin/sh
# civil-sendmail's held queue under sends of the same message at once and
# senders killed mid-write, and a civil.sendmail that runs civil-sendmail
# again.  Where no terminal shows a warning (b4, mutt, aerc, emacs), a
# heated review is held once (75) and goes out when sent again.
. "$(dirname "$0")/lib.sh"

need_tool flock 'flock -V'
need_tool 'the kernel'"'"'s lock list' 'test -r /proc/locks'

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
make_kernel_repo linux
cd linux
write_review review.eml
sed "s/^Please make it static./You clearly have no idea what you are doing, and you are an idiot./" \
	review.eml >hot.eml
HELD=$HOME/.local/state/civil/held

test_expect_success 'a heated review is held once: KEY.eml and KEY.why' '
	test_expect_code 75 civil-sendmail -i list@kernel-test.invalid <hot.eml 2>err &&
	grep "held for its tone" err &&
	ls "$HELD" >list &&
	test_line_count 2 list &&
	KEY=$(sed -n "s/\.why\$//p" list) &&
	test -n "$KEY" &&
	echo "$KEY" >../key &&
	test -f "$HELD/$KEY.eml"
'
KEY=$(cat ../key 2>/dev/null)

test_expect_success '--held never lists a .why whose message is gone' '
	# what two sends at once left before: the message gone, its .why not
	mv "$HELD/$KEY.eml" ../saved.eml &&
	civil-sendmail --held >out &&
	! grep "$KEY" out &&
	mv ../saved.eml "$HELD/$KEY.eml" &&
	civil-sendmail --held >out &&
	grep "$HELD/$KEY.eml" out
'

# The test holds the queue'"'"'s lock, as a sender keeping the same
# message would; a second send of it, due to go out and forget the hold,
# must wait for that sender to finish instead of taking its files from
# under it (what left a .why without its message).  Waiting is seen in
# the kernel'"'"'s list of locks, not guessed from time.  (flock -o: the
# lock is flock'"'"'s alone, not inherited by the second send.)
test_expect_success 'a send that forgets a hold waits while another sender keeps it' '
	reset_sent &&
	rm -f ../s2.pid ../s2.rc &&
	flock -o "$HELD/.lock" sh -c "
		( sh -c \"echo \\\$\\\$ >../s2.pid; exec civil-sendmail -i list@kernel-test.invalid\" <hot.eml >../s2.out 2>&1; echo \$? >../s2.rc ) &
		n=0
		while :; do
			n=\$((n + 1))
			test \$n -le 6000 || exit 3
			test -s ../s2.rc && exit 4
			if test -s ../s2.pid && grep -q -- \"-> FLOCK *ADVISORY *WRITE *\$(cat ../s2.pid) \" /proc/locks; then
				break
			fi
			sleep 0.01
		done
		# the other sender, holding the lock: its message, then its .why
		cp hot.eml \"$HELD/$KEY.eml\" &&
		touch \"$HELD/$KEY.why\"
	" &&
	wait_for_file ../s2.rc &&
	test "$(cat ../s2.rc)" = 0 &&
	test $(sent_count) -eq 1 &&
	test ! -e "$HELD/$KEY.why" &&
	test ! -e "$HELD/$KEY.eml" &&
	civil-sendmail --held >out &&
	test ! -s out
'

test_expect_success 'a temporary file a killed sender left in held/ goes on the next run; others stay' '
	test_expect_code 75 civil-sendmail -i list@kernel-test.invalid <hot.eml 2>err &&
	echo partial >"$HELD/.$KEY.eml.civil-Ab3dE9" &&
	echo partial >"$HELD/.$KEY.why.civil-x1Y2z3" &&
	echo mine >"$HELD/notes.txt" &&
	reset_sent &&
	civil-sendmail -i list@kernel-test.invalid <hot.eml &&
	test $(sent_count) -eq 1 &&
	ls -a "$HELD" >list &&
	! grep "civil-" list &&
	grep -x notes.txt list &&
	# and when a message is held
	echo partial >"$HELD/.$KEY.eml.civil-Ab3dE9" &&
	test_expect_code 75 civil-sendmail -i list@kernel-test.invalid <hot.eml 2>err &&
	ls -a "$HELD" >list &&
	! grep "civil-" list &&
	grep -x "$KEY.eml" list
'

# A wrapper that would loop for ever without civil'"'"'s check stops after
# three rounds, so that the test fails instead of hanging.
test_expect_success 'a civil.sendmail that runs civil-sendmail again: one line, kept, exit 69, no loop' '
	for how in exec child; do
		rm -f ../wrapper.count &&
		write_script ../wrapper <<-EOF &&
		n=\$(cat "$TEST_DIR/wrapper.count" 2>/dev/null || echo 0)
		n=\$((n + 1))
		echo \$n >"$TEST_DIR/wrapper.count"
		test \$n -le 3 || exit 42
		$(test $how = exec && echo exec) civil-sendmail "\$@"
		EOF
		git config civil.sendmail "$TEST_DIR/wrapper" &&
		reset_sent &&
		test_expect_code 69 civil-sendmail -i list@kernel-test.invalid <review.eml 2>err &&
		test "$(cat ../wrapper.count)" = 1 &&
		grep "wrapper.* runs civil-sendmail again" err &&
		test_line_count 1 err &&
		grep "kept in" err &&
		test $(sent_count) -eq 0 || exit 1
	done &&
	git config --unset civil.sendmail
'

test_done
