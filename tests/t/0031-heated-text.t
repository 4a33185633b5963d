#!/bin/sh
# civil-heated's text format, whole: each line as a user sees it, against
# the files in expect/, so any change to the format fails with a diff.
#
# Stable by construction: the messages have fixed dates and the text
# format prints days (UTC), never a date relative to now; the thread ids
# are put in from notmuch.  The scores are masked (N.NN: two decimals
# still required), since they move with the lexicon and the model while
# the format does not; the strip, the passages and their order stay, as
# in 0030.  After a change to the format, or to what the lexicon finds in
# make_threads' mail, look at the diff and update expect/heated-*.txt.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
ID=kernel-test.invalid
EXPECT="$CIVIL_SRC/tests/t/expect"

setup_notmuch
make_threads
notmuch new --quiet

# expected NAME - expect/NAME.txt with this database's thread ids.
expected() {
	hot=$(notmuch search --output=threads "id:hot-1@$ID") &&
	calm=$(notmuch search --output=threads "id:calm-1@$ID") &&
	sed -e "s/@HOT@/${hot#thread:}/" -e "s/@CALM@/${calm#thread:}/" \
		"$EXPECT/$1.txt"
}

# masked <output - the scores as N.NN.
masked() {
	sed "s/[0-9][0-9]*\.[0-9][0-9]\([^0-9]\)/N.NN\1/g"
}

test_expect_success 'setup: a scan, and a message a person tagged heated' '
	civil-scan --apply "*" &&
	notmuch tag +heated "id:calm-2@$ID"
'

test_expect_success 'civil-heated: a line of facts and the subject, a thread' '
	expected heated-text >expect &&
	civil-heated >out &&
	masked <out >actual &&
	test_cmp expect actual
'

test_expect_success 'civil-heated --explain: and a line a passage' '
	expected heated-explain >expect &&
	civil-heated --explain >out &&
	masked <out >actual &&
	test_cmp expect actual
'

test_done
