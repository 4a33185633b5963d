#!/bin/sh
# What the commands print reads as a person expects (issue 24 item 9): a
# reader that stops early ("| head") ends them quietly; civil-heated says
# when a thread it lists is not heated as a whole, and shows a folded
# subject as one line of words; notmuch's own full stop does not end a
# sentence of civil's in the middle.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
ID=kernel-test.invalid

# An mbox of n heated messages, each scored into a line of its own.
awk 'BEGIN {
	for (i = 1; i <= 1500; i++) {
		printf "From x Mon Mar  9 10:00:00 2026\n"
		printf "From: Rex <rex@kernel-test.invalid>\nSubject: s %d\n", i
		printf "Message-ID: <m-%d@kernel-test.invalid>\n", i
		printf "Date: Mon, 09 Mar 2026 10:00:00 +0000\n\n"
		printf "You clearly have no idea what you are doing.  You are an idiot.\n\n"
	}
}' >big.mbox

test_expect_success 'civil-scan --scores | head: the first line, and not a word more' '
	civil-scan --scores --mbox big.mbox 2>err | head -n 1 >out &&
	test_line_count 1 out &&
	grep "m-1@$ID" out &&
	test ! -s err
'

test_expect_success 'escalate-thread --stdout | head: quiet too' '
	escalate-thread --stdout --mbox big.mbox 2>err | head -n 1 >out &&
	test_line_count 1 out &&
	test ! -s err
'

setup_notmuch
make_threads
# One message about code, heated on its own words: the message is
# tagged, its thread is not heated.
mail code-1 "Re: drm: rework the fence" "Sam Dev <sam@kernel-test.invalid>" "" 9 <<-\EOF
Only an idiot would write this patch.
EOF
printf "From: Rex <rex@$ID>\nTo: l@$ID\nSubject: Re: a subject long enough that\n\tthe mailer folded it\nMessage-ID: <fold-1@$ID>\nDate: Mon, 09 Mar 2026 11:00:00 +0000\n\nYou clearly have no idea what you are doing.  You are an idiot.\n" |
	add_mail fold-1
notmuch new --quiet
civil-scan --apply "*"

test_expect_success 'civil-heated marks a listed thread that is not heated' '
	test "$(tags_of code-1)" = "heated new unread " &&
	civil-heated >out &&
	grep -A1 "^thread:.*  peak .*  (not a heated thread: 1 heated message)\$" out >code &&
	grep "^    drm: rework the fence\$" code &&
	grep -A1 "^thread:.*  peak [0-9.]*  ..#=#  ksummit.lists.kernel-test.invalid\$" out |
		grep "mm: speed up the fault path" &&
	civil-heated --format=json >json &&
	python3 - json <<-\PY
	import json, sys
	v = json.load(open(sys.argv[1]))
	by = {t["subject"]: t for t in v}
	assert by["drm: rework the fence"]["heated_thread"] is False, by
	assert by["[PATCH] mm: speed up the fault path"]["heated_thread"] is True, by
	PY
'

test_expect_success 'civil-heated: a folded subject is one line of words' '
	civil-heated "id:fold-1@$ID" >out &&
	grep -x "    a subject long enough that the mailer folded it" out &&
	civil-heated --format=json "id:fold-1@$ID" >json &&
	grep "\"subject\":\"a subject long enough that the mailer folded it\"" json
'

test_expect_success 'no notmuch database: notmuch'"'"'s sentence ends where civil'"'"'s goes on' '
	mkdir nohome &&
	test_expect_code 1 env -u NOTMUCH_CONFIG HOME="$PWD/nohome" \
		civil-install --notmuch 2>err &&
	grep "^civil-install: no notmuch database: .*; set notmuch up and run notmuch new first\$" err &&
	! grep "\.;" err
'

test_done
