#!/bin/sh
# Two levels of heat (issue 29): at civil.threshold a message is tagged
# heated; from civil.review up, not heated, it is "worth a look":
# civil-scan --apply marks it civil.review=1 (never the heated tag),
# civil-heated lists its thread after the heated ones with the sentence
# that decided it, escalate-thread never quotes it to the board, and the
# tone check never holds at that level.  A real notmuch database in a
# temporary HOME.
#
# The levels are set around the scores the model gives these messages
# (read from civil-scan first), so the test holds whatever the model's
# weights are, as long as it ranks the tirade under the insult and both
# over the calm mail.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
ID=kernel-test.invalid
WARM="For the last time: read the code.  How many times do I have to say it?!"

setup_notmuch
mail calm-1 "scheduling the plumbers BoF" "Ann Org <ann@$ID>" "" 1 <<-\EOF
Shall we meet on Tuesday for the BoF?  The room holds forty.
EOF
mail calm-2 "Re: scheduling the plumbers BoF" "Bo Dev <bo@$ID>" calm-1 2 <<-\EOF
Tuesday works for me; I will bring the slides.
EOF
# A thread worth a look: one warm message, nothing heated.
mail r-1 "drm: a new plane helper" "Ann Org <ann@$ID>" "" 3 <<-\EOF
Is the plane helper needed for the atomic path, or only for the legacy one?
EOF
mail r-2 "Re: drm: a new plane helper" "Rex Viewer <rex@$ID>" r-1 4 <<-EOF
$WARM
EOF
# A heated thread, with a warm message in it too.
mail h-1 "mm: take the fault lock later" "Pat Author <pat@$ID>" "" 5 <<-\EOF
Take the lock later, as we said at LSF.
EOF
mail h-2 "Re: mm: take the fault lock later" "Rex Viewer <rex@$ID>" h-1 6 <<-\EOF
You clearly have no idea what you are doing.  This is utter garbage and you are an idiot.
EOF
mail h-3 "Re: mm: take the fault lock later" "Rex Viewer <rex@$ID>" h-2 7 <<-EOF
$WARM
EOF
notmuch new --quiet

score_of() {
	civil-scan --scores "id:$1@$ID" | cut -f1
}

# props ID - the message's civil properties, one a line.
props() {
	notmuch dump --include=properties "id:$1@$ID" | grep "^#=" |
		sed "s/^#= [^ ]* //" | tr " " "\n"
}

is_review() {
	props "$1" | grep -qx "civil.review=1"
}

review_ids() {
	notmuch search --output=messages --exclude=false property:civil.review=1 | sort | tr "\n" " "
}

thread_of() {
	notmuch search --output=threads "id:$1@$ID" | sed s/thread://
}

test_expect_success 'setup: the levels around the scores of the messages' '
	calm=$(for m in calm-1 calm-2 r-1 h-1; do score_of $m; done | sort -n | tail -1) &&
	w2=$(score_of r-2) && w3=$(score_of h-3) && hot=$(score_of h-2) &&
	echo "calm at most $calm, warm $w2 and $w3, hot $hot" &&
	low=$(printf "%s\n%s\n" "$w2" "$w3" | sort -n | head -1) &&
	warm=$(printf "%s\n%s\n" "$w2" "$w3" | sort -n | tail -1) &&
	awk -v c="$calm" -v l="$low" -v w="$warm" -v h="$hot" \
		"BEGIN { exit !(l > c + 0.1 && h > w + 0.1) }" &&
	review=$(awk -v c="$calm" -v l="$low" "BEGIN { printf \"%.2f\", (c + l) / 2 }") &&
	threshold=$(awk -v w="$warm" -v h="$hot" "BEGIN { printf \"%.2f\", (w + h) / 2 }") &&
	echo "civil.review $review, civil.threshold $threshold" &&
	git config --global civil.review "$review" &&
	git config --global civil.threshold "$threshold" &&
	echo "$warm" >warm.score && echo "$calm" >calm.score
'

test_expect_success 'civil-scan --apply: worth a look is marked civil.review=1, never tagged heated' '
	civil-scan --apply "*" &&
	! tags_of r-2 | grep -qw heated &&
	! tags_of h-3 | grep -qw heated &&
	tags_of h-2 | grep -qw heated &&
	test "$(review_ids)" = "id:h-3@$ID id:r-2@$ID " &&
	# its score is kept, as a heated one is
	props r-2 | grep "^civil.heat=" &&
	! is_review h-2 &&
	# calm mail under civil.review keeps no properties at all
	test -z "$(props calm-1)" &&
	test -z "$(props r-1)" &&
	# a rescan that finds the same writes nothing
	rev=$(notmuch count --lastmod "*" | cut -f3) &&
	civil-scan --apply "*" &&
	test "$(notmuch count --lastmod "*" | cut -f3)" = "$rev"
'

test_expect_success 'civil-scan --apply at a terminal counts them' '
	civil-scan --apply 2>/dev/null &&
	notmuch tag +x -- "id:r-2@$ID" && notmuch tag -x -- "id:r-2@$ID" &&
	SHELL=/bin/sh script -qec "civil-scan --apply" /dev/null </dev/null | tr -d "\r" >out &&
	cat out &&
	grep -x "1 scored, 0 heated, 1 worth a look, 0 heated threads" out
'

test_expect_success 'civil-heated: the heated threads, then those worth a look under their own line, each with its sentence' '
	civil-heated >out &&
	cat out &&
	R=$(thread_of r-2) && H=$(thread_of h-2) &&
	grep -n "" out >numbered &&
	hline=$(grep "thread:$H " numbered | cut -d: -f1) &&
	head=$(grep "worth a look, not heated" numbered | cut -d: -f1) &&
	rline=$(grep "thread:$R " numbered | cut -d: -f1) &&
	test -n "$hline" && test -n "$head" && test -n "$rline" &&
	test "$hline" -lt "$head" && test "$head" -lt "$rline" &&
	test "$(count_lines "worth a look, not heated" out)" -eq 1 &&
	# the heated thread shows its warm message as such, "-"
	grep "thread:$H .*  \.#-  " out &&
	grep "thread:$R .*  \.-  " out &&
	! grep "thread:$R .*not a heated thread" out &&
	# the deciding sentence of the message worth a look, without --explain
	grep "^    id:r-2@$ID  [0-9.]*  worth a look  .*\"" out &&
	! grep "id:h-3@$ID" out &&
	! grep "id:h-2@$ID" out
'

test_expect_success 'civil-heated --review=no, --review=only, and a query narrows both' '
	R=$(thread_of r-2) && H=$(thread_of h-2) &&
	civil-heated --review=no >out &&
	grep "thread:$H " out && ! grep "thread:$R " out && ! grep "worth a look" out &&
	civil-heated --review=only >out &&
	! grep "thread:$H " out && grep "thread:$R " out &&
	head -1 out | grep "^worth a look, not heated" &&
	civil-heated "thread:$R" >out &&
	! grep "thread:$H " out && grep "thread:$R " out &&
	test_expect_code 2 civil-heated --review=maybe 2>err &&
	grep "review" err
'

test_expect_success 'civil-heated --format=json: worth_a_look, and the passages with --explain' '
	R=$(thread_of r-2) &&
	civil-heated --format=json --explain >out.json &&
	python3 - "$R" <<-\PY
	import json, sys
	threads = json.load(open("out.json"))
	review = [t for t in threads if t["worth_a_look"]]
	heated = [t for t in threads if not t["worth_a_look"]]
	assert [t["thread"] for t in review] == [sys.argv[1]], review
	assert threads.index(review[0]) > max(threads.index(t) for t in heated)
	assert {p["id"] for p in review[0]["passages"]} == {"r-2@kernel-test.invalid"}, review[0]["passages"]
	assert review[0]["passages"][0]["sentence"], review[0]["passages"]
	for t in heated:
	    assert "h-3@kernel-test.invalid" not in [p["id"] for p in t["passages"]]
	PY
'

# snippet NAME - the README's code block that starts "# civil: NAME".
snippet() {
	sed -n "/^    # civil: $1/,/^\$/s/^    //p" "$CIVIL_SRC/README.md"
}

test_expect_success 'the README'"'"'s aerc and neomutt queries, and civil.el'"'"'s, find what civil-heated lists worth a look' '
	snippet "aerc query-map" | sed -n "s/^worth-a-look=//p" >aerc.q &&
	test -s aerc.q &&
	test "$(notmuch search --output=messages --exclude=false "$(cat aerc.q)")" = "id:r-2@$ID" &&
	snippet "neomutt with notmuch" |
		sed -n "s/^virtual-mailboxes \"worth a look\" \"notmuch:\/\/?query=\(.*\)\"\$/\1/p" >url.q &&
	test -s url.q &&
	python3 -c "import sys, urllib.parse; print(urllib.parse.unquote(open(sys.argv[1]).read().strip()))" url.q >neomutt.q &&
	test_cmp aerc.q neomutt.q &&
	grep -F "(format \"property:civil.review=1 and not thread:\\\"{tag:%s or tag:%s}\\\"\"" "$CIVIL_SRC/emacs/civil.el"
'

test_expect_success 'escalate-thread never quotes a message worth a look to the board' '
	H=$(thread_of h-2) && R=$(thread_of r-2) &&
	escalate-thread --stdout "thread:$H" >heated.eml 2>err &&
	sed -n "/^-- Passages of concern --/,/^-- The code --/p" heated.eml >passages &&
	cat passages &&
	grep "^  https://lore.kernel.org/r/h-2@$ID" passages &&
	! grep "h-3@" passages &&
	! grep "For the last time\|How many times" passages &&
	! grep "^  3\..*\[of concern\]" heated.eml &&
	escalate-thread --stdout "thread:$R" >review.eml 2>err &&
	cat err &&
	grep "no message of the thread is heated or picked" err &&
	! grep "How many times" review.eml
'

test_expect_success 'a person who tags it heated: learned as a correction, no longer worth a look, its thread heated' '
	R=$(thread_of r-2) &&
	notmuch tag +heated "id:r-2@$ID" &&
	civil-scan --apply -v 2>err &&
	cat err &&
	grep "learned from 1 correction" err &&
	! is_review r-2 &&
	props r-2 | grep -x "civil.reader=heated" &&
	test "$(review_ids)" = "id:h-3@$ID " &&
	civil-heated --review=no >out &&
	grep "thread:$R .*  \.!  \|thread:$R .*  \.#  " out &&
	civil-heated --review=only >out &&
	! grep "thread:$R " out
'

test_expect_success 'a higher civil.review takes the mark away on the next scan' '
	above=$(awk -v w="$(cat warm.score)" "BEGIN { printf \"%.2f\", w + 0.05 }") &&
	git config --global civil.review "$above" &&
	civil-scan --apply "*" &&
	test -z "$(review_ids)" &&
	civil-heated --review=only >out &&
	test ! -s out
'

test_expect_success 'a heated tag civil set and the reader took off: learned as calm, and not worth a look either' '
	# (what r-2 taught made h-3, the same words, heated: civil tagged it)
	tags_of h-3 | grep -qw heated &&
	props h-3 | grep -x "civil.tagged=1" &&
	notmuch tag -heated "id:h-3@$ID" &&
	# and the same words again, which nobody has judged
	mail h-4 "Re: mm: take the fault lock later" "Rex Viewer <rex@$ID>" h-3 8 <<-EOF &&
	$WARM
	EOF
	notmuch new --quiet &&
	git config --global civil.threshold 4.95 &&
	git config --global civil.review "$(awk -v c="$(cat calm.score)" "BEGIN { printf \"%.2f\", c + 0.05 }")" &&
	civil-scan --apply -v 2>err &&
	cat err &&
	grep "learned from 1 correction" err &&
	props h-3 | grep -x "civil.reader=calm" &&
	! tags_of h-3 | grep -qw heated &&
	! is_review h-3 &&
	is_review h-4 &&
	civil-scan --apply "*" &&
	! is_review h-3 &&
	! tags_of h-3 | grep -qw heated &&
	review_ids | grep "id:h-4@" && ! review_ids | grep "id:h-3@"
'

test_expect_success 'civil.review at or over civil.threshold: one line naming it, and nothing is scanned' '
	git config --global civil.review 4.9 &&
	git config --global civil.threshold 4.5 &&
	rev=$(notmuch count --lastmod "*" | cut -f3) &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	test_line_count 1 err &&
	grep -x "civil-scan: git config civil.review: 4.90 is not under civil.threshold (4.50)" err &&
	test "$(notmuch count --lastmod "*" | cut -f3)" = "$rev" &&
	git config --global civil.review nope &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	grep -x "civil-scan: git config civil.review: .nope. is not a number over 0 and under 5" err &&
	git config --global --unset civil.review &&
	git config --global civil.threshold 0.01 &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	grep -x "civil-scan: git config civil.review: the default [0-9.]* is not under civil.threshold (0.01): set civil.review lower" err &&
	git config --global civil.threshold 2.5 &&
	git config --global civil.review 0.4
'

test_expect_success 'civil.review in the notmuch config: said to be a git setting' '
	notmuch config set civil.review 1.5 &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	grep -x "civil-scan: notmuch config civil.review: is git config civil.review, one setting for the scan and the tone check: git config --global civil.review .1.5." err &&
	notmuch config set civil.review
'

# ---- the tone check: held at the tag level only ----

git config --global civil.sendmail "$TEST_DIR/fake.sendmail"
cat >warm.eml <<EOF
From: Re Viewer <reviewer@$ID>
To: list@$ID
Subject: Re: [PATCH 1/2] sched: change
In-Reply-To: <patch-1@$ID>

On Mon, A U Thor wrote:
> +	x = 1;

$WARM
EOF

test_expect_success 'tone: a review in the band worth a look is not held; over civil.threshold it is' '
	{ echo "From civil Thu Jan  1 00:00:00 1970"; cat warm.eml; } >warm.mbox &&
	s=$(civil-scan --scores --mbox warm.mbox | cut -f1) &&
	echo "score $s" &&
	awk -v s="$s" "BEGIN { exit !(s > 0.1 && s < 4.95) }" &&
	git config --global civil.review "$(awk -v s="$s" "BEGIN { printf \"%.2f\", s / 2 }")" &&
	git config --global civil.threshold "$(awk -v s="$s" "BEGIN { printf \"%.2f\", (s + 5) / 2 }")" &&
	reset_sent &&
	civil-sendmail -i a@$ID <warm.eml 2>err &&
	test ! -s err &&
	test $(sent_count) -eq 1 &&
	civil-remind --dry-run warm.eml >dry &&
	grep "^tone: [a-z]*, [0-9.]*, under civil.threshold [0-9.]*: would send$" dry &&
	git config --global civil.threshold "$(awk -v s="$s" "BEGIN { printf \"%.2f\", s / 2 + 0.01 }")" &&
	git config --global civil.review "$(awk -v s="$s" "BEGIN { printf \"%.2f\", s / 4 }")" &&
	reset_sent &&
	test_expect_code 75 civil-sendmail -i a@$ID <warm.eml 2>err &&
	grep "held for its tone" err &&
	test $(sent_count) -eq 0
'

test_expect_success 'civil-remind --dry-run: the verdict of each sentence, in the order of the text' '
	git config --global civil.threshold 0.3 &&
	git config --global civil.review 0.1 &&
	cat >order.eml <<-EOF &&
	From: Re Viewer <reviewer@$ID>
	To: list@$ID
	Subject: Re: [PATCH 1/2] sched: change
	In-Reply-To: <patch-1@$ID>

	On Mon, A U Thor wrote:
	> +	x = 1;

	Thanks for the patch.  For the last time: read the code.
	You clearly have no idea what you are doing.  Please make it static.
	EOF
	civil-remind --dry-run order.eml >dry &&
	cat dry &&
	sed -n "/^tone: /,\$p" dry >tone &&
	sed -n "s/^    [a-z]*: \"\([^\"]*\)\".*/\1/p" tone >sentences &&
	printf "%s\n" "Thanks for the patch." "For the last time: read the code." \
		"You clearly have no idea what you are doing." "Please make it static." >expect &&
	test_cmp expect sentences &&
	grep "^    calm: \"Please make it static.\"$" tone
'

# The tone lines' own order (heated sentences, in the order of the text)
# is tests/unit/check_outgoing.c's: it takes a message with two heated
# sentences, which no model's weights promise.

test_done
