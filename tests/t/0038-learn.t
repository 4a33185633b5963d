#!/bin/sh
# civil-scan --apply learns from its reader's corrections: a heated tag
# civil set that the reader took off, one the reader set that civil did
# not.  A real notmuch database in a temporary HOME.
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
need_tool python3 'python3 -c "import fcntl, termios"'
need_tool taskset 'taskset -p $$'
ID=kernel-test.invalid
LEARNED=$HOME/.local/share/civil/learned

setup_notmuch
mail ugly-1 "Re: [PATCH] drm: a new plane helper" "Rex Viewer <rex@$ID>" "" 1 <<-\EOF
You are a moron if you think this boots.
EOF
mail ugly-2 "Re: [PATCH] net: rework the queue" "Sam Other <sam@$ID>" "" 2 <<-\EOF
You're a moron, this will never work on arm64.
EOF
mail ign-1 "Re: [PATCH] mm: one more knob" "Rex Viewer <rex@$ID>" "" 3 <<-\EOF
You must be insane to merge this.
EOF
mail ign-2 "Re: [PATCH] fs: another flag" "Sam Other <sam@$ID>" "" 4 <<-\EOF
You are insane, this will never work.
EOF
mail crap-1 "Re: [PATCH] usb: quirk" "Rex Viewer <rex@$ID>" "" 5 <<-\EOF
You are an idiot, rework it.
EOF
notmuch new --quiet

# heated ID: the message carries the heated tag.
heated() {
	tags_of "$1" | grep -qw heated
}

score_of() {
	civil-scan --scores "id:$1@$ID" | cut -f1
}

test_expect_success 'before any correction: civil flags the ugly ones, not the others' '
	civil-scan --apply "*" &&
	heated ugly-1 &&
	heated ugly-2 &&
	! heated ign-1 &&
	! heated ign-2 &&
	civil-heated --learned >learned &&
	grep -x "nothing learned yet" learned &&
	test ! -e "$LEARNED"
'

test_expect_success 'a tag the reader took off stays off, and is learned once' '
	before=$(score_of ugly-2) &&
	notmuch tag -heated "id:ugly-1@$ID" &&
	civil-scan --apply -v 2>err &&
	grep "learned from 1 correction" err &&
	! heated ugly-1 &&
	notmuch dump --include=properties "id:ugly-1@$ID" >props &&
	grep "civil.reader=calm" props &&
	! grep "civil.tagged" props &&
	civil-scan --apply -v "*" 2>err &&
	! grep "learned from" err &&
	! heated ugly-1 &&
	grep -x "corrections 0 1 0" "$LEARNED" &&
	after=$(score_of ugly-2) &&
	echo "ugly-2: $before -> $after" &&
	awk -v a="$after" -v b="$before" "BEGIN { exit !(a < b && a < 2.5) }"
'

test_expect_success 'another message with the same cue in the same sense is no longer flagged' '
	! heated ugly-2 &&
	heated crap-1
'

test_expect_success 'civil-heated --learned says what was learned, from how many corrections' '
	civil-heated --learned >learned &&
	cat learned &&
	grep "^'"'"'moron\*\?'"'"' at a person: -[0-9.]* from 1 correction$" learned &&
	grep "^1 correction: 0 tagged heated by you, 1 heated tags you removed" learned &&
	grep "kept in .$LEARNED." learned
'

test_expect_success '--explain shows the learned weight among the reasons' '
	notmuch tag +heated "id:ugly-2@$ID" &&
	civil-heated --explain >why &&
	cat why &&
	grep "id:ugly-2@$ID  [0-9.]*  [a-z]*  learned -[0-9.]* from 1 correction .moron." why
'

test_expect_success 'a message the reader tagged stays heated, and is learned as heated' '
	notmuch tag -heated "id:ugly-2@$ID" &&
	before=$(score_of ign-2) &&
	notmuch tag +heated "id:ign-1@$ID" &&
	civil-scan --apply &&
	heated ign-1 &&
	notmuch dump --include=properties "id:ign-1@$ID" >props &&
	grep "civil.reader=heated" props &&
	grep -x "corrections 1 1 0" "$LEARNED" &&
	after=$(score_of ign-2) &&
	echo "ign-2: $before -> $after" &&
	awk -v a="$after" -v b="$before" "BEGIN { exit !(a > b && a >= 2.5) }" &&
	civil-scan --apply "*" &&
	heated ign-2 &&
	grep -x "corrections 1 1 0" "$LEARNED"
'

test_expect_success 'what the reader tagged is never taken off, even once civil forgets' '
	civil-scan --forget >out &&
	grep "removed .$LEARNED." out &&
	test ! -e "$LEARNED" &&
	civil-heated --learned | grep -x "nothing learned yet" &&
	civil-scan --apply "*" &&
	heated ign-1 &&
	! heated ign-2 &&
	! heated ugly-1 &&
	heated ugly-2 &&
	civil-scan --forget >out &&
	grep "nothing learned to forget" out
'

test_expect_success 'a learned file civil cannot read: one line naming it, exit 1' '
	mkdir -p "$(dirname "$LEARNED")" &&
	printf "corrections 1 1 0\n-1.2 3 cue contempt thing ugly\nnonsense here\n" >"$LEARNED" &&
	notmuch dump >before &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	test_line_count 1 err &&
	grep "^civil-scan: .$LEARNED.:3: not a learned weight" err &&
	notmuch dump >after && test_cmp before after &&
	test_expect_code 1 civil-heated --learned >out 2>err &&
	test_line_count 1 err &&
	grep "^civil-heated: .$LEARNED.:3: not a learned weight" err &&
	test_expect_code 0 civil-heated >out 2>err &&
	test_line_count 1 err &&
	printf "\377\376 1 cue\n" >"$LEARNED" &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	test_line_count 1 err &&
	printf "corrections 1 1 0\n-1.2 3 cue contempt thing ugly\0and more\n" >"$LEARNED" &&
	test_expect_code 1 civil-scan --apply "*" 2>err &&
	test_line_count 1 err &&
	grep "^civil-scan: .$LEARNED.:2: not a learned weight .*NUL byte" err &&
	civil-scan --forget
'

# Two scans at once (the post-new hook and the timer): the first to keep
# what it learned wins nothing over the other.  Scan B finds a correction
# and is held in its walk (lib.sh's gate_*) while the reader makes a
# second and scan A learns both; then B goes on.  Each correction is
# learned once: B reads the file again under the lock and finds both
# already marked learned, so the file stays as A left it (before, B wrote
# what it had learned over it: one correction, the other lost).  Two
# messages of its own, each heated by a cue of its own, so that learning
# one leaves the other as it was.
test_expect_success 'two scans at once: each correction learned once, none lost' '
	mail two-1 "Re: [PATCH] mm: one lock" "Rex Viewer <rex@$ID>" "" 7 <<-\EOF &&
	This is utter garbage and you are an idiot.
	EOF
	mail two-2 "Re: [PATCH] mm: two locks" "Sam Other <sam@$ID>" "" 8 <<-\EOF &&
	How many times do I have to say it?!  For the last time: read the code.
	EOF
	mkdir -p "$HOME/mail/gate/cur" &&
	mail gate-1 "Re: [PATCH] mm: the last word" "Ann Org <ann@$ID>" "" 6 <<-\EOF &&
	Thanks, applied.
	EOF
	mv "$HOME/mail/cur/gate-1:2," "$HOME/mail/gate/cur/gate-1:2," &&
	touch -d @1000000000 "$HOME/mail/gate/cur" &&
	notmuch new --quiet &&
	civil-scan --apply "*" &&
	heated two-1 && heated two-2 && test ! -e "$LEARNED" &&
	notmuch tag -heated "id:two-1@$ID" &&
	gate=$HOME/mail/gate/cur/gate-1:2, &&
	gate_make "$gate" &&
	gate_hold "$gate" &&
	{ one_cpu civil-scan --apply "*" 2>b.err & b=$!; } &&
	gate_wait $b &&
	notmuch tag -heated "id:two-2@$ID" &&
	civil-scan --apply -v "not id:gate-1@$ID" 2>a.err &&
	grep "learned from 2 corrections" a.err &&
	cp "$LEARNED" a.learned &&
	gate_release "$gate" &&
	{ wait $b; status=$?; } &&
	cat b.err &&
	test $status -eq 0 &&
	grep -x "corrections 0 2 0" "$LEARNED" &&
	# the weights alike; the records of which corrections the file holds
	# go once the database has them marked (#31 item 5)
	grep -v "^learned " a.learned >a.weights &&
	grep -v "^learned " "$LEARNED" >b.weights &&
	test_cmp a.weights b.weights &&
	! heated two-1 && ! heated two-2 &&
	notmuch dump --include=properties "id:two-1@$ID" "id:two-2@$ID" >props &&
	test $(grep -c "civil.reader=calm" props) -eq 2
'

test_done
