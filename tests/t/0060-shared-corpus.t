#!/bin/sh
# With ../shared: the scorer against the labelled heat-dev sets, and a full
# scan of the ksummit corpus in a fresh notmuch database.  Without it,
# everything here is skipped (the project never ships that mail).
. "$(dirname "$0")/lib.sh"

test -d "$SHARED/heat-dev" || skip_all "../shared is not here"
need_tool notmuch 'notmuch --version'

f1_of() {
	sed -n "s/^$1: .* F1 \([0-9.]*\)\$/\1/p" quality
}

test_expect_success 'heat-dev: agreement with the labelled sets' '
	NOTMUCH_CONFIG=$HOME/no-notmuch-here python3 "$CIVIL_SRC/bench/heat_quality.py" "$CIVIL_BUILD" \
		"$SHARED/heat-dev/toxicr_code_review.jsonl" \
		"$SHARED/heat-dev/vcu_github_comments.jsonl" >quality &&
	cat quality &&
	# Guards what we have (bench/README.md).  Both sets count contempt
	# for code and swearing at oneself as toxic, which the Code of
	# Conflict does not, so both sit a little under where they were
	# before heat learned whom it is aimed at.
	awk -v f="$(f1_of toxicr_code_review.jsonl)" "BEGIN { exit !(f >= 0.70) }" &&
	awk -v f="$(f1_of vcu_github_comments.jsonl)" "BEGIN { exit !(f >= 0.28) }"
'

corpus="$SHARED/corpus/ksummit-maildir.tar.xz"
if test -r "$corpus"; then
	NOTMUCH_CONFIG=$("$CIVIL_SRC/tests/import-ksummit.sh" "$corpus" "$HOME/ks")
	export NOTMUCH_CONFIG

	test_expect_success 'ksummit: civil-scan --apply tags heated threads, with reasons' '
		civil-scan --apply "*" &&
		threads=$(notmuch count --output=threads tag:heated) &&
		test "$threads" -ge 10 && test "$threads" -le 100 &&
		civil-heated --explain >why &&
		test $(grep -c "^thread:" why) -ge "$threads" &&
		test $(grep -c "^    id:" why) -ge "$threads"
	'

	test_expect_success 'ksummit: a rescan changes nothing' '
		notmuch dump --include=tags --include=properties >before &&
		civil-scan --apply "*" &&
		notmuch dump --include=tags --include=properties >after &&
		test_cmp before after
	'

	# As the issue was found: a person's notmuch tagging the busiest
	# sender's mail over and over while civil-scan runs.
	test_expect_success 'ksummit: civil-scan while another process tags loses nothing' '
		busy=$(notmuch address --output=count --output=sender "*" |
			sort -rn | sed -n "1s/.*<\(.*\)>.*/\1/p") &&
		test -n "$busy" &&
		start_writer "from:$busy" &&
		{
			for run in 1 2 3; do
				nice -n 19 civil-scan --apply "*" 2>err.$run
				echo "run $run: status $?"
			done >runs
			stop_writer
		} &&
		cat runs && echo "writer: $writer_count commits" &&
		! grep -v "status [03]\$" runs &&
		writer_landed "from:$busy" &&
		notmuch dump --include=tags --include=properties >after &&
		without_writer after >after.mine &&
		test_cmp before after.mine
	'
else
	test_skip "ksummit corpus" "not in ../shared"
fi

test_done
