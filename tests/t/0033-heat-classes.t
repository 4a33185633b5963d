#!/bin/sh
# The line CODEBOOK.md draws, through the real commands and the shipped
# model: heated, sharp and calm in civil-scan --scores; only heated mail
# tagged, and a thread heated only through a heated message; the tone
# check holds only heated text.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
ID=kernel-test.invalid

# msg N LINE - a reply whose whole text is LINE, into an mbox.
msg() {
	printf 'From x Mon Jan  1 00:00:00 2024\nFrom: %s <%s@%s>\n' "$3" "$3" "$ID"
	printf 'Subject: Re: [PATCH] x\nMessage-ID: <%s@%s>\n' "$1" "$ID"
	printf 'In-Reply-To: <p@%s>\nDate: Mon, 0%s Mar 2026 10:00:00 +0000\n\n%s\n\n' \
		"$ID" "${4:-1}" "$2"
}

# No notmuch database here: libnotmuch leaks when it loads its settings
# without one, and LeakSanitizer knows the leak as libnotmuch's only with
# the slow unwinder (tests/lsan.supp).
mbox_scan() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0" \
		civil-scan "$@"
}

# The shipped model at its own levels, not lib.sh's.
git config --global --unset civil.threshold
git config --global --unset civil.review

test_expect_success 'insults a kernel developer would feel are heated, or at least sharp' '
	{
		msg i0 "You are an idiot and a liar." a
		msg i1 "This is the stupidest patch I have seen this year." a
		msg i2 "Are you even reading what I write?" a
		msg i3 "Your employer should stop letting you near the scheduler." a
	} >insults.mbox &&
	mbox_scan --scores --mbox insults.mbox >scores &&
	cat scores &&
	grep "^[0-9.]*	heated	i0@$ID	" scores &&
	# contempt for the work: sharp by CODEBOOK.md
	grep "^[0-9.]*	sharp	i1@$ID	" scores &&
	# known misses of the model at its tag level (issue 29: a one-line
	# insult is little evidence to a model of whole messages): shown as
	# sharp, never called calm
	grep "^[0-9.]*	\(heated\|sharp\)	i2@$ID	" scores &&
	grep "^[0-9.]*	\(heated\|sharp\)	i3@$ID	" scores
'

test_expect_success 'contempt for code is sharp, shown and never tagged' '
	{
		msg s1 "This code is crap." a
		msg s2 "NAK, this is utterly broken." b
		msg c1 "Thanks, applied." c
	} >sharp.mbox &&
	mbox_scan --scores --mbox sharp.mbox >scores &&
	cat scores &&
	grep "	sharp	s1@$ID	" scores &&
	grep "	sharp	s2@$ID	" scores &&
	grep "	calm	c1@$ID	" scores &&
	mbox_scan --mbox sharp.mbox >lines &&
	test ! -s lines
'

test_expect_success 'sharp messages from three people never heat a thread' '
	setup_notmuch sharp &&
	mail t1 "[RFC] a new lock" "Ann <ann@$ID>" "" 1 <<-\EOF &&
	Here is an idea for a new lock.
	EOF
	mail t2 "Re: [RFC] a new lock" "Bo <bo@$ID>" t1 2 <<-\EOF &&
	This code is crap.
	EOF
	mail t3 "Re: [RFC] a new lock" "Cy <cy@$ID>" t2 3 <<-\EOF &&
	NAK, this design is utterly broken.
	EOF
	mail t4 "Re: [RFC] a new lock" "Di <di@$ID>" t3 4 <<-\EOF &&
	What an ugly hack.
	EOF
	notmuch new --quiet &&
	civil-scan --apply "*" &&
	test "$(notmuch count tag:heated)" = 0 &&
	test "$(notmuch count tag:heated-thread)" = 0 &&
	mail t5 "Re: [RFC] a new lock" "Ed <ed@$ID>" t4 5 <<-\EOF &&
	You are an idiot.
	EOF
	notmuch new --quiet &&
	civil-scan --apply &&
	test "$(notmuch count tag:heated)" = 1 &&
	# one heated message is shown, and heats no thread; a second does
	test "$(notmuch count tag:heated-thread)" = 0 &&
	mail t6 "Re: [RFC] a new lock" "Fy <fy@$ID>" t5 6 <<-\EOF &&
	Shut up and learn to read, you moron.
	EOF
	notmuch new --quiet &&
	civil-scan --apply &&
	test "$(notmuch count tag:heated)" = 2 &&
	test "$(notmuch count tag:heated-thread)" = 6
'

test_expect_success 'the tone check holds heated text, and only that' '
	git init -q repo && cd repo &&
	git config civil.tone reject &&
	printf "From: a@x\nSubject: Re: [PATCH] x\nIn-Reply-To: <p@x>\n\nThis code is crap, NAK.\n" >sharp.eml &&
	civil-remind sharp.eml &&
	printf "From: a@x\nSubject: Re: [PATCH] x\nIn-Reply-To: <p@x>\n\nThis is a stupid bug that I introduced, sorry about that.\n" >self.eml &&
	civil-remind self.eml &&
	printf "From: a@x\nSubject: Re: [PATCH] x\nIn-Reply-To: <p@x>\n\nYou are an idiot.\n" >hot.eml &&
	test_expect_code 1 civil-remind hot.eml 2>err &&
	grep "You are an idiot" err
'

test_done
