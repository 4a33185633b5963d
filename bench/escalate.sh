#!/bin/sh
# escalate.sh BUILD - escalate-thread on a 500-message thread (written here)
# against notmuch writing the same thread as an mbox, side by side.
. "$(dirname "$0")/lib.sh"
rounds=${ROUNDS:-7}

mkdir -p "$work/mail/cur" "$work/mail/new" "$work/mail/tmp"
export NOTMUCH_CONFIG="$work/nm-config"
printf '[database]\npath=%s/mail\n[user]\nname=Bench\nprimary_email=bench@kernel-test.invalid\n[new]\ntags=new\n' \
	"$work" >"$NOTMUCH_CONFIG"
awk -v dir="$work/mail/cur" 'BEGIN {
	for (i = 1; i <= 500; i++) {
		f = sprintf("%s/m%03d:2,", dir, i)
		printf "From: Dev %d <dev%d@kernel-test.invalid>\n", i % 9, i % 9 >f
		printf "Subject: Re: [PATCH] a long review\nMessage-ID: <m%d@kernel-test.invalid>\n", i >f
		if (i > 1) printf "In-Reply-To: <m%d@kernel-test.invalid>\n", i - 1 >f
		printf "List-Id: <bench.lists.kernel-test.invalid>\n" >f
		printf "Date: Mon, 02 Mar 2026 %02d:%02d:00 +0000\n\n", int(i / 60), i % 60 >f
		printf "> quoted text of the message before\n\n" >f
		for (k = 0; k < 20; k++) printf "Line %d of message %d, about locking and the fault path.\n", k, i >f
		if (i % 10 == 0) printf "You are clueless and this is garbage.\n" >f
		close(f)
	}
}'
notmuch new --quiet
civil-scan --apply '*' || true

e= n=
for r in $(seq 1 "$rounds"); do
	t0=$(now_ns)
	notmuch show --format=mbox "thread:{id:m1@kernel-test.invalid}" >"$work/thread.mbox"
	n="$n $(($(now_ns) - t0))"
	t0=$(now_ns)
	escalate-thread --stdout id:m1@kernel-test.invalid >"$work/draft.eml"
	e="$e $(($(now_ns) - t0))"
done
n=$(median $n) e=$(median $e)
echo "500-message thread ($(wc -c <"$work/thread.mbox") bytes of mbox), median of $rounds:"
echo "  notmuch show --format=mbox:   $(ms "$n") ms"
echo "  escalate-thread --stdout:     $(ms "$e") ms ($(wc -c <"$work/draft.eml") bytes)"
echo "  ratio:                        $(ratio "$e" "$n") (target <= 2)"
