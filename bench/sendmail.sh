#!/bin/sh
# sendmail.sh BUILD - 200 messages (100 patches, 100 reviews) handed to a
# recording sendmail, through civil-sendmail and directly, same run: once
# exec'd one by one from a shell loop (civil-sendmail's own cost against
# one exec of a two-line script), once as git send-email hands them over.
. "$(dirname "$0")/lib.sh"
rounds=${ROUNDS:-5}

series_and_reviews 100 "$work/msgs" "$work/msgs"
printf '#!/bin/sh\ncat >"%s/last"\n' "$work" >"$work/record" && chmod +x "$work/record"
git config civil.sendmail "$work/record"

run() { # PROGRAM
	for f in "$work"/msgs/*; do
		"$1" -i -f bench@kernel-test.invalid list@kernel-test.invalid <"$f"
	done
}
w= d=
for r in $(seq 1 "$rounds"); do
	t0=$(now_ns); run "$work/record"; d="$d $(($(now_ns) - t0))"
	t0=$(now_ns); run civil-sendmail; w="$w $(($(now_ns) - t0))"
done
grep -q '^Reviewed under' "$work/last" || { echo "no reminder went out" >&2; exit 1; }
d=$(median $d) w=$(median $w)

# The same messages as a sender sends them: git send-email, whose
# --smtp-server is the recording sendmail or civil-sendmail in front of it.
send_all() { # SENDMAIL
	git send-email --quiet --confirm=never --suppress-cc=all \
		--from="Bench Mark <bench@kernel-test.invalid>" \
		--to=list@kernel-test.invalid --smtp-server="$1" \
		"$work"/msgs/* >/dev/null
}
gw= gd=
for r in $(seq 1 "$rounds"); do
	t0=$(now_ns); send_all "$work/record"; gd="$gd $(($(now_ns) - t0))"
	t0=$(now_ns); send_all "$build/bin/civil-sendmail"; gw="$gw $(($(now_ns) - t0))"
done
grep -q '^Reviewed under' "$work/last" || { echo "no reminder went out" >&2; exit 1; }
gd=$(median $gd) gw=$(median $gw)
echo "200 messages (100 patches, 100 reviews), median of $rounds:"
echo "  recording sendmail alone:        $(ms "$d") ms"
echo "  civil-sendmail in front of it:   $(ms "$w") ms"
echo "  ratio:                           $(ratio "$w" "$d") (target <= 1.10)"
echo "  civil-sendmail's own time:       $(awk -v a="$w" -v b="$d" 'BEGIN {printf "%.2f", (a - b) / 200 / 1e6}') ms a message"
echo "the same 200 through git send-email, median of $rounds:"
echo "  --smtp-server=recording sendmail:         $(ms "$gd") ms"
echo "  --smtp-server=civil-sendmail in front:    $(ms "$gw") ms"
echo "  ratio:                                    $(ratio "$gw" "$gd")"
