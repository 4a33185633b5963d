#!/bin/sh
# The test library itself: a body with a dropped && is a failure (git's
# chain lint), so that a failing line in the middle of a test can't pass
# unseen; grep_maybe fails on a file that is not there, where "|| true"
# passed.
. "$(dirname "$0")/lib.sh"

# run BODY - a test file of one test with that body, through lib.sh.
run() {
	printf '. "%s/lib.sh"\ntest_expect_success one %s\ntest_done\n' \
		"$CIVIL_SRC/tests/t" "'$1'" >one.t &&
	sh one.t >out 2>err
}

test_expect_success 'a body joined by && runs, and passes' '
	run "true &&
	true" &&
	grep -x "ok 1 - one" out
'

test_expect_success 'a dropped && fails the test, and says so' '
	! run "false
	true" &&
	grep -x "not ok 1 - one" out &&
	grep "broken &&-chain" err
'

test_expect_success 'grep_maybe: nothing found passes, a missing file fails' '
	: >empty &&
	grep_maybe x empty &&
	! grep_maybe x "$TEST_DIR/not-there"
'

test_done
