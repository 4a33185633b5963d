#!/bin/sh
# escalate-thread: a private draft to the contact, from a real notmuch
# database in a temporary HOME, parsed back and handed to git send-email.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
need_tool 'git send-email' 'git send-email --dump-aliases'
ID=kernel-test.invalid
setup_notmuch
make_threads
notmuch new --quiet
civil-scan --apply "*"
HOT="thread:$(notmuch search --output=threads "id:hot-3@$ID" | sed s/thread://)"

# parse FILE PYTHON - run python on the parsed draft (variable "m").
parse() {
	python3 - "$1" <<-PY
	import email, email.policy, mailbox, sys, io
	m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
	$2
	PY
}

# attachment FILE - the draft's attachment, decoded, into FILE.att.
attachment() {
	parse "$1" "
att = [p for p in m.iter_attachments()][0]
open(\"$1.att\", \"wb\").write(att.get_payload(decode=True))
"
}

test_expect_success 'outside a repository: to the built-in contact, mode 0600' '
	escalate-thread --output draft.eml "$HOT" >out &&
	grep "a draft to <tab@lists.linux-foundation.org> is in draft.eml; nothing was sent" out &&
	test "$(stat -c %a draft.eml)" = 600 &&
	tr "\n" " " <draft.eml | grep "because it was made outside any git tree, so it is civil.s built-in fallback: the contact of the kernel.s 2015 Code of Conflict, which may not be the project.s" &&
	! grep -i "^X-Notmuch-Emacs-Draft" draft.eml &&
	parse draft.eml "
rcpt = m.get_all(\"To\", []) + m.get_all(\"Cc\", []) + m.get_all(\"Bcc\", [])
assert [a.addr_spec for h in rcpt for a in h.addresses] == [\"tab@lists.linux-foundation.org\"], rcpt
for h in (\"Cc\", \"Bcc\", \"In-Reply-To\", \"References\"):
    assert h not in m, h
assert m[\"From\"].addresses[0].addr_spec == \"reviewer@kernel-test.invalid\"
assert m[\"Subject\"] == \"Code of Conflict: request for help with thread \\\"[PATCH] mm: speed up the fault path\\\"\", m[\"Subject\"]
assert m[\"Message-ID\"] and m[\"Date\"]
"
'

test_expect_success 'every message linked, the heated ones quoted, the code quoted' '
	parse draft.eml "
body = m.get_body((\"plain\",)).get_content()
for i in range(1, 6):
    assert \"https://lore.kernel.org/r/hot-%d@kernel-test.invalid\" % i in body, i
assert \"  > and you are an idiot.\" in body
assert \"Please keep it technical\" not in body.split(\"-- Passages of concern --\")[1]
assert \"that is not acceptable.\" in body
assert \"Dear Technical Advisory Board,\" in body
assert \"built-in fallback\" in \" \".join(body.split())
print(body)
" >body &&
	grep "^Messages:  5\$" body &&
	grep "^People:    Pat Author <pat@kernel-test.invalid> (2)," body &&
	grep "^           Rex Viewer <rex@kernel-test.invalid> (3)\$" body
'

# mailbox.mbox reads only a file by its name: the attachment is written
# to one first.  ids_in FILE - the Message-IDs of the mbox FILE, sorted.
ids_in() {
	python3 -c "
import mailbox, sys
print(\" \".join(sorted(m[\"Message-ID\"] for m in mailbox.mbox(sys.argv[1]))))
" "$1"
}

# hot-3 and hot-5 are heated: attached with what they answer (hot-2,
# hot-4) and the replies to them (hot-4); hot-1 is linked, not attached.
test_expect_success 'the attachment holds the passages'"'"' messages, their parents and replies' '
	parse draft.eml "
att = [p for p in m.iter_attachments()][0]
assert att.get_content_type() == \"application/mbox\", att.get_content_type()
data = att.get_payload(decode=True)
open(\"att.mbox\", \"wb\").write(data)
body = m.get_body((\"plain\",)).get_content()
assert \"hot-1@kernel-test.invalid  (attached)\" not in body, body
for i in (2, 3, 4, 5):
    assert \"hot-%d@kernel-test.invalid  (attached)\" % i in body, body
" &&
	test "$(ids_in att.mbox)" = "<hot-2@$ID> <hot-3@$ID> <hot-4@$ID> <hot-5@$ID>" &&
	for i in 1 2 3 4 5; do
		notmuch show --format=raw "id:hot-$i@$ID" >"hot-$i.raw" || return 1
	done &&
	python3 -c "
import mailbox
box = mailbox.mbox(\"att.mbox\")
for key in box.keys():
    got = box.get_bytes(key)
    n = box[key][\"Message-ID\"].split(\"@\")[0].split(\"-\")[1]
    want = open(\"hot-%s.raw\" % n, \"rb\").read()
    assert got.rstrip(b\"\\n\") == want.rstrip(b\"\\n\"), (n, got, want)
"
'

test_expect_success '--all attaches every message of the thread' '
	escalate-thread --all --stdout "$HOT" >all.eml &&
	attachment all.eml &&
	test "$(ids_in all.eml.att)" = "<hot-1@$ID> <hot-2@$ID> <hot-3@$ID> <hot-4@$ID> <hot-5@$ID>" &&
	! grep "(attached)" all.eml &&
	test_expect_code 2 escalate-thread --all --only-selected --message "hot-3@$ID" --stdout "$HOT" 2>err
'

# The text is for the board: the sender's words, who wrote them, when,
# and where they are; never civil's scores or its names for them.
test_expect_success 'the passages are quotations with author, date and link; no civil internals' '
	parse draft.eml "
body = m.get_body((\"plain\",)).get_content()
concern = body.split(\"-- Passages of concern --\")[1].split(\"-- The code --\")[0]
want = (\"* Rex Viewer, 2026-03-06 10:00 UTC:\\n\"
        \"  https://lore.kernel.org/r/hot-3@kernel-test.invalid\\n\"
        \"  > You clearly have no idea what you are doing.  This is utter garbage\\n\"
        \"  > and you are an idiot.\\n\")
assert want in concern, concern
assert concern.index(\"hot-3@\") < concern.index(\"hot-5@\"), concern
for word in (\"score\", \"model\", \"insult\", \"contempt\", \"condescension\", \"impatience\", \"11.98\", \"tagged heated\"):
    assert word not in body, word
"
'

test_expect_success '--explain: the reasons go to the reporter, not into the draft' '
	escalate-thread --explain --stdout "$HOT" >ex.eml 2>why &&
	grep "^id:hot-3@$ID  2026-03-06 10:00 UTC  of concern: tagged heated in notmuch, and heated to civil (score [0-9.]*, threshold 2.50)\$" why &&
	grep "^    heated: insult at a person .idiot.: \"This is utter garbage and you are an idiot.\"\$" why &&
	grep "^2 of 5 messages of concern; 4 attached (--all attaches every one)\$" why &&
	! grep -a "insult" ex.eml &&
	escalate-thread --explain --output ex2.eml "$HOT" >out &&
	grep "^id:hot-5@$ID  .*of concern" out &&
	grep "is in ex2.eml; nothing was sent" out
'

# A thread of 300 messages written for this test, each a few kilobytes
# of calm text, two of them heated (150 and 151): the draft carries
# those, what they answer and the replies, and links the rest.
awk 'BEGIN {
	for (i = 1; i <= 300; i++) {
		printf "From x Mon Mar  2 10:00:00 2026\n"
		printf "From: Dev %d <dev%d@kernel-test.invalid>\n", i % 7, i % 7
		printf "Subject: Re: [PATCH] mm: a long discussion\n"
		printf "Message-ID: <long-%d@kernel-test.invalid>\n", i
		if (i > 1)
			printf "In-Reply-To: <long-%d@kernel-test.invalid>\n", i - 1
		printf "Date: Mon, 02 Mar 2026 %02d:%02d:00 +0000\n\n", int(i / 60), i % 60
		if (i == 150)
			print "You clearly have no idea what you are doing.  You are an idiot."
		else if (i == 151)
			print "Shut up, you moron.  Nobody wants your garbage here."
		else
			for (l = 0; l < 50; l++)
				print "The fault path takes the lock once per page, and the numbers above show it."
		print ""
	}
}' >long.mbox

test_expect_success 'a 300-message thread: a draft of its passages, not of the whole thread' '
	escalate-thread --stdout --mbox long.mbox >long.eml 2>err &&
	escalate-thread --stdout --all --mbox long.mbox >long-all.eml 2>err &&
	size=$(wc -c <long.eml) && all=$(wc -c <long-all.eml) &&
	echo "draft $size bytes, with --all $all" &&
	test "$size" -lt 150000 && test "$all" -gt 1000000 &&
	attachment long.eml &&
	test "$(ids_in long.eml.att)" = "<long-149@$ID> <long-150@$ID> <long-151@$ID> <long-152@$ID>" &&
	grep "^Messages:  300\$" long.eml &&
	test $(grep -c "^     https://lore.kernel.org/r/long-" long.eml) -eq 300
'

# Nothing heated and nothing picked (90 calm messages): not the whole
# thread, but its first message and the last five, every one linked; an
# intro that speaks of no passage; and the reporter told how to pick.
awk 'BEGIN {
	for (i = 1; i <= 90; i++) {
		printf "From x Mon Mar  2 10:00:00 2026\n"
		printf "From: Dev %d <dev%d@kernel-test.invalid>\n", i % 5, i % 5
		printf "Subject: Re: [PATCH] mm: a calm discussion\n"
		printf "Message-ID: <calm-long-%d@kernel-test.invalid>\n", i
		if (i > 1)
			printf "In-Reply-To: <calm-long-%d@kernel-test.invalid>\n", i - 1
		printf "Date: Mon, 02 Mar 2026 %02d:%02d:00 +0000\n\n", int(i / 60), i % 60
		for (l = 0; l < 50; l++)
			print "The fault path takes the lock once per page, and the numbers above show it."
		print ""
	}
}' >calm-long.mbox

test_expect_success 'no passage: the first message and the last five attached, the rest linked, and how to pick' '
	escalate-thread --stdout --mbox calm-long.mbox >calm.eml 2>err &&
	grep -x "escalate-thread: no message of the thread is heated or picked: the draft quotes none and attaches 6 of its 90 (the first and the last); to quote the ones that concern you, name them: --message ID (again for each)" err &&
	attachment calm.eml &&
	test "$(ids_in calm.eml.att)" = "<calm-long-1@$ID> <calm-long-86@$ID> <calm-long-87@$ID> <calm-long-88@$ID> <calm-long-89@$ID> <calm-long-90@$ID>" &&
	test $(grep -c "^     https://lore.kernel.org/r/calm-long-" calm.eml) -eq 90 &&
	test "$(wc -c <calm.eml)" -lt 60000 &&
	parse calm.eml "
body = \" \".join(m.get_body((\"plain\",)).get_content().split())
assert \"passage\" not in body.lower(), body
assert \"[of concern]\" not in body
assert \"The thread is summarised here and every message is linked; its first message and the last 5 are attached as an mbox\" in body, body
" &&
	escalate-thread --stdout --all --mbox calm-long.mbox >calm-all.eml 2>err &&
	attachment calm-all.eml &&
	test $(ids_in calm-all.eml.att | wc -w) -eq 90 &&
	escalate-thread --stdout --message "calm-long-40@$ID" --mbox calm-long.mbox >calm-picked.eml 2>err &&
	! grep "no message of the thread" err &&
	grep "^  https://lore.kernel.org/r/calm-long-40@$ID\$" calm-picked.eml
'

test_expect_success 'one place for the draft: --output, --stdout or --notmuch' '
	test_expect_code 2 escalate-thread --stdout --output both.eml "$HOT" >out 2>err &&
	test ! -e both.eml && test ! -s out &&
	grep -x "escalate-thread: --output, --stdout and --notmuch are one or the other: where the draft goes" err &&
	grep "^Usage: escalate-thread" err &&
	test_expect_code 2 escalate-thread --notmuch --stdout "$HOT" >out 2>err &&
	test ! -s out
'

# The reader took civil's tag off hot-5: on every route the draft leaves
# it out, and quotes what the reader still holds heated.
test_expect_success 'the reader'"'"'s verdict wins: a message tagged -heated is not quoted, from notmuch or --mbox' '
	notmuch tag -heated "id:hot-5@$ID" &&
	notmuch show --format=mbox "$HOT" >verdict.mbox &&
	escalate-thread --stdout "$HOT" >v-db.eml &&
	escalate-thread --stdout --mbox verdict.mbox >v-mbox.eml &&
	escalate-thread --stdout --explain --mbox verdict.mbox 2>why >/dev/null &&
	notmuch tag +heated "id:hot-5@$ID" &&
	for f in v-db.eml v-mbox.eml; do
		parse $f "
body = m.get_body((\"plain\",)).get_content()
concern = body.split(\"-- Passages of concern --\")[1]
assert \"and you are an idiot.\" in concern, concern
assert \"For the last time\" not in concern, concern
assert \"hot-5@kernel-test.invalid  [of concern]\" not in body, body
" || return 1
	done &&
	grep "^id:hot-5@$ID  .*left out: you hold it calm" why
'

test_expect_success '--mbox of mail notmuch does not hold: civil'"'"'s score decides, and --explain says so' '
	escalate-thread --stdout --explain --mbox long.mbox 2>why >/dev/null &&
	grep -x "escalate-thread: 300 of 300 messages are not in your notmuch database: civil.s score alone decides for them" why &&
	grep "^id:long-150@$ID  .*of concern: heated to civil" why
'

test_expect_success 'never overwrites without --force' '
	echo mine >kept.eml &&
	test_expect_code 1 escalate-thread --output kept.eml "$HOT" 2>err &&
	test "$(cat kept.eml)" = mine &&
	grep "can.t write .kept.eml.: File exists (--force replaces it)" err &&
	escalate-thread --force --output kept.eml "$HOT" >/dev/null &&
	grep -q "^To: tab@lists.linux-foundation.org" kept.eml
'

test_expect_success 'git send-email --dry-run, as the hint says: only the contact' '
	git send-email --suppress-cc=all --dry-run --confirm=never --smtp-server="$TEST_DIR/fake.sendmail" \
		--from="Re Viewer <reviewer@kernel-test.invalid>" draft.eml >dry 2>&1 &&
	grep "^Dry-OK\\|^Dry-Sent" dry &&
	grep "^Sendmail: .*fake.sendmail -i tab@lists.linux-foundation.org\$" dry &&
	! grep -e "rex@" -e "pat@" -e "ksummit@" -e "^Cc:" dry &&
	test $(sent_count) -eq 0
'

# The draft as escalate-thread writes it is not finished: the real git
# send-email (through civil's hook) and civil-sendmail refuse it, with one
# line saying why, and send nothing; once the sender has written in place
# of the placeholder it goes.  A reply that quotes the placeholder goes.
test_expect_success 'an unfinished draft does not go out: git send-email and civil-sendmail' '
	make_kernel_repo tree &&
	(cd tree && civil-install --git >/dev/null) &&
	(cd tree && escalate-thread --output ../unfinished.eml "$HOT" >/dev/null) &&
	grep "^\[ Please write here, in your own words" unfinished.eml &&
	grep -x "Dear review board," unfinished.eml &&
	reset_sent &&
	(
		cd tree &&
		! git send-email --confirm=never --suppress-cc=all \
			--smtp-server="$TEST_DIR/fake.sendmail" ../unfinished.eml >../out 2>../err
	) &&
	grep "rejected by sendemail-validate hook" err &&
	test $(sent_count) -eq 0 &&
	grep -x "civil-remind: not sending .*unfinished.eml.: an escalation draft that still holds its placeholder \"\[ Please write here, ... \]\": write your own words there, then send it" err &&
	test $(grep -c "^civil-" err) -eq 1 &&
	test_expect_code 65 env GIT_CONFIG_GLOBAL="$HOME/.gitconfig" sh -c "cd tree && git config civil.sendmail \"$TEST_DIR/fake.sendmail\" && civil-sendmail $TEST_CONTACT <../unfinished.eml" 2>err &&
	test $(sent_count) -eq 0 &&
	test "$(cat err)" = "civil-sendmail: not sent: an escalation draft that still holds its placeholder \"[ Please write here, ... ]\": write your own words there, then send it" &&
	(cd tree && civil-remind --dry-run ../unfinished.eml) >dry &&
	grep "unfinished.eml: would not be sent: an escalation draft" dry &&
	sed "s/^\[ Please write here.*/I was called an idiot in review, and I would like it to stop./" \
		unfinished.eml >finished.eml &&
	(
		cd tree &&
		git send-email --confirm=never --suppress-cc=all \
			--smtp-server="$TEST_DIR/fake.sendmail" ../finished.eml >../out 2>../err &&
		civil-sendmail $TEST_CONTACT <../finished.eml
	) &&
	test $(sent_count) -eq 2 &&
	grep "^To: $TEST_CONTACT" "$SENT/msg1" &&
	grep "^I was called an idiot in review" "$SENT/msg1" "$SENT/msg2" &&
	{
		printf "From: Re Viewer <reviewer@kernel-test.invalid>\nTo: $TEST_CONTACT\n"
		printf "Subject: Re: a draft\nIn-Reply-To: <d@kernel-test.invalid>\n\n"
		printf "On Mon, Pat wrote:\n"
		sed -n "/^\[ Please write here/,/happen\. \]/s/^/> /p" unfinished.eml
		printf "\nYes, write there first.\n"
	} >reply.eml &&
	grep "^> \[ Please write here" reply.eml &&
	(cd tree && civil-sendmail $TEST_CONTACT <../reply.eml) &&
	test $(sent_count) -eq 3
'

# (What the test before set up, undone whether it passed or not.)
test_expect_success 'the hook uninstalled again' '
	(cd tree && civil-install --git --uninstall >/dev/null) &&
	test -z "$(git config --global civil.repository)" &&
	reset_sent
'

test_expect_success '--notmuch: a draft in the drafts folder, outside the thread' '
	escalate-thread --notmuch "id:hot-3@$ID" >out &&
	draft=$(sed -n "s/^  id://p" out) &&
	test -n "$draft" &&
	test "$(notmuch search --output=messages "folder:drafts and tag:draft")" = "id:$draft" &&
	! notmuch search --output=messages "$HOT" | grep -F "$draft" &&
	notmuch show --format=raw "id:$draft" | grep -q "^X-Notmuch-Emacs-Draft: True" &&
	grep "git send-email .*/drafts/" out &&
	test $(sent_count) -eq 0
'

test_expect_success 'by default, with notmuch configured, the draft goes to notmuch' '
	escalate-thread "hot-5@$ID" >out &&
	grep "is in notmuch (folder drafts, tag draft)" out &&
	test $(notmuch count "folder:drafts and tag:draft") -eq 2
'

test_expect_success 'a lore URL names the thread too; --message picks passages' '
	escalate-thread --stdout --message "id:hot-2@$ID" \
		"https://lore.kernel.org/r/hot-1@$ID/T/#u" >picked.eml &&
	parse picked.eml "
body = m.get_body((\"plain\",)).get_content()
concern = body.split(\"-- Passages of concern --\")[1]
assert \"This breaks the locking rules\" in concern
assert \"idiot\" not in concern
"
'

# A '"' in a Message-ID is doubled in a notmuch quoted term; written
# as it is, the query ends early and names nothing (or fails).

test_expect_success 'a Message-ID with a quote: named, picked and searched for' '
	{
		printf "From: Pat Author <pat@kernel-test.invalid>\n"
		printf "Subject: odd ids\nMessage-ID: <we\"ird-1@$ID>\n"
		printf "Date: Mon, 09 Mar 2026 12:00:00 +0000\n\n"
		printf "Here is the odd one.\n"
	} | add_mail quote-1 &&
	{
		printf "From: Rex Viewer <rex@kernel-test.invalid>\n"
		printf "Subject: Re: odd ids\nMessage-ID: <\"odd\"-2@$ID>\n"
		printf "In-Reply-To: <we\"ird-1@$ID>\n"
		printf "Date: Mon, 09 Mar 2026 13:00:00 +0000\n\n"
		printf "You are an idiot, this is garbage.\n"
	} | add_mail quote-2 &&
	notmuch new --quiet &&
	notmuch search --output=messages "id:\"we\"\"ird-1@$ID\"" >found &&
	test "$(cat found)" = "id:we\"ird-1@$ID" &&
	escalate-thread --stdout "<we\"ird-1@$ID>" >q1.eml &&
	grep "^Messages:  2\$" q1.eml &&
	escalate-thread --stdout --only-selected \
		--message "id:\"we\"\"ird-1@$ID\"" --message "<\"odd\"-2@$ID>" \
		"id:\"\"\"odd\"\"-2@$ID\"" >q2.eml &&
	attachment q2.eml &&
	grep -F -x "Message-ID: <we\"ird-1@$ID>" q2.eml.att &&
	grep -F -x "Message-ID: <\"odd\"-2@$ID>" q2.eml.att &&
	escalate-thread --stdout --only-selected --message "we\"ird-1@$ID" \
		"<we\"ird-1@$ID>" >q3.eml &&
	attachment q3.eml &&
	grep -F -x "Message-ID: <we\"ird-1@$ID>" q3.eml.att &&
	! grep -F "odd\"-2" q3.eml.att
'

test_expect_success '--notmuch finds its draft by a Message-ID with a quote' '
	write_script quote-editor <<-EOF &&
	sed -i "s/^Message-I[Dd]: .*/Message-ID: <dr\"aft-1@$ID>/" "\$1"
	EOF
	EDITOR="$PWD/quote-editor" escalate-thread --edit --notmuch \
		"id:\"we\"\"ird-1@$ID\"" >out &&
	grep -x "  id:dr\"aft-1@$ID" out &&
	file=$(sed -n 3p out | sed "s/^  //") &&
	test -n "$file" && test -f "$file" &&
	grep "^Message-I[Dd]: <dr\"aft-1@$ID>" "$file" &&
	grep -x "  git send-email: git send-email --suppress-cc=all $file" out
'

test_expect_success 'a repository with a code of conduct: its contact, its file and blob' '
	git init -q repo && mkdir -p repo/Documentation/process &&
	printf "Report it to the Code of Conduct\nCommittee at <conduct@kernel.org>.\nThat is not acceptable.\n" \
		>repo/Documentation/process/code-of-conduct.rst &&
	git -C repo add . && git -C repo commit -q -m coc &&
	blob=$(git -C repo rev-parse HEAD:Documentation/process/code-of-conduct.rst | cut -c1-12) &&
	commit=$(git -C repo rev-parse HEAD | cut -c1-12) &&
	(cd repo && escalate-thread --stdout "$HOT") >coc.eml &&
	grep "^To: conduct@kernel.org" coc.eml &&
	grep "^Subject: Code of Conduct: request for help" coc.eml &&
	parse coc.eml "
body = m.get_body((\"plain\",)).get_content()
body = \" \".join(body.split())
assert \"because Documentation/process/code-of-conduct.rst (blob $blob, commit $commit) names that address.\" in body, body
assert \"Dear Code of Conduct Committee,\" in body
" &&
	! grep -e "$TEST_DIR" -e "repo/\.git" -e "\.git/" coc.eml &&
	git -C repo config civil.contact other@kernel-test.invalid &&
	(cd repo && escalate-thread --stdout "$HOT") >cfg.eml &&
	grep "^To: other@kernel-test.invalid" cfg.eml &&
	parse cfg.eml "
body = \" \".join(m.get_body((\"plain\",)).get_content().split())
assert \"git config civil.contact is set to it\" in body
"
'

test_expect_success 'reporter from notmuch when git has no user.email' '
	git config --global --unset user.email &&
	escalate-thread --stdout "$HOT" >nm.eml &&
	git config --global user.email reviewer@kernel-test.invalid &&
	grep "^From: Re Viewer <reviewer@kernel-test.invalid>" nm.eml
'

test_expect_success '--edit: the reporter writes before it is stored' '
	write_script editor <<-\EOF &&
	sed -i "s/^\[ Please write here.*/I was called an idiot in review./" "$1"
	EOF
	EDITOR="$PWD/editor" escalate-thread --edit --output edited.eml "$HOT" >/dev/null &&
	grep "I was called an idiot in review." edited.eml &&
	grep "^To: tab@lists.linux-foundation.org" edited.eml
'

test_expect_success 'bad names: nothing, several threads, not in the database' '
	test_expect_code 1 escalate-thread --stdout "id:nosuch@$ID" >/dev/null 2>err &&
	grep "escalate-thread: .id:nosuch@$ID. matches no message" err &&
	test_expect_code 1 escalate-thread --stdout "*" >/dev/null 2>err &&
	grep "matches [0-9]* threads; name one" err &&
	test_expect_code 1 escalate-thread --stdout "https://lore.kernel.org/all/" >/dev/null 2>err &&
	grep "no Message-ID in" err
'

# The environment follows the arguments in memory: a parse that reads past
# "http://" finds A's value there and takes its '@' for a Message-ID.
test_expect_success 'a URL that is only a scheme: no Message-ID, nothing read past it' '
	for url in http:// https://; do
		test_expect_code 1 env -i "A=/leak@$ID/" HOME="$HOME" PATH="$PATH" \
			NOTMUCH_CONFIG="$NOTMUCH_CONFIG" G_SLICE=always-malloc \
			LSAN_OPTIONS="$LSAN_OPTIONS" UBSAN_OPTIONS="$UBSAN_OPTIONS" \
			escalate-thread --stdout "$url" >out 2>err &&
		test ! -s out &&
		grep -x "escalate-thread: no Message-ID in .$url." err ||
		{ cat err; return 1; }
	done
'

test_expect_success 'a message file gone: the draft says so and goes on' '
	file=$(notmuch search --output=files "id:hot-2@$ID") &&
	mv "$file" "$TEST_DIR/hot-2.saved" &&
	escalate-thread --stdout "$HOT" >gone.eml 2>err &&
	mv "$TEST_DIR/hot-2.saved" "$file" &&
	grep "escalate-thread: id:hot-2@$ID: its file is missing" err &&
	grep "hot-2@$ID  (its file is missing here; see the archive)" gone.eml
'

test_expect_success 'header tricks from mail stay in the body' '
	{
		printf "From: =?utf-8?q?Eve=0D=0ABcc:_x@evil.invalid?= <eve@kernel-test.invalid>\n"
		printf "Subject: =?utf-8?q?trick=0D=0ABcc:_y@evil.invalid?=\r\nCc: z@evil.invalid\n"
		printf "Message-ID: <evil-1@$ID>\nDate: Mon, 09 Mar 2026 10:00:00 +0000\n\n"
		printf "You idiot.\000\nMore.\n"
	} | add_mail evil-1 &&
	notmuch new --quiet &&
	escalate-thread --stdout "id:evil-1@$ID" >evil.eml &&
	sed "/^\$/q" evil.eml >headers &&
	! grep -i "^bcc:" headers && ! grep -i "^cc:" headers &&
	parse evil.eml "
rcpt = [a.addr_spec for h in m.get_all(\"To\", []) + m.get_all(\"Cc\", []) + m.get_all(\"Bcc\", []) for a in h.addresses]
assert rcpt == [\"tab@lists.linux-foundation.org\"], rcpt
assert \"y@evil.invalid\" in m[\"Subject\"]
"
'

# An encoded word whose text is another encoded word, decoding to CR LF
# and a header: in the Subject, and in the From display name.
test_expect_success 'encoded words inside encoded words stay on one line' '
	{
		inner=$(printf "Eve\r\nBcc: v@evil.example" | base64 -w0) &&
		printf "From: =?UTF-8?B?%s?= <eve@kernel-test.invalid>\n" \
			"$(printf "=?UTF-8?B?%s?=" "$inner" | base64 -w0)" &&
		inner=$(printf "\r\nBcc: v@evil.example" | base64 -w0) &&
		printf "Subject: =?UTF-8?B?%s?=\n" \
			"$(printf "trick =?UTF-8?B?%s?=" "$inner" | base64 -w0)" &&
		printf "Message-ID: <nested-1@$ID>\nDate: Mon, 09 Mar 2026 11:00:00 +0000\n\n" &&
		printf "You idiot.\n"
	} >nested-1.eml &&
	add_mail nested-1 <nested-1.eml &&
	notmuch new --quiet &&
	escalate-thread --stdout "id:nested-1@$ID" >nested-db.eml &&
	escalate-thread --stdout --mbox nested-1.eml >nested-mbox.eml &&
	for draft in nested-db.eml nested-mbox.eml; do
		parse $draft "
from email.header import decode_header, make_header
def decoded(v):
    for _ in range(10):
        d = str(make_header(decode_header(v)))
        if d == v:
            return d
        v = d
    raise Exception(\"no fixed point: \" + v)
for k, v in m.items():
    assert len(decoded(str(v)).splitlines()) == 1, (k, decoded(str(v)))
rcpt = [a.addr_spec for h in m.get_all(\"To\", []) + m.get_all(\"Cc\", []) + m.get_all(\"Bcc\", []) for a in h.addresses]
assert rcpt == [\"tab@lists.linux-foundation.org\"], rcpt
body = m.get_body((\"plain\",)).get_content()
bad = [l for l in body.splitlines() if l.lower().startswith(\"bcc:\")]
assert not bad, bad
assert \"Bcc: v@evil.example\" in decoded(str(m[\"Subject\"]))
" || return 1
	done
'

# A thread written for this test whose sentences hold initials,
# abbreviations, a version and a path, broken over lines; the last
# message quoted-printable (a soft line break and UTF-8 that only
# decoding shows), with a quote between two lines of one sentence.
mail ini-1 "[PATCH] scsi: lpfc: probe later" "Pat Author <pat@$ID>" "" 1 <<-\EOF
	Probe the HBA only after its firmware is up.
EOF
mail ini-2 "Re: [PATCH] scsi: lpfc: probe later" "Rex Viewer <rex@$ID>" ini-1 2 <<-\EOF
	To paraphrase Phillip K. Dick, you are an idiot.  Mr. Smith said so in
	v5.10. and nobody listened, e.g. in drivers/scsi/lpfc/lpfc_init.c. it
	is still wrong.
EOF
{
	printf 'From: Rex Viewer <rex@%s>\nTo: ksummit@lists.%s\n' "$ID" "$ID"
	printf 'Subject: Re: [PATCH] scsi: lpfc: probe later\n'
	printf 'Message-ID: <ini-3@%s>\nIn-Reply-To: <ini-2@%s>\n' "$ID" "$ID"
	printf 'References: <ini-1@%s> <ini-2@%s>\n' "$ID" "$ID"
	printf 'Date: Mon, 03 Mar 2026 10:00:00 +0000\n'
	printf 'List-Id: <ksummit.lists.%s>\nMIME-Version: 1.0\n' "$ID"
	printf 'Content-Type: text/plain; charset=utf-8\n'
	printf 'Content-Transfer-Encoding: quoted-printable\n\n'
	cat <<-\EOF
	On Mon, Pat Author wrote:
	> Probe the HBA only after its firmware is up.
	Dr. J. R. Hacker, you are a moron, Jos=C3=A9, and e.g. your =
	patch proves it
	> Probe the HBA
	and so does the next one, approx. twice as bad.
	EOF
} | add_mail ini-3
notmuch new --quiet
civil-scan --apply "thread:{id:ini-1@$ID}" >/dev/null

# Each passage the draft quotes: the lines of its message's entry marked
# "  > ", the mark taken off, joined by line ends, up to civil's own
# "  [...]" (or an empty line, in a message quoted whole).  Each is in
# its message's decoded text as it is, byte for byte, and starts where
# a sentence does: never at "Dick, ..." or "R. Hacker, ...".  Picked, so
# that both are quoted whatever the model makes of them (its heated
# sentences, or all of their words).
test_expect_success 'every passage is a span of its message'"'"'s decoded text, from a sentence'"'"'s start' '
	escalate-thread --stdout --message "ini-2@$ID" --message "ini-3@$ID" \
		"id:ini-1@$ID" >ini.eml &&
	for i in 2 3; do
		notmuch show --format=raw "id:ini-$i@$ID" >"ini-$i.raw" || return 1
	done &&
	parse ini.eml "
import re
body = m.get_body((\"plain\",)).get_content()
concern = body.split(\"-- Passages of concern --\")[1].split(\"-- The code --\")[0]
got = {}
for entry in concern.split(\"\\n* \")[1:]:
    n = re.search(r\"/r/ini-(\\d)@\", entry).group(1)
    pieces, cur = got.setdefault(n, []), None
    for line in entry.split(\"\\n\")[2:]:
        if line.startswith(\"  > \") and line != \"  > \":
            cur = line[4:] if cur is None else cur + \"\\n\" + line[4:]
            continue
        if cur is not None:
            pieces.append(cur)
        cur = None
        if line not in (\"  [...]\", \"  > \"):
            break
assert sorted(got) == [\"2\", \"3\"], concern
for n, pieces in got.items():
    raw = email.message_from_binary_file(open(\"ini-%s.raw\" % n, \"rb\"), policy=email.policy.default)
    text = raw.get_body((\"plain\",)).get_content()
    for p in pieces:
        assert p in text, (n, p, text)
for n, word, start in ((\"2\", \"Dick\", \"To paraphrase Phillip K. Dick, you are an idiot.\"),
                       (\"3\", \"Hacker\", \"Dr. J. R. Hacker, you are a moron, Jos\\u00e9, and e.g. your patch proves it\")):
    hit = [p for p in got[n] if word in p]
    assert hit and all(p.startswith(start) for p in hit), (n, concern)
print(concern)
"
'

test_expect_success '--mbox: from b4 mbox output, stdin, broken From_ lines' '
	notmuch show --format=mbox "$HOT" >t.mbox &&
	escalate-thread --stdout --mbox t.mbox >m1.eml &&
	grep -c "https://lore.kernel.org/r/hot-" m1.eml >n && test $(cat n) -ge 5 &&
	{ printf "From broken\nnot mail\n\n"; cat t.mbox; } |
		escalate-thread --stdout --mbox - >m2.eml 2>err &&
	grep "1 messages of .-. are not mail" err &&
	grep "^Messages:  5" m2.eml
'

test_done
