#!/bin/sh
# The test library itself: a test runs in a directory of its own or not
# at all.
. "$(dirname "$0")/lib.sh"

test_expect_success 'no temporary directory: the test stops, leaving nothing behind' '
	mkdir cwd && cd cwd &&
	write_script t.sh <<-EOF &&
	. "$CIVIL_SRC/tests/t/lib.sh"
	: >leftover
	EOF
	if GIT_CONFIG_GLOBAL="$TEST_DIR/gitconfig" TMPDIR="$TEST_DIR/none" \
		./t.sh >out 2>&1; then
		false
	fi &&
	ls >../list && test_line_count 2 ../list &&
	grep "^Bail out! can.t make a test directory under $TEST_DIR/none" out
'

test_done
