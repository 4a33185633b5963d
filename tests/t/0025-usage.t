#!/bin/sh
# What the commands say and return when they are run wrong, by the full
# path a hook or a mail client uses: the exit statuses their man pages
# document, and messages that name the command, never its path.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
BIN="$CIVIL_BUILD/bin"

test_expect_success 'an unknown option: the command by name, usage, status 2' '
	for c in civil-scan civil-heated escalate-thread civil-remind; do
		test_expect_code 2 "$BIN/$c" --bogus 2>err &&
		head -n 1 err >first &&
		grep -x "$c: unrecognized option .--bogus." first &&
		grep "^Usage: $c " err &&
		! grep -F "$BIN" err || return 1
	done
'

test_expect_success 'civil-heated --format=xml: said, status 2' '
	test_expect_code 2 "$BIN/civil-heated" --format=xml 2>err &&
	grep -x "civil-heated: unknown format .xml. (want text or json)" err
'

test_expect_success 'escalate-thread with no thread: usage, status 2' '
	test_expect_code 2 "$BIN/escalate-thread" 2>err &&
	grep "^Usage: escalate-thread " err
'

test_expect_success 'no notmuch database: civil-heated and escalate-thread say so, status 1' '
	test_expect_code 1 env NOTMUCH_CONFIG=$HOME/nope "$BIN/civil-heated" 2>err &&
	test_line_count 1 err &&
	grep "^civil-heated: no notmuch database" err &&
	test_expect_code 1 env NOTMUCH_CONFIG=$HOME/nope "$BIN/escalate-thread" id:x@y 2>err &&
	grep "^escalate-thread: no notmuch database to find .id:x@y. in; use --mbox FILE" err
'

setup_notmuch
make_threads
notmuch new --quiet
test_expect_success 'civil-heated: none heated is status 0; a bad query is 1' '
	"$BIN/civil-heated" >out &&
	test ! -s out &&
	"$BIN/civil-heated" --format=json >out &&
	test "$(cat out)" = "[]" &&
	test_expect_code 1 "$BIN/civil-heated" "date:garbage.." 2>err &&
	test_line_count 1 err &&
	grep "^civil-heated: bad query" err
'
test_expect_success 'escalate-thread: a thread not there is status 1, a draft 0' '
	test_expect_code 1 "$BIN/escalate-thread" --stdout id:nowhere@x 2>err >out &&
	test ! -s out &&
	grep "^escalate-thread: " err &&
	"$BIN/escalate-thread" --stdout "id:hot-3@kernel-test.invalid" >out &&
	grep "^To: " out &&
	"$BIN/escalate-thread" --output draft.eml "id:hot-3@kernel-test.invalid" &&
	test_expect_code 1 "$BIN/escalate-thread" --output draft.eml "id:hot-3@kernel-test.invalid" 2>err &&
	grep "(--force replaces it)" err
'

test_done
