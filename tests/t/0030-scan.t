#!/bin/sh
# civil-scan and civil-heated on a real notmuch database in a temporary HOME.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
HOLD="$CIVIL_BUILD/tests/hold-lock"
ID=kernel-test.invalid

setup_notmuch piped
make_threads
notmuch new --quiet
setup_notmuch applied
make_threads
notmuch new --quiet

test_cmp_dump() {
	grep -v "^#" "$1" | sort >"$1.sorted" &&
	grep -v "^#" "$2" | sort >"$2.sorted" &&
	test_cmp "$1.sorted" "$2.sorted"
}

test_expect_success 'civil-scan prints notmuch tag --batch lines for the heated' '
	civil-scan >lines &&
	grep -x "+heated -- id:\"hot-3@$ID\"" lines &&
	grep -x "+heated -- id:\"hot-5@$ID\"" lines &&
	grep "^+heated-thread -- thread:\"" lines &&
	test $(grep -c "^+heated " lines) -eq 2 &&
	! grep -e calm -e hot-4 -e hot-1 -e hot-2 lines
'

test_expect_success '--scores: SCORE, Message-ID and reasons, every message' '
	civil-scan --scores >scores &&
	test $(wc -l <scores) -eq 8 &&
	grep "^[0-9]*\.[0-9][0-9]	heated	hot-3@$ID	.*insult at a person .idiot." scores &&
	grep "^0\.[0-9][0-9]	calm	calm-1@$ID	\$" scores &&
	# the reply that quotes the insult and asks for calm is not heated
	grep "^[0-9]*\.[0-9][0-9]	\(calm\|sharp\)	hot-4@$ID	" scores
'

test_expect_success 'piping into notmuch tag --batch and --apply tag alike' '
	NOTMUCH_CONFIG=$HOME/.notmuch-config-piped civil-scan >batch &&
	NOTMUCH_CONFIG=$HOME/.notmuch-config-piped notmuch tag --batch <batch &&
	civil-scan --apply &&
	NOTMUCH_CONFIG=$HOME/.notmuch-config-piped notmuch dump --include=tags >a &&
	notmuch dump --include=tags >b &&
	test_cmp_dump a b &&
	test "$(tags_of hot-3)" = "heated heated-thread new unread " &&
	test "$(tags_of hot-1)" = "heated-thread new unread " &&
	test "$(tags_of calm-1)" = "new unread "
'

test_expect_success 'civil-heated shows tags that came through the pipe as heated, not as a person'"'"'s' '
	# the pipe carries tags only: a sharp message is not known as such
	NOTMUCH_CONFIG=$HOME/.notmuch-config-piped civil-heated >piped &&
	grep "\[5 msgs, 2 people\]  peak [0-9.]*  \.\.#\.#  " piped &&
	NOTMUCH_CONFIG=$HOME/.notmuch-config-piped civil-heated --explain |
		grep "^    id:" >piped &&
	civil-heated --explain | grep "^    id:" >applied &&
	grep "id:hot-3@$ID .* insult at a person .idiot." piped &&
	sort piped >piped.sorted && sort applied >applied.sorted &&
	test_cmp applied.sorted piped.sorted
'

test_expect_success '--apply keeps the score and reasons as properties' '
	notmuch dump --include=properties "id:hot-3@$ID" >props &&
	grep "civil.heat=" props &&
	grep "civil.reason=insult" props &&
	grep "civil.tagged=1" props
'

test_expect_success 'rescanning changes nothing' '
	notmuch dump --include=tags --include=properties >before &&
	civil-scan --apply &&
	civil-scan >again &&
	test ! -s again &&
	notmuch dump --include=tags --include=properties >after &&
	test_cmp before after &&
	# nor writes the same values again: a Xapian write each (the
	# database revision would move)
	civil-scan --apply "*" &&
	rev=$(notmuch count --lastmod "*" | cut -f3) &&
	civil-scan --apply "*" &&
	test "$(notmuch count --lastmod "*" | cut -f3)" = "$rev"
'

# At a terminal, where someone typed it and nothing else shows: one line
# of what was done; in a pipe or a hook, nothing.  And civil-heated with
# nothing to list says so there.
test_expect_success 'civil-scan --apply at a terminal: what it did in one line; civil-heated: that there is nothing' '
	SHELL=/bin/sh script -qec "civil-scan --apply \"*\"" /dev/null </dev/null | tr -d "\r" >out &&
	test "$(cat out)" = "8 scored, 2 heated, 1 heated thread" &&
	civil-scan --apply "*" >out &&
	test ! -s out &&
	SHELL=/bin/sh script -qec "civil-heated tag:nosuch" /dev/null </dev/null | tr -d "\r" >out &&
	test "$(cat out)" = "no heated thread matches '"'"'tag:nosuch'"'"'" &&
	civil-heated tag:nosuch >out &&
	test ! -s out &&
	setup_notmuch empty && notmuch new --quiet &&
	SHELL=/bin/sh script -qec "civil-heated" /dev/null </dev/null | tr -d "\r" >out &&
	test "$(cat out)" = "no heated threads"
'

test_expect_success 'a thread is judged alike from one message or from all of it' '
	notmuch tag -heated-thread "thread:{id:hot-1@$ID}" &&
	civil-scan "id:hot-1@$ID" >one &&
	civil-scan "thread:{id:hot-1@$ID}" >all &&
	test_line_count 1 one &&
	grep "^+heated-thread -- thread:" one &&
	grep -x -f one all &&
	test $(grep -c "^+heated " all) -eq 0 &&
	civil-scan --apply "id:hot-4@$ID" &&
	test "$(tags_of hot-4)" = "heated-thread new unread "
'

test_expect_success 'civil-heated: the heated thread, with why' '
	civil-heated >out &&
	test $(grep -c "^thread:" out) -eq 1 &&
	grep "\[5 msgs, 2 people\]  peak [0-9.]*  \.\.#=#  ksummit.lists.kernel-test.invalid" out &&
	grep "^    \[PATCH\] mm: speed up the fault path" out &&
	civil-heated --explain >why &&
	grep "id:hot-3@$ID  [0-9.]*  heated  insult at a person .idiot.: \"This is utter garbage and you are an idiot.\"" why &&
	grep "id:hot-3@$ID  [0-9.]*  heated  .*[Yy]ou clearly.*: \"You clearly have no idea what you are doing.\"" why &&
	grep "id:hot-5@$ID .*impatience .For the last time." why &&
	! grep hot-4 why &&
	# weightiest first, whatever order notmuch keeps properties in
	grep "id:hot-3@$ID" why | head -n 1 | grep " .idiot.: "
'

test_expect_success 'a thread a person tagged heated is found, and kept' '
	notmuch tag +heated "id:calm-2@$ID" &&
	civil-heated >out &&
	test $(grep -c "^thread:" out) -eq 2 &&
	grep "scheduling the plumbers BoF" out &&
	grep "\.!\." out &&
	civil-scan --apply "*" &&
	test "$(tags_of calm-2)" = "heated heated-thread new unread "
'

# One heated message in a thread that ran longer, under another subject:
# the first line gives the thread's own dates (first..last message) and
# its subject (the first message's), not those of the message matched.
test_expect_success 'civil-heated: the thread'"'"'s own dates and subject, not its heated message'"'"'s' '
	setup_notmuch dates &&
	mail dates-1 "[PATCH 0/2] sched: two changes" "Pat Author <pat@$ID>" "" 1 <<-\EOF &&
	Two small changes to the scheduler.
	EOF
	mail dates-2 "Re: [PATCH 2/2] sched: the second" "Rex Viewer <rex@$ID>" dates-1 4 <<-\EOF &&
	You are an idiot, and this is garbage.
	EOF
	mail dates-3 "Re: [PATCH 2/2] sched: the second" "Pat Author <pat@$ID>" dates-2 7 <<-\EOF &&
	Please keep it technical.
	EOF
	notmuch new --quiet &&
	notmuch tag +heated "id:dates-2@$ID" &&
	civil-heated >out &&
	head -n 1 out | grep "^thread:[0-9a-f]*  2026-03-01\.\.2026-03-07  \[3 msgs, 2 people\]" &&
	sed -n 2p out | grep -x "    \[PATCH 0/2\] sched: two changes" &&
	civil-heated --format=json >json &&
	python3 -c "
import json, sys
t = json.load(open(\"json\"))[0]
assert t[\"subject\"] == \"[PATCH 0/2] sched: two changes\", t
assert t[\"first\"] == 1772359200 and t[\"last\"] == 1772877600, t
assert t[\"timestamp\"] == t[\"last\"], t
"
'

test_expect_success 'civil-heated --format=json is shaped like notmuch search' '
	civil-heated --format=json --explain >json &&
	python3 - json <<-\PY
	import json, sys
	v = json.load(open(sys.argv[1]))
	assert len(v) == 2, v
	t = v[1] if "fault" in v[1]["subject"] else v[0]
	for k in ("thread", "timestamp", "date_relative", "matched", "total", "authors", "subject",
	          "query", "tags", "first", "last", "people", "lists", "peak",
	          "heated", "escalating", "strip", "passages"):
	    assert k in t, k
	assert t["total"] == 5 and t["strip"] == "..#=#", t
	assert t["date_relative"] == "2026-03-08", t
	assert any(p["match"] == "idiot" and p["target"] == "person"
	           and p["class"] == "heated" for p in t["passages"])
	PY
'

test_expect_success 'civil cools its own tag, never a person'"'"'s' '
	printf "model none\n" >"$HOME/mylex" &&
	git config --global civil.lexicon "~/mylex" &&
	civil-scan "*" >cool &&
	grep -x -- "-heated -- id:\"hot-3@$ID\"" cool &&
	civil-scan --apply "*" &&
	test "$(tags_of hot-3)" = "new unread " &&
	test "$(tags_of calm-2)" = "heated heated-thread new unread " &&
	git config --global --unset civil.lexicon &&
	civil-scan --apply "*" &&
	test "$(tags_of hot-3)" = "heated heated-thread new unread "
'

test_expect_success 'a thread that cools loses its thread tag; a person'"'"'s stays hot' '
	hot=$(notmuch search --output=threads "id:hot-1@$ID" | sed "s/^thread://") &&
	git config --global civil.threshold 4.9999 &&
	civil-scan "*" >cool &&
	grep -x -- "-heated-thread -- thread:\"$hot\"" cool &&
	test $(grep -c "heated-thread" cool) -eq 1 &&
	civil-scan --apply "*" &&
	test "$(tags_of hot-1)" = "new unread " &&
	test "$(tags_of hot-3)" = "new unread " &&
	test "$(tags_of calm-1)" = "heated-thread new unread " &&
	test "$(tags_of calm-2)" = "heated heated-thread new unread " &&
	civil-scan "*" >again &&
	test ! -s again &&
	git config --global civil.threshold 2.5 &&
	civil-scan --apply "*" &&
	test "$(tags_of hot-1)" = "heated-thread new unread " &&
	test "$(tags_of hot-3)" = "heated heated-thread new unread "
'

test_expect_success 'another writer holds the lock: civil-scan waits, then tags' '
	notmuch tag -heated "id:hot-5@$ID" &&
	notmuch restore --include=properties <<-EOF &&
	#= hot-5@$ID civil.heat=0.00
	EOF
	{ "$HOLD" "calm-3@$ID" 2 >held & } &&
	wait_for_file held &&
	civil-scan --apply "*" &&
	wait &&
	test "$(tags_of hot-5)" = "heated heated-thread new unread " &&
	tags_of calm-3 | grep -w held
'

test_expect_success 'held too long: civil-scan reports, changes nothing, loses nothing' '
	notmuch tag -heated "id:hot-5@$ID" &&
	notmuch dump --include=tags --include=properties >before &&
	printf "[civil]\nlock-timeout=1\n" >>"$NOTMUCH_CONFIG" &&
	rm -f held &&
	{ "$HOLD" "calm-1@$ID" 4 >held & } &&
	wait_for_file held &&
	{ civil-scan --apply "*" 2>err; status=$?; } &&
	wait &&
	sed -i "/^\[civil\]/,\$d" "$NOTMUCH_CONFIG" &&
	test $status -eq 75 &&
	test $(wc -l <err) -eq 1 &&
	grep "civil-scan: database .* is locked by another writer; gave up after 1 s" err &&
	notmuch dump --include=tags --include=properties >after &&
	grep -v calm-1 before >b && grep -v calm-1 after >a && test_cmp b a &&
	tags_of calm-1 | grep -w held &&
	notmuch count "*" >/dev/null
'

# A database notmuch can't open now for a reason Xapian gives (another
# process committing under the open, most often; here a version file
# that can't be read) is not "no database": civil tries again for
# civil.lock-timeout, then says notmuch's reason, with the "try again
# later" status; nothing changed.
test_expect_success 'a database Xapian cannot open: retried, then status 75 and notmuch'"'"'s reason' '
	glass=$(notmuch config get database.path)/.notmuch/xapian/iamglass &&
	notmuch dump --include=tags --include=properties >before &&
	printf "[civil]\nlock-timeout=1\n" >>"$NOTMUCH_CONFIG" &&
	mv "$glass" "$glass.keep" && echo "not a version file" >"$glass" &&
	# (The settings are then read from the config file alone, through
	# notmuch_database_load_config, which leaks in notmuch 0.37: the
	# suppression in tests/lsan.supp needs the slow unwinder to see it.)
	{ ASAN_OPTIONS=fast_unwind_on_malloc=0 civil-scan --apply "*" 2>err; status=$?; } &&
	{ ASAN_OPTIONS=fast_unwind_on_malloc=0 civil-heated 2>herr; hstatus=$?; } &&
	mv "$glass.keep" "$glass" &&
	sed -i "/^\[civil\]/,\$d" "$NOTMUCH_CONFIG" &&
	cat err herr &&
	test $status -eq 75 && test $hstatus -eq 75 &&
	test_line_count 1 err &&
	grep "^civil-scan: can.t open notmuch database: .*Xapian.*; gave up after 1 s$" err &&
	grep "^civil-heated: can.t open notmuch database: .*Xapian.*; gave up after 1 s$" herr &&
	notmuch dump --include=tags --include=properties >after &&
	test_cmp before after
'

test_expect_success 'a message file gone from disk: skipped, said, the rest scanned' '
	file=$(notmuch search --output=files "id:calm-3@$ID") &&
	mv "$file" "$HOME/calm-3.saved" &&
	{ civil-scan --scores "*" >scores 2>err; status=$?; } &&
	mv "$HOME/calm-3.saved" "$file" &&
	test $status -eq 3 &&
	grep "civil-scan: id:calm-3@$ID: can.t read .*; skipped" err &&
	grep "civil-scan: 1 of 8 messages skipped" err &&
	test $(wc -l <scores) -eq 7
'

test_expect_success 'a bad query and a missing database: one clear line, status 1' '
	test_expect_code 1 civil-scan "date:garbage.." 2>err &&
	test $(wc -l <err) -eq 1 &&
	grep "^civil-scan: bad query .date:garbage\.\.. in .$HOME/applied.: ." err &&
	test_expect_code 1 env NOTMUCH_CONFIG=$HOME/nope civil-scan 2>err &&
	test $(wc -l <err) -eq 1 &&
	grep "^civil-scan: " err &&
	test_expect_code 1 env NOTMUCH_CONFIG=$HOME/nope civil-heated 2>err &&
	test $(wc -l <err) -eq 1
'

test_expect_success 'huge, binary and undecodable mail is scanned or skipped, never fatal' '
	{ printf "From: big@x\nSubject: big\nMessage-ID: <big@$ID>\n\n"; yes "A calm line of text." | head -c 10485760; } | add_mail big &&
	{ printf "From: bin@x\nSubject: bin\nMessage-ID: <bin@$ID>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nYou idiot, see attached.\n--b\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"; head -c 30000 /dev/urandom | base64; printf "\n--b--\n"; } | add_mail bin &&
	{ printf "From: bad@x\nSubject: bad\nMessage-ID: <bad@$ID>\nContent-Type: text/plain; charset=x-nonsense\nContent-Transfer-Encoding: base64\n\n!!!not base64 at all\377\376\n"; } | add_mail bad &&
	notmuch new --quiet &&
	civil-scan --scores "id:big@$ID or id:bin@$ID or id:bad@$ID" >scores &&
	test $(wc -l <scores) -eq 3 &&
	grep "^[0-9.]*	heated	bin@$ID	insult at a person .idiot." scores
'

test_expect_success '--mbox scores what b4 mbox or lei q write' '
	notmuch show --format=mbox "thread:{id:hot-3@$ID}" >thread.mbox &&
	civil-scan --mbox thread.mbox >mlines &&
	grep -x "+heated -- id:\"hot-3@$ID\"" mlines &&
	test_line_count 2 mlines &&
	civil-scan --scores --mbox - <thread.mbox >mscores &&
	test_line_count 5 mscores &&
	printf "From nowhere\nnot mail at all\n\n" >broken.mbox &&
	cat thread.mbox >>broken.mbox &&
	test_expect_code 3 civil-scan --scores --mbox broken.mbox >mscores 2>err &&
	test $(wc -l <mscores) -eq 5 &&
	grep "not mail; skipped" err
'

test_expect_success 'civil-install --notmuch: post-new tags new mail, before the user hook' '
	hooks=$HOME/applied/.notmuch/hooks &&
	mkdir -p "$hooks" &&
	write_script "$hooks/post-new" <<-\EOF &&
	echo "user post-new ran" >>"$HOME/post-new.log"
	notmuch tag -new tag:new
	EOF
	cp "$hooks/post-new" "$HOME/user-post-new" &&
	notmuch tag -new "*" &&
	civil-install --notmuch >out &&
	grep "kept your post-new hook" out &&
	mail later-1 "Re: [PATCH] mm: speed up the fault path" "Rex Viewer <rex@kernel-test.invalid>" hot-5 9 <<-\EOF &&
	Shut up and learn to read, you moron.
	EOF
	notmuch new --quiet &&
	test "$(tags_of later-1)" = "heated heated-thread unread " &&
	grep "user post-new ran" "$HOME/post-new.log" &&
	civil-install --notmuch --uninstall &&
	test_cmp "$HOME/user-post-new" "$hooks/post-new"
'

test_expect_success 'civil-heated --format=json: date_relative as notmuch writes it' '
	setup_notmuch recent &&
	{
		printf "From: Rex Viewer <rex@$ID>\nSubject: Re: recent\n"
		printf "Message-ID: <recent-1@$ID>\nDate: %s\n\n" "$(date -R -d "-30 min")"
		printf "You are an idiot.\n"
	} | add_mail recent-1 &&
	notmuch new --quiet &&
	civil-scan --apply "*" &&
	TZ=UTC civil-heated --format=json >json &&
	python3 - json <<-\PY &&
	import json, re, sys
	v = json.load(open(sys.argv[1]))
	assert re.fullmatch(r"(29|30|31) mins\. ago", v[0]["date_relative"]), v
	PY
	notmuch search --format=json "*" >nm.json &&
	python3 - nm.json json <<-\PY
	import json, sys
	nm = json.load(open(sys.argv[1]))[0]
	civil = json.load(open(sys.argv[2]))[0]
	assert list(civil)[:9] == list(nm)[:9], (list(civil), list(nm))
	PY
'

# Message-IDs without angle brackets reach notmuch as they are, TABs and
# control characters in them; a decoded Subject may hold CR LF.
test_expect_success 'control characters in ids and subjects never break a line of output' '
	setup_notmuch odd &&
	printf "From: a@kernel-test.invalid\nSubject: x\nMessage-ID: tab\there@$ID\n\nYou idiot!\n" | add_mail tab &&
	printf "From: b@kernel-test.invalid\nSubject: x\nMessage-ID: ctl\001here@$ID\n\nYou moron!\n" | add_mail ctl &&
	printf "From: c@kernel-test.invalid\nSubject: =?utf-8?q?trick=0D=0Athread:0000000000000fff__fake?=\nMessage-ID: <subj@$ID>\n\nYou idiot!\n" | add_mail subj &&
	notmuch new --quiet &&
	civil-scan --scores "*" >odd-scores &&
	test_line_count 3 odd-scores &&
	awk -F "\t" "NF != 4 { print \"bad: \" \$0; bad = 1 } END { exit bad }" odd-scores &&
	grep -F "	tab\\there@$ID	" odd-scores &&
	grep -F "	ctl\\x01here@$ID	" odd-scores &&
	civil-scan "*" >odd-lines &&
	grep -c "^+heated -- " odd-lines >n && test "$(cat n)" -eq 3 &&
	notmuch tag --batch <odd-lines &&
	test $(notmuch count tag:heated) -eq 3 &&
	civil-heated --explain >odd-heated &&
	test $(grep -c "^thread:" odd-heated) -eq 3 &&
	! grep "^thread:0000000000000fff" odd-heated &&
	grep -F "    id:tab\\there@$ID  " odd-heated &&
	civil-heated --explain --format=json >odd.json &&
	python3 -c "import json,sys; v=json.load(open(sys.argv[1])); assert len(v) == 3; assert any(\"\\r\\n\" in t[\"subject\"] for t in v)" odd.json
'

# With no query, civil-scan scores what changed since its last --apply: a
# message it had to skip must still be found by the next such scan.
test_expect_success 'a message skipped by a scan since the last is scored by the next one' '
	setup_notmuch since &&
	make_threads &&
	notmuch new --quiet &&
	civil-scan --apply 2>err &&
	mail late-1 "Re: the flush rework" "Al <al@$ID>" <<-\EOF &&
	You clearly have no idea what you are doing.  This is garbage.
	EOF
	notmuch new --quiet &&
	file=$(notmuch search --output=files "id:late-1@$ID") &&
	mv "$file" "$HOME/late-1.saved" &&
	{ civil-scan --apply 2>err; status=$?; } &&
	mv "$HOME/late-1.saved" "$file" &&
	test $status -eq 3 &&
	grep "id:late-1@$ID: can.t read" err &&
	test "$(tags_of late-1)" = "new unread " &&
	civil-scan --apply &&
	test "$(tags_of late-1)" = "heated new unread "
'

test_done
