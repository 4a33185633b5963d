#!/bin/sh
# civil-scan while another process writes the database.  A read-only
# notmuch database is a snapshot: once the other writer has committed
# twice, reading it fails until it is reopened, and notmuch answers such
# reads with no From and date 0.  civil must read again, never judge a
# thread from what a failed read gave, and lose nothing of the writer's.
. "$(dirname "$0")/lib.sh"

command -v notmuch >/dev/null || skip_all "notmuch is not installed"
setup_notmuch
ID=kernel-test.invalid
THREADS=800

# Threads of three messages of two people, each heated but at no person
# and under twice the threshold, so a thread is heated only by counting
# its people (civil_thread_heat).  Messages of a thread are next to each
# other in time, so a run of failed reads covers whole threads.  And a
# busy sender the writer tags.
awk -v dir="$HOME/mail/cur" -v id="$ID" -v threads=$THREADS 'BEGIN {
	for (k = 0; k < 40; k++)
		pad = pad "The queue is drained before the lock is dropped, so the reader sees a whole batch.\n"
	for (i = 1; i <= threads + 300; i++) {
		for (j = 1; j <= (i <= threads ? 3 : 1); j++) {
			t++
			f = sprintf("%s/m-%d-%d:2,", dir, i, j)
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
			printf "%s\n\n%s", (i > threads ? "All green." : "Shut up and learn to read, you moron."), pad >f
			close(f)
		}
	}
}'
notmuch new --quiet
WANT=$((THREADS * 3))

# scan_runs N - civil-scan --apply N times while the writer commits, one
# line a run; "BAD" in a line that lost something or failed.
scan_runs() {
	for run in $(seq 1 "$1"); do
		# The writer gets the processor it needs to commit often.
		nice -n 19 civil-scan --apply "*" 2>err.$run
		status=$?
		got=$(notmuch count tag:heated-thread)
		echo "run $run: status $status, heated-thread on $got of $WANT"
		test "$got" -eq $WANT || echo "run $run: BAD: heated-thread lost"
		case $status in
		0) ;;
		3) grep -q "left as they were" err.$run ||
			echo "run $run: BAD: status 3 without saying why: $(cat err.$run)" ;;
		*) echo "run $run: BAD: status $status: $(cat err.$run)" ;;
		esac
	done
}

test_expect_success 'quietly: every thread of two heated people is heated' '
	civil-scan --apply "*" &&
	test $(notmuch count tag:heated-thread) -eq $WANT &&
	test $(notmuch count tag:heated) -eq $WANT
'

test_expect_success 'while another process tags: no thread tag lost, every tag of the writer kept' '
	notmuch dump --include=tags --include=properties >before &&
	start_writer "from:busy@$ID" &&
	{ scan_runs 5 >runs; stop_writer; } &&
	cat runs && echo "writer: $writer_count commits" &&
	! grep BAD runs &&
	writer_landed "from:busy@$ID" &&
	notmuch dump --include=tags --include=properties >after &&
	without_writer after >after.mine &&
	test_cmp before after.mine
'

test_done
