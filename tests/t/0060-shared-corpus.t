#!/bin/sh
# With ../shared: a full scan of the ksummit corpus in a fresh notmuch
# database.  Without it, everything here is skipped (the project never
# ships that mail).
. "$(dirname "$0")/lib.sh"
# The shipped model at its own levels, not lib.sh's.
git config --global --unset civil.threshold
git config --global --unset civil.review

test -d "$SHARED/corpus" || skip_all "../shared is not here"
need_tool notmuch 'notmuch --version'

corpus="$SHARED/corpus/ksummit-maildir.tar.xz"
if test -r "$corpus"; then
	NOTMUCH_CONFIG=$("$CIVIL_SRC/tests/import-ksummit.sh" "$corpus" "$HOME/ks")
	export NOTMUCH_CONFIG

	test_expect_success 'ksummit: civil-scan --apply tags what is heated, with reasons' '
		civil-scan --apply "*" &&
		threads=$(notmuch count --output=threads tag:heated) &&
		test "$threads" -ge 1 &&
		civil-heated --explain >why &&
		test $(grep -c "^thread:" why) -ge "$threads" &&
		test $(grep -c "^    id:" why) -ge "$threads"
	'

	# The false alarms the issue found on ksummit: an idiom, a name, a
	# joke between colleagues, a generic "you", the sender of himself.
	# The messages are found by a few of their words, as the issue gave
	# them.
	# The issue's traps, those this copy of the corpus has (copies
	# differ; tests/fixtures/tone-calm.txt has them all, written anew).
	test_expect_success 'ksummit: the traps are not heated' '
		found=0 &&
		for words in "road to hell is paved" "Phillip K. Dick" \
			"written in Rust ;-)" "special embargo cases" \
			"get annoyed by me"; do
			grep -rlF "$words" "$HOME/ks/ksummit/cur" >files || :
			test -s files || { echo "not in this copy: $words"; continue; }
			found=$((found + 1))
			while read -r f; do
				id=$(sed -n "s/^[Mm]essage-[Ii][Dd]: *<\(.*\)>.*/\1/p" "$f" | head -n 1) &&
				test -n "$id" &&
				test "$(notmuch count "id:$id and tag:heated")" = 0 ||
					{ echo "heated: $words ($id)"; return 1; }
			done <files
		done &&
		test $found -gt 0
	'

	test_expect_success 'ksummit: heated threads are a small part of the list' '
		all=$(notmuch count "*") &&
		inth=$(notmuch count tag:heated-thread) &&
		echo "$inth of $all in heated threads" &&
		test $((inth * 100)) -le $((all * 15))
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
