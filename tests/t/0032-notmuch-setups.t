#!/bin/sh
# The post-new hook under notmuch set up the way people have it: every
# place notmuch 0.37 finds its config, notmuch's default new.tags
# (unread;inbox, no "new"), the README's [civil] block pasted in, mail
# that arrives by notmuch insert; and what civil-scan with no query
# scores (the mail changed since its last --apply: lib/lastmod.c).
. "$(dirname "$0")/lib.sh"

need_tool notmuch 'notmuch --version'
need_tool systemd-analyze 'systemd-analyze --version'
HOLD="$CIVIL_BUILD/tests/hold-lock"
ID=kernel-test.invalid

# nm_home WHERE - a fresh HOME with a notmuch config where WHERE says
# (dot: ~/.notmuch-config, xdg: $XDG_CONFIG_HOME/notmuch/default/config,
# profile: NOTMUCH_PROFILE=work, env: NOTMUCH_CONFIG) holding nothing but
# the database path and the user: notmuch's defaults for the rest.  Sets
# CFG to the file.
nm_home() {
	HOME="$TEST_DIR/home-$1"
	XDG_CONFIG_HOME="$HOME/.config"
	export HOME XDG_CONFIG_HOME
	unset NOTMUCH_CONFIG NOTMUCH_PROFILE
	nm_name=mail
	mkdir -p "$HOME/mail/cur" "$HOME/mail/new" "$HOME/mail/tmp"
	# the levels of lib.sh, in this HOME too
	git config --global civil.threshold 2.5
	git config --global civil.review 0.4
	case $1 in
	dot*) CFG=$HOME/.notmuch-config ;;
	xdg*) CFG=$XDG_CONFIG_HOME/notmuch/default/config ;;
	profile*)
		export NOTMUCH_PROFILE=work
		CFG=$XDG_CONFIG_HOME/notmuch/work/config
		;;
	env*)
		export NOTMUCH_CONFIG="$HOME/elsewhere/notmuch.conf"
		CFG=$NOTMUCH_CONFIG
		;;
	esac
	mkdir -p "${CFG%/*}"
	cat >"$CFG" <<-EOF
	[database]
	path=$HOME/mail
	[user]
	name=Re Viewer
	primary_email=reviewer@$ID
	EOF
}

old_mail() {
	mail old-1 "Re: [PATCH] mm: old" "Rex Viewer <rex@$ID>" "" 1 <<-\EOF
	You are an idiot and this is utter garbage.
	EOF
}

new_mail() {
	mail "$1-hot" "Re: [PATCH] mm: $1" "Rex Viewer <rex@$ID>" "" 2 <<-\EOF
	Shut up and learn to read, you moron.
	EOF
	mail "$1-calm" "scheduling $1" "Ann Org <ann@$ID>" "" 3 <<-\EOF
	Tuesday works for me.
	EOF
}

# hook_scores_new_mail WHERE - the whole story in one setup.
hook_scores_new_mail() {
	nm_home "$1" &&
	old_mail &&
	notmuch new --quiet &&
	test "$(notmuch config get new.tags | tr "\n" ";")" = "unread;inbox;" &&
	civil-install --notmuch >out &&
	grep "installed post-new hook" out &&
	grep "new mail is scored from now on; to score the mail you have: civil-scan --apply" out &&
	new_mail a &&
	notmuch new --quiet 2>err &&
	test ! -s err &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	test "$(tags_of a-calm)" = "inbox unread " &&
	test "$(tags_of old-1)" = "inbox unread " &&
	uuid=$(notmuch count --lastmod "*" | cut -f2) &&
	notmuch config get civil.lastmod | grep -x "$uuid [0-9][0-9]*" &&
	new_mail b &&
	notmuch new --quiet 2>err &&
	test ! -s err &&
	test "$(tags_of b-hot)" = "heated inbox unread " &&
	test "$(tags_of b-calm)" = "inbox unread " &&
	test "$(tags_of old-1)" = "inbox unread " &&
	civil-scan --apply "*" &&
	test "$(tags_of old-1)" = "heated inbox unread "
}

test_expect_success 'default new.tags, ~/.notmuch-config: the hook scores new mail' '
	hook_scores_new_mail dot
'
test_expect_success 'default new.tags, $XDG_CONFIG_HOME/notmuch/default/config' '
	hook_scores_new_mail xdg
'
test_expect_success 'default new.tags, NOTMUCH_PROFILE=work' '
	hook_scores_new_mail profile &&
	test -f "$XDG_CONFIG_HOME/notmuch/work/config"
'
test_expect_success 'default new.tags, NOTMUCH_CONFIG' '
	hook_scores_new_mail env
'

test_expect_success 'the README'"'"'s [civil] block, pasted as it is: the hook works' '
	nm_home dot-pasted &&
	sed -n "/^    \[civil\]\$/,/^\$/s/^    //p" "$CIVIL_SRC/README.md" >block &&
	grep -x "\[civil\]" block &&
	grep -x "tag=heated" block &&
	cat block >>"$CFG" &&
	test "$(notmuch config get civil.tag)" = heated &&
	notmuch new --quiet &&
	civil-install --notmuch >out 2>err &&
	test ! -s err &&
	new_mail a &&
	notmuch new --quiet 2>err &&
	test ! -s err &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	civil-heated >list 2>err &&
	test ! -s err &&
	grep "^    \[PATCH\] mm: a" list
'

test_expect_success 'a comment after a value: one line naming the key and the value' '
	nm_home dot-comment &&
	printf "[civil]\nlock-timeout=10          # seconds to wait for another writer\n" >>"$CFG" &&
	new_mail a &&
	notmuch new --quiet &&
	test_expect_code 1 civil-scan 2>err &&
	test_line_count 1 err &&
	grep -x "civil-scan: notmuch config civil.lock-timeout: .10          # seconds to wait for another writer. is not a number of seconds from 0 to 3600 (notmuch.s config has no comments after a value: put them on a line of their own)" err &&
	test_expect_code 1 civil-heated 2>err &&
	grep "^civil-heated: notmuch config civil.lock-timeout: " err &&
	civil-install --notmuch >out 2>err &&
	grep "^civil-install: notmuch config civil.lock-timeout: .*; civil-scan stops there until it is fixed" err &&
	new_mail b &&
	test_expect_code 1 notmuch new --quiet 2>err &&
	grep "^civil-scan: notmuch config civil.lock-timeout: " err &&
	test "$(tags_of b-hot)" = "inbox unread "
'

test_expect_success 'a key civil does not know, a tag with a blank, several at once' '
	nm_home dot-typo &&
	notmuch new --quiet &&
	printf "[civil]\ntreshold=1.5\n" >>"$CFG" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	grep -x "civil-scan: notmuch config civil.treshold: no such setting (civil has tag, thread-tag, query, archive and lock-timeout)" err &&
	printf "tag=hot stuff\nquery=tag:x   # mine\n" >>"$CFG" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	test_line_count 1 err &&
	grep "; and 2 more bad \[civil\] settings\$" err &&
	sed -i -e "/^treshold/d" -e "/^query/d" "$CFG" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	grep -x "civil-scan: notmuch config civil.tag: .hot stuff. is not a tag name (one word)" err
'

# Issue 25 item 2: one threshold and one lexicon, git config's, for the
# scan and the tone check; the old [civil] keys name the new ones.
test_expect_success 'civil.threshold and civil.lexicon: git config'"'"'s, for the scan too; the old keys say so' '
	nm_home dot-moved &&
	new_mail a &&
	notmuch new --quiet &&
	printf "[civil]\nthreshold=1.5\n" >>"$CFG" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	test_line_count 1 err &&
	grep -x "civil-scan: notmuch config civil.threshold: moved to git config civil.threshold, one setting for the scan and the tone check: git config --global civil.threshold .1.5." err &&
	sed -i "/^threshold/d" "$CFG" &&
	printf "lexicon=~/mine\n" >>"$CFG" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	grep -x "civil-scan: notmuch config civil.lexicon: moved to git config civil.lexicon, one setting for the scan and the tone check: git config --global civil.lexicon .~/mine." err &&
	sed -i "/^lexicon/d" "$CFG" &&
	mail a-warm "Re: [PATCH] mm: a" "Rex Viewer <rex@$ID>" "" 4 <<-\EOF &&
	You are an idiot.
	EOF
	notmuch new --quiet &&
	civil-scan "*" >tags &&
	grep -x -- "+heated -- id:\"a-warm@$ID\"" tags &&
	git config --global civil.threshold 4.9999 &&
	civil-scan "*" >tags &&
	! grep -- "+heated -- id:\"a-warm@$ID\"" tags &&
	git config --global civil.threshold 2,5 &&
	test_expect_code 1 civil-scan "*" 2>err &&
	grep -x "civil-scan: git config civil.threshold: .2,5. is not a number over 0 and under 5" err &&
	git config --global civil.threshold 2.5 &&
	git config --global civil.lexicon "~/nowhere" &&
	test_expect_code 1 civil-scan "*" 2>err &&
	grep -x "civil-scan: git config civil.lexicon: can.t read .~/nowhere.: No such file or directory" err &&
	test_expect_code 1 civil-scan --mbox "$HOME/mail/cur/a-hot:2," 2>err &&
	grep -x "civil-scan: git config civil.lexicon: can.t read .~/nowhere.: No such file or directory" err &&
	git config --global --unset civil.lexicon
'

test_expect_success 'escalate-thread says a bad setting and makes the draft all the same' '
	nm_home dot-escalate &&
	new_mail a &&
	notmuch new --quiet &&
	printf "[civil]\nlock-timeout=long\n" >>"$CFG" &&
	git config --global civil.threshold high &&
	escalate-thread --stdout "id:a-hot@$ID" >draft 2>err &&
	git config --global civil.threshold 2.5 &&
	grep -x "escalate-thread: notmuch config civil.lock-timeout: .long. is not a number of seconds from 0 to 3600" err &&
	test "$(grep -c "git config civil.threshold: .high. is not a number over 0 and under 5" err)" -eq 1 &&
	grep "^To: " draft
'

# ---- what a scan with no query scores ----

nm_home dot-lastmod
for n in 1 2 3; do
	mail "calm-$n" "chat $n" "Ann Org <ann@$ID>" "" "$n" <<-\EOF
	Tuesday works for me.
	EOF
done
notmuch new --quiet

test_expect_success 'no record: all the mail is scored, once, and it is said' '
	civil-scan --scores >scores 2>err &&
	test_line_count 3 scores &&
	grep -x "civil-scan: no scan recorded in database .*/mail.: scoring all of its mail" err &&
	civil-scan --apply 2>err &&
	test_line_count 1 err &&
	civil-scan --scores >scores 2>err &&
	test ! -s scores && test ! -s err
'

test_expect_success 'a scan without --apply leaves the record alone' '
	before=$(notmuch config get civil.lastmod) &&
	new_mail c &&
	notmuch new --quiet &&
	civil-scan >lines1 &&
	civil-scan >lines2 &&
	grep -x "+heated -- id:\"c-hot@$ID\"" lines1 &&
	test_cmp lines1 lines2 &&
	test "$(notmuch config get civil.lastmod)" = "$before" &&
	civil-scan --apply &&
	test "$(tags_of c-hot)" = "heated inbox unread " &&
	test "$(notmuch config get civil.lastmod)" != "$before"
'

test_expect_success 'civil does not scan its own tags again; a tag you change is' '
	civil-scan --scores >scores &&
	test ! -s scores &&
	notmuch tag -unread "id:calm-1@$ID" &&
	civil-scan --scores >scores &&
	test_line_count 1 scores &&
	grep "	calm-1@$ID	" scores &&
	notmuch dump --include=tags --include=properties >before &&
	civil-scan --apply &&
	notmuch dump --include=tags --include=properties >after &&
	test_cmp before after
'

test_expect_success 'mail that came by notmuch insert, with no notmuch new' '
	mail d-hot "Re: [PATCH] mm: d" "Rex Viewer <rex@$ID>" "" 4 <<-\EOF &&
	Shut up, you moron.
	EOF
	mv "$HOME/mail/cur/d-hot:2," "$HOME/d-hot.eml" &&
	notmuch insert --folder=inserted --create-folder <"$HOME/d-hot.eml" &&
	civil-scan --apply &&
	test "$(tags_of d-hot)" = "heated inbox unread "
'

test_expect_success 'another writer between the scan and the tagging: its change is scanned next time' '
	rm -f held &&
	new_mail e &&
	notmuch new --quiet &&
	{ "$HOLD" "calm-2@$ID" 2 >held & } &&
	wait_for_file held &&
	civil-scan --apply &&
	wait &&
	test "$(tags_of e-hot)" = "heated inbox unread " &&
	tags_of calm-2 | grep -w held &&
	civil-scan --scores >scores &&
	grep "	calm-2@$ID	" scores &&
	civil-scan --apply &&
	civil-scan --scores >scores &&
	test ! -s scores
'

test_expect_success 'a rebuilt database (a new UUID) is scored whole, even with the old record restored' '
	notmuch dump >dump &&
	grep "^#@ civil.lastmod " dump &&
	rm -rf "$HOME/mail/.notmuch" &&
	notmuch new --quiet &&
	notmuch restore <dump &&
	notmuch config get civil.lastmod | grep -v "^$(notmuch count --lastmod "*" | cut -f2) " &&
	civil-scan --scores >scores 2>err &&
	grep "no scan recorded" err &&
	test $(wc -l <scores) -eq $(notmuch count "*") &&
	civil-scan --apply 2>/dev/null &&
	civil-scan --scores >scores 2>err &&
	test ! -s scores && test ! -s err
'

# ---- tag:new setups ----

test_expect_success 'civil.query=tag:new with new.tags=new: the hook scores tag:new, as before' '
	nm_home dot-tagnew &&
	printf "[new]\ntags=new;unread\n[civil]\nquery=tag:new\n" >>"$CFG" &&
	notmuch new --quiet &&
	civil-install --notmuch >out 2>err &&
	test ! -s err &&
	new_mail a &&
	notmuch new --quiet &&
	test "$(tags_of a-hot)" = "heated new unread " &&
	notmuch tag -new "*" &&
	notmuch tag +new "id:a-calm@$ID" &&
	civil-scan --scores >scores &&
	test_line_count 1 scores &&
	grep "	a-calm@$ID	" scores
'

test_expect_success 'civil.query=tag:new with the default new.tags: civil-install warns' '
	nm_home dot-tagnew-default &&
	printf "[civil]\nquery=tag:new\n" >>"$CFG" &&
	notmuch new --quiet &&
	civil-install --notmuch >out 2>err &&
	grep -x "civil-install: civil.query .tag:new. scores mail tagged .new., which notmuch new does not add (new.tags is .unread;inbox.): the post-new hook will score nothing new; without civil.query it scores what changed since its last run" err
'

test_expect_success 'a user post-new hook is kept and said to run after civil'"'"'s' '
	nm_home dot-userhook &&
	notmuch new --quiet &&
	hooks=$(notmuch config get database.hook_dir) &&
	mkdir -p "$hooks" &&
	write_script "$hooks/post-new" <<-\EOF &&
	echo "user post-new ran" >>"$HOME/post-new.log"
	EOF
	civil-install --notmuch >out &&
	grep -x "civil-install: kept your post-new hook; it runs after civil.s, as .$hooks/post-new.civil-chained." out &&
	new_mail a &&
	notmuch new --quiet &&
	grep "user post-new ran" "$HOME/post-new.log" &&
	test "$(tags_of a-hot)" = "heated inbox unread "
'

# A setting civil can't read stops the scan, in the hook too: new mail
# is not scored until it is fixed.  Said where people look who run
# notmuch new from cron or mbsync: notmuch new exits 1 (notmuch 0.37
# passes a failed post-new hook on: "Error: post-new hook failed"), and
# civil-heated says it.  A user hook after civil's still runs; fixed, the
# next notmuch new scores what came in meanwhile.
test_expect_success 'a setting civil can'"'"'t read: notmuch new fails, civil-heated says so; fixed, new mail is scored' '
	nm_home dot-badsetting &&
	notmuch new --quiet &&
	hooks=$(notmuch config get database.hook_dir) &&
	mkdir -p "$hooks" &&
	write_script "$hooks/post-new" <<-\EOF &&
	echo "user post-new ran" >>"$HOME/post-new.log"
	EOF
	civil-install --notmuch >/dev/null &&
	notmuch config set civil.treshold 1 &&
	new_mail a &&
	test_expect_code 1 notmuch new --quiet 2>err &&
	grep -x "civil-scan: notmuch config civil.treshold: no such setting (.*)" err &&
	grep -x "Error: post-new hook failed with status 1" err &&
	test_line_count 2 err &&
	grep "user post-new ran" "$HOME/post-new.log" &&
	test "$(tags_of a-hot)" = "inbox unread " &&
	test_expect_code 1 civil-heated >out 2>err &&
	grep -x "civil-heated: notmuch config civil.treshold: no such setting (.*); new mail is not scored until it is fixed" err &&
	notmuch config set civil.treshold &&
	notmuch new --quiet 2>err &&
	test ! -s err &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	civil-heated >out &&
	grep "^    \[PATCH\] mm: a" out
'

test_expect_success 'the hook is quiet at a terminal when all is well; a busy database fails nothing: the next run scores it' '
	nm_home dot-quiet &&
	notmuch new --quiet &&
	civil-install --notmuch >/dev/null &&
	new_mail a &&
	SHELL=/bin/sh script -qec "notmuch new --quiet" /dev/null </dev/null >out &&
	test ! -s out &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	printf "[civil]\nlock-timeout=1\n" >>"$HOME/.notmuch-config" &&
	new_mail b &&
	notmuch new --quiet --no-hooks &&
	{ "$HOLD" "a-calm@$ID" 4 >held & } && wait_for_file held &&
	hooks=$(notmuch config get database.hook_dir) &&
	{ "$hooks/post-new" 2>err; status=$?; } && wait &&
	test $status -eq 0 &&
	grep "^civil-scan: " err &&
	notmuch new --quiet &&
	test "$(tags_of b-hot)" = "heated inbox unread "
'

# Issue 24 item 9: --uninstall takes the hook away and says what stays in
# the database; --purge takes that too, and never a person's own tag.
test_expect_success 'civil-install --notmuch --uninstall says what stays; --purge takes it away, a person'"'"'s tag kept' '
	nm_home dot-purge &&
	old_mail &&
	notmuch new --quiet &&
	civil-install --notmuch >/dev/null &&
	new_mail a &&
	notmuch new --quiet &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	notmuch tag +heated -- "id:a-calm@$ID" &&
	notmuch dump --include=properties | grep -q "civil\.heat=" &&
	test -n "$(notmuch config get civil.lastmod)" &&
	civil-install --notmuch --uninstall >out &&
	grep -x "civil-install: civil.s tags (.heated., .heated-thread.), its properties (civil.\*) and its scan record (civil.lastmod) stay in the database; --uninstall --purge takes them away" out &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	civil-scan --apply &&
	test -f "$HOME/.local/share/civil/learned" &&
	write_review review.eml hostile.eml &&
	test_expect_code 75 civil-sendmail x@$ID <hostile.eml 2>/dev/null &&
	mkdir -p "$HOME/.local/state/civil/unsent" &&
	cp review.eml "$HOME/.local/state/civil/unsent/20260301-100000-1.eml" &&
	civil-install --notmuch --uninstall --purge >out &&
	grep -x "civil-install: purged the database: .heated. off 1 message, .heated-thread. off [0-9]*, civil.s properties off [0-9]*, and the scan record (civil.lastmod)" out &&
	grep -x "civil-install: kept .heated. on 1 message a person tagged" out &&
	grep -x "civil-install: removed what your corrections taught civil (.$HOME/.local/share/civil/learned.)" out &&
	test ! -e "$HOME/.local/share/civil/learned" &&
	grep -x "civil-install: left 1 message civil-sendmail held for its tone (.$HOME/.local/state/civil/held.) and 1 it could not send (.$HOME/.local/state/civil/unsent.): they may be the only copy; remove them once you have what you need" out &&
	test -f "$HOME/.local/state/civil/unsent/20260301-100000-1.eml" &&
	ls "$HOME/.local/state/civil/held/"*.eml &&
	test "$(tags_of a-hot)" = "inbox unread " &&
	test "$(tags_of a-calm)" = "heated inbox unread " &&
	test "$(tags_of old-1)" = "inbox unread " &&
	! notmuch dump --include=properties | grep "civil\." &&
	test -z "$(notmuch config get civil.lastmod)" &&
	test_expect_code 2 civil-install --notmuch --purge 2>err &&
	grep "^Usage: civil-install" err
'

# ---- no hooks: the systemd user timer ----

test_expect_success 'the timer'"'"'s service scores mail that came with no hook run' '
	nm_home dot-timer &&
	old_mail &&
	notmuch new --quiet &&
	civil-install --notmuch >/dev/null &&
	rm "$(notmuch config get database.hook_dir)/post-new" &&
	sed "s|@BINDIR@|$CIVIL_BUILD/bin|" "$CIVIL_SRC/systemd/civil-scan.service.in" >civil-scan.service &&
	cp "$CIVIL_SRC/systemd/civil-scan.timer" . &&
	systemd-analyze verify --man=no civil-scan.service civil-scan.timer 2>err &&
	test ! -s err &&
	new_mail a &&
	notmuch new --quiet --no-hooks &&
	mail b-hot "Re: [PATCH] mm: b" "Rex Viewer <rex@$ID>" "" 4 <<-\EOF &&
	Shut up, you moron.
	EOF
	mv "$HOME/mail/cur/b-hot:2," "$HOME/b-hot.eml" &&
	notmuch insert --folder=lists --create-folder <"$HOME/b-hot.eml" &&
	test "$(tags_of a-hot)" = "inbox unread " &&
	exec_start=$(sed -n "s/^ExecStart=//p" civil-scan.service) &&
	$exec_start &&
	test "$(tags_of a-hot)" = "heated inbox unread " &&
	test "$(tags_of b-hot)" = "heated inbox unread " &&
	test "$(tags_of old-1)" = "inbox unread "
'

test_done
