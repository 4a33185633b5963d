#!/bin/sh
# send-email.sh BUILD - git send-email of a 30-patch series plus 30 reviews
# to a fake sendmail, with civil's sendemail-validate hook against a hook
# that only exits 0; then civil-remind's own time per message.
. "$(dirname "$0")/lib.sh"
rounds=${ROUNDS:-15}

series_and_reviews 30 "$work/series" "$work/reviews"
printf '#!/bin/sh\ncat >/dev/null\n' >"$work/sendmail" && chmod +x "$work/sendmail"
mkdir -p "$work/hooks-noop"
printf '#!/bin/sh\nexit 0\n' >"$work/hooks-noop/sendemail-validate"
chmod +x "$work/hooks-noop/sendemail-validate"
git config core.hooksPath "$work/hooks-civil"
civil-install --git >/dev/null

send_all() {
	rm -rf "$work/out" && mkdir "$work/out"
	cp "$work"/series/*.patch "$work"/reviews/*.eml "$work/out/"
	git -c core.hooksPath="$1" send-email --quiet --confirm=never \
		--suppress-cc=all --from="Bench Mark <bench@kernel-test.invalid>" \
		--to=list@kernel-test.invalid --smtp-server="$work/sendmail" \
		--in-reply-to="<series@kernel-test.invalid>" "$work"/out/* >/dev/null
}

# Rounds alternate the arms; this VM's speed drifts by 10-20% from one
# round to the next, so each round's own ratio is kept as well.
civil_times= noop_times= ratios=
for r in $(seq 1 "$rounds"); do
	for arm in noop civil; do
		t0=$(now_ns)
		send_all "$work/hooks-$arm"
		t=$(($(now_ns) - t0))
		eval "${arm}_times=\"\$${arm}_times $t\" ${arm}_t=$t"
	done
	ratios="$ratios $((civil_t * 1000 / noop_t))"
done
grep -q '^Reviewed under' "$work/out/r1.eml" || { echo "civil hook did not run" >&2; exit 1; }
c=$(median $civil_times) n=$(median $noop_times)
paired=$(awk -v r="$(median $ratios)" 'BEGIN {printf "%.3f", r / 1000}')

# The hooks alone, as git runs them, per message: civil's shim on a patch
# and on a review, against the hook that only exits 0.
hook_time() { # HOOK FILE -> ns per run, 50 runs
	t0=$(now_ns)
	for i in $(seq 1 50); do
		cp "$2" "$work/one" && "$1" "$work/one" >/dev/null
	done
	echo $((($(now_ns) - t0) / 50))
}
patch=$(ls "$work"/series/*.patch | head -n 1)
review="$work/reviews/r1.eml"
civil_hook="$work/hooks-civil/sendemail-validate"
noop_hook="$work/hooks-noop/sendemail-validate"
np= cp_= cr=
for r in $(seq 1 "$rounds"); do
	np="$np $(hook_time "$noop_hook" "$patch")"
	cp_="$cp_ $(hook_time "$civil_hook" "$patch")"
	cr="$cr $(hook_time "$civil_hook" "$review")"
done
np=$(median $np) cp_=$(median $cp_) cr=$(median $cr)

echo "git send-email, 30 patches + 30 reviews, median of $rounds rounds:"
echo "  hook that exits 0: $(ms "$n") ms"
echo "  civil's hook:      $(ms "$c") ms"
echo "  ratio:             $(ratio "$c" "$n") (target <= 1.25, issue 25)"
echo "  median of the rounds' own ratios: $paired"
echo "one hook run (with a cp), median of $rounds x 50:"
echo "  hook that exits 0:      $(ms "$np") ms"
echo "  civil's hook, a patch:  $(ms "$cp_") ms"
echo "  civil's hook, a review: $(ms "$cr") ms"
