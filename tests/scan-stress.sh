#!/bin/sh
# scan-stress.sh BUILD [ITERATIONS] - civil-scan --apply against writers
# that never stop, for as long as it takes: not part of make check.
#
# A notmuch database of THREADS threads of three messages (two people,
# every message heated by its one cue) and a busy sender, all scanned and
# tagged once.  Then ITERATIONS (300) times: writers run "notmuch tag" on
# the busy sender's mail and "notmuch new" with a new message, one after
# another, as fast as they can, while "civil-scan --apply '*'" scans all
# of it; the writers stop once the scan has ended and they committed at
# least once.  After each iteration:
#   - the scan's status is 0, 3 (it said "run it again") or 75 (locked or
#     busy past civil.lock-timeout, nothing changed); 134 or any other is
#     an abort;
#   - no thread lost heated-thread and no message lost heated (nothing
#     cooled, so any loss is a failed read taken as data);
#   - every tag the writers added is there, and every message they added.
# Every KILL_EVERY'th iteration (5; 0: never) the reader first tags a new
# message of words no other has heated (a correction, learned by its
# sentence alone), and the scan is killed (kill -9) at a random moment
# before the one that is checked runs; after each iteration every
# correction made is learned exactly once (the learned file's count of
# heated corrections, and each sentence's count of 1).
# Prints one line per failing iteration and a summary; exits 1 when any
# iteration failed.  THREADS (1000), PAD (lines of padding per message,
# 10) and ITERATIONS size it; TMPDIR says where the scratch database goes.
set -u
build=$(cd "${1:?usage: tests/scan-stress.sh BUILD [ITERATIONS]}" && pwd)
iterations=${2:-300}
kill_every=${KILL_EVERY:-5}
threads=${THREADS:-1000}
pad=${PAD:-10}
PATH="$build/bin:$PATH"
work=$(mktemp -d "${TMPDIR:-/tmp}/civil-stress.XXXXXX")
trap 'touch "$work/stop"; wait; rm -rf "$work"' EXIT
export HOME="$work/home"
export NOTMUCH_CONFIG="$HOME/notmuch-config"
unset NOTMUCH_PROFILE NOTMUCH_DATABASE CIVIL_TONE GIT_DIR GIT_WORK_TREE \
	GIT_CONFIG_GLOBAL
# civil.lexicon is git config's (the scan's and the tone check's), and
# only the scratch HOME's.
export XDG_CONFIG_HOME="$HOME/.config" GIT_CONFIG_NOSYSTEM=1
export G_SLICE=always-malloc
here=$(cd "$(dirname "$0")" && pwd)
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
mkdir -p "$HOME/mail/cur" "$HOME/mail/new" "$HOME/mail/tmp"
cat >"$NOTMUCH_CONFIG" <<EOF
[database]
path=$HOME/mail
[new]
tags=new
[maildir]
synchronize_flags=false
EOF
git config --global civil.lexicon "$HOME/lexicon"
# One cue and a model made by hand that holds it heated at any target
# (as tests/unit/check_learn.c does): what is heated never depends on
# the shipped model.
printf "3 mockery flimflam\nmodel stress.model\n" >"$HOME/lexicon"
printf "civil-heat-model 2\nbias -6 -4\n%s\n%s\n%s\n%s\n" \
	"7 5 mockery@none" "7 5 mockery@person" "7 5 mockery@work" \
	"7 5 mockery@thing" >"$HOME/stress.model"
id=kernel-test.invalid
awk -v dir="$HOME/mail/cur" -v id=$id -v threads="$threads" -v pad="$pad" 'BEGIN {
	for (k = 0; k < pad; k++)
		p = p "The queue is drained before the lock is dropped, so the reader sees a whole batch.\n"
	for (i = 1; i <= threads + 50; i++) {
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
			printf "%s\n\n%s", (i > threads ? "All green." : "That plan is flimflam."), p >f
			close(f)
		}
	}
}'
notmuch new --quiet
civil-scan --apply '*' || { echo "scan-stress: the first scan failed" >&2; exit 1; }
# How long a scan of all of it takes once it is tagged, for a kill to
# land inside one.
t0=$(date +%s%N)
civil-scan --apply '*' || { echo "scan-stress: the second scan failed" >&2; exit 1; }
scan_ns=$(($(date +%s%N) - t0))
want=$((threads * 3))
test "$(notmuch count tag:heated-thread)" -eq $want &&
	test "$(notmuch count tag:heated)" -eq $want || {
	echo "scan-stress: the first scan did not tag every thread" >&2
	exit 1
}

# The writers: a tag on the busy sender's mail, then a new message, one
# commit each, until told to stop; $work/commits counts them.
writers() {
	n=0
	while ! test -e "$work/stop"; do
		n=$((n + 1))
		notmuch tag "+w$n" -- "from:busy@$id" 2>>"$work/writer.err" ||
			echo "notmuch tag +w$n failed" >>"$work/writer.err"
		printf 'From: New <new@%s>\nSubject: new %d\nMessage-ID: <new-%d-%d@%s>\nDate: 09 Mar 2026 10:00:00 +0000\n\nAll green.\n' \
			$id "$n" "$1" "$n" $id >"$HOME/mail/new/new-$1-$n"
		notmuch new --quiet 2>>"$work/writer.err" ||
			echo "notmuch new failed" >>"$work/writer.err"
		echo "$n" >"$work/commits"
	done
}

learned="$HOME/.local/share/civil/learned"
failed=0 aborts=0 locked=0 partial=0 clean=0 commits=0 news=0
corrections=0 kills=0
start=$(date +%s)
for i in $(seq 1 "$iterations"); do
	rm -f "$work/stop" "$work/commits"
	kill_now=
	if test "$kill_every" -gt 0 && test $((i % kill_every)) -eq 0; then
		printf 'From: Cor Rection <cor@%s>\nSubject: iteration %d\nMessage-ID: <corr-%d@%s>\nDate: 10 Mar 2026 10:00:00 +0000\n\nIteration %d went as planned.\n' \
			$id "$i" "$i" $id "$i" >"$HOME/mail/cur/corr-$i:2,"
		notmuch new --quiet && notmuch tag +heated -- "id:corr-$i@$id" &&
			corrections=$((corrections + 1)) want=$((want + 1))
		kill_now=$(awk -v s="$i" -v ns="$scan_ns" \
			'BEGIN { srand(s); printf "%.3f", rand() * 3 * ns / 1e9 }')
	fi
	writers "$i" &
	wpid=$!
	if test -n "$kill_now"; then
		civil-scan --apply '*' >/dev/null 2>&1 &
		spid=$!
		sleep "$kill_now"
		kill -9 $spid 2>/dev/null
		{ wait $spid; } 2>/dev/null
		# (killed, not done before the kill)
		test $? -eq 137 && kills=$((kills + 1))
	fi
	civil-scan --apply '*' >/dev/null 2>"$work/scan.err"
	status=$?
	# At least one commit during the scan (or the writers are stuck).
	n=0
	while ! test -s "$work/commits" && test $n -lt 3000; do
		n=$((n + 1))
		sleep 0.1
	done
	touch "$work/stop"
	wait $wpid
	c=$(cat "$work/commits" 2>/dev/null || echo 0)
	commits=$((commits + c))
	bad=
	case $status in
	0) clean=$((clean + 1)) ;;
	3)
		partial=$((partial + 1))
		grep -q "run it again" "$work/scan.err" ||
			bad="status 3 without saying why"
		# What it said, numbers left out, for the summary.
		tail -n 1 "$work/scan.err" | sed 's/[0-9][0-9]*/N/g' >>"$work/partial"
		;;
	75) locked=$((locked + 1)) ;;
	*)
		aborts=$((aborts + 1))
		bad="status $status: $(tail -n 3 "$work/scan.err" | tr '\n' ' ')"
		;;
	esac
	got=$(notmuch count tag:heated-thread)
	test "$got" -eq $want || bad="$bad heated-thread on $got of $want;"
	got=$(notmuch count tag:heated)
	test "$got" -eq $want || bad="$bad heated on $got of $want;"
	if test -s "$work/writer.err"; then
		bad="$bad writer: $(head -n 1 "$work/writer.err");"
		: >"$work/writer.err"
	fi
	lost=$(notmuch dump --include=tags -- "from:busy@$id" | awk -v n="$c" '
		/^#/ { next }
		{ k = 0; for (f = 1; f <= NF && $f != "--"; f++) if ($f ~ /^\+w[0-9]+$/) k++
		  if (k < n) lost++ }
		END { print lost + 0 }')
	test "$lost" -eq 0 || bad="$bad $lost busy messages lack a writer's tag;"
	if test "$corrections" -gt 0; then
		h=$(awk '$1 == "corrections" { print $2 }' "$learned" 2>/dev/null)
		test "${h:-0}" -eq "$corrections" ||
			bad="$bad ${h:-0} heated corrections learned of $corrections;"
		twice=$(awk '$3 == "sentence" && $2 != 1' "$learned" 2>/dev/null | wc -l)
		test "$twice" -eq 0 || bad="$bad $twice sentences learned twice;"
	fi
	news=$((news + c))
	got=$(notmuch count from:new@$id)
	test "$got" -eq $news || bad="$bad $got of $news new messages;"
	# The next iteration's writer tags start again at w1.
	wtags=$(notmuch search --output=tags "from:busy@$id" | grep "^w[0-9]" | sed "s/^/-/")
	test -z "$wtags" || notmuch tag $wtags -- "from:busy@$id"
	if test -n "$bad"; then
		failed=$((failed + 1))
		echo "iteration $i: $bad"
	fi
done
end=$(date +%s)
echo "scan-stress: $iterations iterations in $((end - start)) s," \
	"$threads threads of 3 and 50 busy messages + what the writers added"
echo "scan-stress: civil-scan --apply: $clean status 0, $partial status 3," \
	"$locked status 75, $aborts aborts or other statuses"
echo "scan-stress: writers: $commits notmuch tag and $news notmuch new commits" \
	"during the scans"
if test -s "$work/partial"; then
	echo "scan-stress: status 3 said:"
	sort "$work/partial" | uniq -c | sed 's/^/  /'
fi
echo "scan-stress: $corrections corrections, $kills scans killed (kill -9)" \
	"before the one checked"
echo "scan-stress: $failed iterations lost something, aborted or learned twice"
test $failed -eq 0
