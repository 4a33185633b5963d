#!/bin/sh
# A 600-message thread: civil-scan and civil-heated get through it.  600
# is more than one of civil-scan --apply's atomic sections (500 messages,
# lib/scan-apply.c), many times the scan's read-ahead (32 files), and more
# passages of concern than a draft quotes (25): every limit is crossed,
# and under ASan it takes seconds, not minutes.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
setup_notmuch
ID=kernel-test.invalid

# One long thread, each message replying to the one before; every 120th
# says something heated.
N=600
awk -v dir="$HOME/mail/cur" -v id="$ID" -v n=$N 'BEGIN {
	for (i = 1; i <= n; i++) {
		f = sprintf("%s/big-%04d:2,", dir, i)
		printf "From: Dev %d <dev%d@%s>\n", i % 7, i % 7, id >f
		printf "Subject: Re: the longest thread\n" >f
		printf "Message-ID: <big-%d@%s>\n", i, id >f
		if (i > 1) printf "In-Reply-To: <big-%d@%s>\n", i - 1, id >f
		printf "Date: Mon, 02 Mar 2026 %02d:%02d:%02d +0000\n\n", int(i / 3600), int(i / 60) % 60, i % 60 >f
		if (i % 120 == 0) printf "You are an idiot, number %d.\n", i >f
		else printf "Message %d: the fix looks right to me.\n", i >f
		close(f)
	}
}'
notmuch new --quiet

test_expect_success 'civil-scan --apply tags the five heated messages' '
	civil-scan --apply "*" &&
	test $(notmuch count tag:heated) -eq 5 &&
	test $(notmuch count tag:heated-thread) -eq $N
'

test_expect_success 'civil-scan --scores: every message once, oldest first' '
	civil-scan --scores "*" | cut -f3 >got &&
	notmuch search --sort=oldest-first --output=messages "*" |
		sed "s/^id://" >want &&
	test_line_count $N got &&
	test_cmp want got
'

# Files are parsed on every core; on one (taskset) they are parsed in the
# scanning thread.  Either way the same lines come out in the same order.
test_expect_success 'civil-scan on one core and on all: the same output' '
	civil-scan --scores "*" >many &&
	taskset -c 0 civil-scan --scores "*" >one &&
	test_line_count $N one &&
	test_cmp one many
'

test_expect_success "civil-heated shows one thread, $N messages, with its strip" '
	civil-heated >out &&
	grep "\[$N msgs, 7 people\]" out &&
	awk "NR == 1 { for (i = 1; i <= NF; i++) if (\$i ~ /^[.#=!-]+\$/) print length(\$i) }" out >len &&
	test "$(cat len)" = $N
'

test_expect_success 'civil-heated --explain --format=json stays well-formed' '
	civil-heated --explain --format=json >json &&
	python3 -c "import json,sys; v=json.load(open(sys.argv[1])); assert v[0][\"total\"] == $N and len(v[0][\"passages\"]) >= 5" json
'

test_expect_success 'escalate-thread: complete timeline, capped quotes; --all: the full mbox' '
	picks= &&
	for i in $(seq 20 20 $N); do picks="$picks --message big-$i@$ID"; done &&
	escalate-thread --stdout $picks "id:big-1@$ID" >near.eml &&
	escalate-thread --stdout --all $picks "id:big-1@$ID" >draft.eml &&
	python3 - near.eml <<-\PY &&
	import email, email.policy, mailbox, sys
	m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
	att = [p for p in m.iter_attachments()][0].get_payload(decode=True)
	open("near.mbox", "wb").write(att)
	# the 30 picks, what each answers and the reply to each (the last
	# pick is the last message of the thread: no reply)
	assert len(mailbox.mbox("near.mbox")) == 89, len(mailbox.mbox("near.mbox"))
	PY
	python3 - draft.eml $N <<-\PY
	import email, email.policy, mailbox, sys
	m = email.message_from_binary_file(open(sys.argv[1], "rb"), policy=email.policy.default)
	body = m.get_body(("plain",)).get_content()
	n = int(sys.argv[2])
	assert body.count("https://lore.kernel.org/r/big-") >= n
	assert "5 more passages of concern are not quoted here" in body
	concern = body.split("-- Passages of concern --")[1].split("-- The code --")[0]
	assert concern.count("\n  > ") == 25, concern.count("\n  > ")
	att = [p for p in m.iter_attachments()][0].get_payload(decode=True)
	open("att.mbox", "wb").write(att)
	assert len(mailbox.mbox("att.mbox")) == n
	PY
'

test_done
