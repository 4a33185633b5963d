#!/bin/sh
# civil-scan --apply while other processes write the database.  A
# read-only notmuch database is a snapshot: once another process has
# committed twice, reading it fails until it is reopened (notmuch reopens
# on its own when it meets such a read), and a message or thread of a
# search made before may be gone.  notmuch 0.37 answers most failed reads
# with NULL, 0 or an empty list, which civil must never take as data;
# notmuch_messages_get() lets Xapian's exception out (abort, exit 134) and
# stops the process on a document that is no longer there ("Internal
# error", exit 1).  civil catches
# what notmuch throws (lib/nm-guard.cc), searches again at the newest
# revision and goes on from where its walk was (lib/db.c).
#
# The writers commit at a chosen point of the scan's walk, not at random:
# the scan is held reading one message's file (lib.sh's gate_*), with its
# reads for that message done and 32 more read ahead.  No sleep decides
# anything: a loaded machine only makes it slower.
. "$(dirname "$0")/lib.sh"

command -v notmuch >/dev/null || skip_all "notmuch is not installed"
need_tool python3 'python3 -c "import fcntl, termios"'
need_tool taskset 'taskset -p $$'
setup_notmuch
ID=kernel-test.invalid
THREADS=100

# Threads of three messages of two people, each heated by its one cue
# (a model made by hand, so that what is heated never depends on the
# shipped one): a message judged from a failed read is judged calm, and
# loses its tag.  And 20 calm messages of a busy sender.  The middle
# thread's first message is kept in mail/gate/, where the FIFO will be.
git config --global civil.lexicon "$HOME/lexicon"
printf "3 mockery flimflam\nmodel writer.model\n" >"$HOME/lexicon"
printf "civil-heat-model 2\nbias -6 -4\n%s\n%s\n%s\n%s\n" \
	"7 5 mockery@none" "7 5 mockery@person" "7 5 mockery@work" \
	"7 5 mockery@thing" >"$HOME/writer.model"
mkdir -p "$HOME/mail/gate/cur"
awk -v dir="$HOME/mail" -v id="$ID" -v threads=$THREADS 'BEGIN {
	for (i = 1; i <= threads + 20; i++) {
		for (j = 1; j <= (i <= threads ? 3 : 1); j++) {
			t++
			f = sprintf("%s/%s/m-%d-%d:2,", dir,
				    i == threads / 2 && j == 1 ? "gate/cur" : "cur", i, j)
			if (i > threads)
				printf "From: Busy Bee <busy@%s>\n", id >f
			else if (j == 2)
				printf "From: Bea %d <bea%d@%s>\n", i, i, id >f
			else
				printf "From: Al %d <al%d@%s>\n", i, i, id >f
			printf "Subject: %sthe flush rework, part %d\n", (j > 1 ? "Re: " : ""), i >f
			printf "Message-ID: <m-%d-%d@%s>\n", i, j, id >f
			if (j > 1)
				printf "In-Reply-To: <m-%d-%d@%s>\n", i, j - 1, id >f
			printf "Date: %02d Mar 2026 %02d:%02d:00 +0000\n\n", 1 + int(t / 1440), int(t / 60) % 24, t % 60 >f
			printf "%s\n", (i > threads ? "All green." : "That plan is flimflam.") >f
			close(f)
		}
	}
}'
# An old time, so that notmuch records it and never looks in again.
touch -d @1000000000 "$HOME/mail/gate/cur"
notmuch new --quiet
WANT=$((THREADS * 3))
GATE_MSG="$HOME/mail/gate/cur/m-$((THREADS / 2))-1:2,"

# gate_run OUT - civil-scan --apply "*" held at the gate message while
# the writers commit; OUT.status gets its exit status, OUT.err what it
# said.  The writers: notmuch tag on every message, three times; and a
# notmuch new that adds a message, finds one the scan has read ahead
# under a new name (a client marked it seen) and one it has not yet
# reached gone.
gate_run() {
	gate_hold "$GATE_MSG"
	one_cpu civil-scan --apply "*" 2>"$1.err" &
	scan_pid=$!
	if gate_wait $scan_pid; then
		for w in 1 2 3; do
			notmuch tag "+w$w" -- "*" || echo "BAD: notmuch tag +w$w failed"
		done
		add_mail new-1 <<-EOF
		From: Busy Bee <busy@$ID>
		Subject: a new one
		Message-ID: <new-1@$ID>
		Date: 09 Mar 2026 10:00:00 +0000

		All green.
		EOF
		mv "$HOME/mail/cur/m-$((THREADS / 2 + 5))-2:2," \
			"$HOME/mail/cur/m-$((THREADS / 2 + 5))-2:2,S"
		rm "$HOME/mail/cur/m-$((THREADS / 2 + 30))-2:2,"
		notmuch new --quiet || echo "BAD: notmuch new failed"
	else
		echo "BAD: the scan never read the held message"
	fi
	gate_release "$GATE_MSG"
	wait $scan_pid
	echo $? >"$1.status"
}

# Every message heated, and so every thread (the one that lost a message
# too: a heated message makes a thread heated); the writers' tags on
# every message they tagged.
test_expect_success 'writers commit in the middle of the walk: no abort, nothing lost' '
	gate_make "$GATE_MSG" &&
	gate_run scan >run.out 2>&1 &&
	cat run.out scan.err && ! grep BAD run.out &&
	echo "civil-scan: exit $(cat scan.status)" &&
	test "$(cat scan.status)" = 0 &&
	test $(notmuch count tag:heated) -eq $((WANT - 1)) &&
	test $(notmuch count tag:heated-thread) -eq $((WANT - 1)) &&
	test $(notmuch count "thread:{id:m-$((THREADS / 2 + 30))-1@$ID}" and tag:heated-thread) -eq 2 &&
	test $(notmuch count tag:w1 and tag:w2 and tag:w3) -eq $((WANT + 19))
'

test_expect_success 'and a scan that reads it all quietly finds nothing to change' '
	civil-scan "*" >lines &&
	test_line_count 0 lines
'

test_done
