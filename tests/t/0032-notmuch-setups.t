#!/bin/sh
# The post-new hook under notmuch set up the way people have it.
. "$(dirname "$0")/lib.sh"

command -v notmuch >/dev/null || skip_all "notmuch is not installed"
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

test_expect_success 'a comment after a value: one line naming the key and the value' '
	nm_home dot-comment &&
	printf "[civil]\nthreshold=2.5          # a message is heated from this score on\n" >>"$CFG" &&
	new_mail a &&
	notmuch new --quiet &&
	{ civil-scan 2>err; status=$?; } ;
	test $status -eq 1 &&
	test_line_count 1 err &&
	grep -x "civil-scan: notmuch config civil.threshold: .2.5          # a message is heated from this score on. is not a number over 0 and up to 1000 (notmuch.s config has no comments after a value: put them on a line of their own)" err &&
	{ civil-heated 2>err; status=$?; } ;
	test $status -eq 1 &&
	grep "^civil-heated: notmuch config civil.threshold: " err &&
	civil-install --notmuch >out 2>err &&
	grep "^civil-install: notmuch config civil.threshold: .*; civil-scan stops there until it is fixed" err &&
	new_mail b &&
	notmuch new --quiet 2>err &&
	grep "^civil-scan: notmuch config civil.threshold: " err &&
	test "$(tags_of b-hot)" = "inbox unread "
'

test_expect_success 'a key civil does not know, a tag with a blank, several at once' '
	nm_home dot-typo &&
	printf "[civil]\ntreshold=1.5\n" >>"$CFG" &&
	{ civil-scan "*" 2>err; status=$?; } ;
	test $status -eq 1 &&
	grep -x "civil-scan: notmuch config civil.treshold: no such setting (civil has tag, thread-tag, threshold, lexicon, query, archive and lock-timeout)" err &&
	printf "tag=hot stuff\nlexicon=~/nowhere   # mine\n" >>"$CFG" &&
	{ civil-scan "*" 2>err; status=$?; } ;
	test $status -eq 1 &&
	test_line_count 1 err &&
	grep "; and 2 more bad \[civil\] settings\$" err &&
	sed -i -e "/^treshold/d" -e "/^lexicon/d" "$CFG" &&
	{ civil-scan "*" 2>err; status=$?; } ;
	test $status -eq 1 &&
	grep -x "civil-scan: notmuch config civil.tag: .hot stuff. is not a tag name (one word)" err &&
	sed -i "/^tag=/d" "$CFG" &&
	printf "lexicon=~/nowhere   # mine\n" >>"$CFG" &&
	{ civil-scan "*" 2>err; status=$?; } ;
	test $status -eq 1 &&
	grep -x "civil-scan: notmuch config civil.lexicon: can.t read .~/nowhere   # mine.: No such file or directory (notmuch.s config has no comments after a value: put them on a line of their own)" err
'

test_expect_success 'escalate-thread says a bad setting and makes the draft all the same' '
	nm_home dot-escalate &&
	new_mail a &&
	notmuch new --quiet &&
	printf "[civil]\nthreshold=high\n" >>"$CFG" &&
	escalate-thread --stdout "id:a-hot@$ID" >draft 2>err &&
	grep "^escalate-thread: notmuch config civil.threshold: .high. is not a number" err &&
	grep "^To: " draft
'

test_done
