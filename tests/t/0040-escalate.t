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

test_expect_success 'outside a repository: to the built-in contact, mode 0600' '
	escalate-thread --output draft.eml "$HOT" >out &&
	grep "a draft to <tab@lists.linux-foundation.org> is in draft.eml; nothing was sent" out &&
	test "$(stat -c %a draft.eml)" = 600 &&
	tr "\n" " " <draft.eml | grep "no code file was found in .*, so it is civil.s built-in fallback: the contact of the kernel.s 2015 Code of Conflict, which may not be the project.s" &&
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
assert \"no code file was found\" in body
print(body)
" >body &&
	grep "^Messages:  5\$" body &&
	grep "^People:    Pat Author <pat@kernel-test.invalid> (2)," body &&
	grep "^           Rex Viewer <rex@kernel-test.invalid> (3)\$" body
'

# mailbox.mbox reads only a file by its name: the attachment is written
# to one first.
test_expect_success 'the attachment holds every message of the thread' '
	parse draft.eml "
att = [p for p in m.iter_attachments()][0]
assert att.get_content_type() == \"application/mbox\", att.get_content_type()
data = att.get_payload(decode=True)
open(\"att.mbox\", \"wb\").write(data)
" &&
	for i in 1 2 3 4 5; do
		notmuch show --format=raw "id:hot-$i@$ID" >"hot-$i.raw" || return 1
	done &&
	python3 -c "
import mailbox
box = mailbox.mbox(\"att.mbox\")
ids = sorted(m[\"Message-ID\"] for m in box)
assert ids == sorted(\"<hot-%d@kernel-test.invalid>\" % i for i in range(1, 6)), ids
for key in box.keys():
    got = box.get_bytes(key)
    n = box[key][\"Message-ID\"].split(\"@\")[0].split(\"-\")[1]
    want = open(\"hot-%s.raw\" % n, \"rb\").read()
    assert got.rstrip(b\"\\n\") == want.rstrip(b\"\\n\"), (n, got, want)
"
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
# attachment FILE - the draft's attachment, decoded, into FILE.att.
attachment() {
	parse "$1" "
att = [p for p in m.iter_attachments()][0]
open(\"$1.att\", \"wb\").write(att.get_payload(decode=True))
"
}

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
	printf "Report it to the Committee at <conduct@kernel.org>.\nThat is not acceptable.\n" \
		>repo/Documentation/process/code-of-conduct.rst &&
	git -C repo add . && git -C repo commit -q -m coc &&
	blob=$(git -C repo rev-parse HEAD:Documentation/process/code-of-conduct.rst | cut -c1-12) &&
	(cd repo && escalate-thread --stdout "$HOT") >coc.eml &&
	grep "^To: conduct@kernel.org" coc.eml &&
	grep "^Subject: Code of Conduct: request for help" coc.eml &&
	parse coc.eml "
body = m.get_body((\"plain\",)).get_content()
body = \" \".join(body.split())
assert \"Documentation/process/code-of-conduct.rst (blob $blob)\" in body, body
assert \"Dear Code of Conduct Committee\" in body
" &&
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
