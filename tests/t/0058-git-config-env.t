#!/bin/sh
# Every command reads the git settings git itself would read: the files
# git's variables choose (GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM,
# GIT_CONFIG_NOSYSTEM, XDG_CONFIG_HOME, includes) and the settings they
# give (GIT_CONFIG_COUNT, "git -c").  The real git is the oracle: what
# "git config" says in the same environment is what civil acts on.
. "$(dirname "$0")/lib.sh"

need_tool 'git send-email' 'git send-email --dump-aliases'

make_kernel_repo linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)
write_review review.eml
sed "s/^Please make it static./You clearly have no idea what you are doing, and you are an idiot./" \
	review.eml >hot.eml

# A sendmail per place a setting can come from: each records its name.
for name in home global system xdg count included work param; do
	write_script "sm-$name" <<-EOF
	echo $name >>"$TEST_DIR/route"
	cat >/dev/null
	EOF
done
git config --global civil.sendmail "$TEST_DIR/sm-home"

# routed_as NAME [DIR] - git names sm-NAME as civil.sendmail (run in DIR,
# linux/ by default), and civil-sendmail hands the review to it.
routed_as() {
	(cd "$TEST_DIR/${2:-linux}" &&
		test "$(git config --get civil.sendmail)" = "$TEST_DIR/sm-$1" &&
		rm -f "$TEST_DIR/route" &&
		civil-sendmail -i list@kernel-test.invalid <"$TEST_DIR/review.eml" &&
		echo "$1" >"$TEST_DIR/route.want" &&
		test_cmp "$TEST_DIR/route.want" "$TEST_DIR/route")
}

# reminds WANT - git's civil.remind is WANT (empty: not set) in linux/,
# and civil-remind adds the reminder unless it is off.
reminds() {
	(cd "$TEST_DIR/linux" &&
		test "$(git config --get civil.remind)" = "$1" &&
		cp "$TEST_DIR/review.eml" r.eml &&
		civil-remind r.eml &&
		if test "$1" = off; then
			test_cmp "$TEST_DIR/review.eml" r.eml
		else
			test $(count_lines "^$REMINDER\$" r.eml) -eq 1
		fi)
}

test_expect_success 'no variable: ~/.gitconfig, as git reads it' '
	routed_as home &&
	reminds ""
'

test_expect_success 'GIT_CONFIG_GLOBAL: that file, not ~/.gitconfig' '
	cat >global.cfg <<-EOF &&
	[civil]
		sendmail = $TEST_DIR/sm-global
		remind = off
	EOF
	GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg routed_as global &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg reminds off &&
	# and outside any tree (mutt, emacs)
	GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg routed_as global . &&
	# civil.tone=reject there stops a heated review in the hook
	git config -f global.cfg civil.tone reject &&
	(cd linux && cp ../hot.eml h.eml &&
		test "$(GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg git config civil.tone)" = reject &&
		GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg test_expect_code 1 civil-remind h.eml 2>err &&
		grep "civil.tone" err &&
		rm -f "$TEST_DIR/route" &&
		GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg test_expect_code 1 \
			civil-sendmail -i list@kernel-test.invalid <h.eml 2>err &&
		grep "civil.tone is .reject." err &&
		test ! -e "$TEST_DIR/route") &&
	git config -f global.cfg --unset civil.tone
'

test_expect_success 'GIT_CONFIG_GLOBAL: the XDG file is not read beside it' '
	mkdir -p "$XDG_CONFIG_HOME/git" &&
	printf "[civil]\n\tremind = off\n" >"$XDG_CONFIG_HOME/git/config" &&
	reminds off &&
	: >empty.cfg &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/empty.cfg reminds "" &&
	# /dev/null, as scripts and CI set it
	GIT_CONFIG_GLOBAL=/dev/null reminds "" &&
	rm "$XDG_CONFIG_HOME/git/config"
'

test_expect_success 'XDG_CONFIG_HOME: its git/config, under ~/.gitconfig' '
	mkdir -p xdg/git "$HOME/.config/git" &&
	printf "[civil]\n\tsendmail = %s\n" "$TEST_DIR/sm-xdg" >xdg/git/config &&
	XDG_CONFIG_HOME=$TEST_DIR/xdg routed_as home &&
	git config --global --unset civil.sendmail &&
	XDG_CONFIG_HOME=$TEST_DIR/xdg routed_as xdg &&
	# unset: ~/.config/git/config
	cp xdg/git/config "$HOME/.config/git/config" &&
	(unset XDG_CONFIG_HOME && routed_as xdg) &&
	rm "$HOME/.config/git/config" &&
	git config --global civil.sendmail "$TEST_DIR/sm-home"
'

test_expect_success 'GIT_CONFIG_SYSTEM: that file, under the global one' '
	printf "[civil]\n\tsendmail = %s\n\tremind = off\n" "$TEST_DIR/sm-system" >system.cfg &&
	(unset GIT_CONFIG_NOSYSTEM &&
		GIT_CONFIG_SYSTEM=$TEST_DIR/system.cfg reminds off &&
		GIT_CONFIG_SYSTEM=$TEST_DIR/system.cfg routed_as home &&
		git config --global --unset civil.sendmail &&
		GIT_CONFIG_SYSTEM=$TEST_DIR/system.cfg routed_as system) &&
	git config --global civil.sendmail "$TEST_DIR/sm-home"
'

test_expect_success 'GIT_CONFIG_NOSYSTEM: true leaves the system file out, false reads it' '
	export GIT_CONFIG_SYSTEM="$TEST_DIR/system.cfg" &&
	for v in 1 true yes on; do
		GIT_CONFIG_NOSYSTEM=$v reminds "" || exit 1
	done &&
	for v in 0 false no off ""; do
		GIT_CONFIG_NOSYSTEM=$v reminds off || exit 1
	done &&
	# git refuses a value that is not a boolean; so does civil
	(cd linux && cp ../review.eml r.eml &&
		! GIT_CONFIG_NOSYSTEM=maybe git config --get civil.remind &&
		GIT_CONFIG_NOSYSTEM=maybe test_expect_code 1 civil-remind r.eml 2>err &&
		grep "GIT_CONFIG_NOSYSTEM" err &&
		test_cmp ../review.eml r.eml)
'

test_expect_success 'GIT_CONFIG_COUNT: KEY_n and VALUE_n over every file, key case as git' '
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=civil.sendmail \
		GIT_CONFIG_VALUE_0="$TEST_DIR/sm-count" routed_as count &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/global.cfg GIT_CONFIG_COUNT=2 \
		GIT_CONFIG_KEY_0=civil.remind GIT_CONFIG_VALUE_0=off \
		GIT_CONFIG_KEY_1=CIVIL.SendMail GIT_CONFIG_VALUE_1="$TEST_DIR/sm-count" \
		routed_as count &&
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=Civil.Remind GIT_CONFIG_VALUE_0=off \
		reminds off &&
	# what git refuses to run with, civil refuses too
	(cd linux && cp ../review.eml r.eml &&
		! GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=civil.remind GIT_CONFIG_VALUE_0=off git config --get civil.remind &&
		GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=civil.remind GIT_CONFIG_VALUE_0=off \
			test_expect_code 1 civil-remind r.eml 2>err &&
		grep "GIT_CONFIG_KEY_1" err &&
		! GIT_CONFIG_COUNT=x git config --get civil.remind &&
		GIT_CONFIG_COUNT=x test_expect_code 1 civil-remind r.eml 2>err &&
		grep "GIT_CONFIG_COUNT" err &&
		test_cmp ../review.eml r.eml)
'

test_expect_success 'git -c (GIT_CONFIG_PARAMETERS): the hook and the sendmail git send-email runs' '
	cd linux &&
	civil-install --git >/dev/null &&
	reset_sent &&
	test "$(git -c civil.remind=off config civil.remind)" = off &&
	# (the hook reminds the file it is given: a copy each time)
	cp ../review.eml r.eml &&
	git -c civil.remind=off -c "civil.reminder=Be kind: it'"'"'s the rule!" \
		send-email --quiet --confirm=never --no-annotate \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid --suppress-cc=all \
		--smtp-server="$TEST_DIR/fake.sendmail" r.eml &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg1") -eq 0 &&
	cp ../review.eml r.eml &&
	send_email r.eml &&
	test $(count_lines "^$REMINDER\$" "$SENT/msg2") -eq 1 &&
	# git send-email running civil-sendmail, which runs what -c names
	rm -f "$TEST_DIR/route" &&
	test "$(git -c "civil.sendmail=$TEST_DIR/sm-param" config civil.sendmail)" = "$TEST_DIR/sm-param" &&
	cp ../review.eml r.eml &&
	git -c "civil.sendmail=$TEST_DIR/sm-param" \
		send-email --quiet --confirm=never --no-annotate \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid --suppress-cc=all \
		--sendmail-cmd=civil-sendmail r.eml &&
	echo param >../route.want &&
	test_cmp ../route.want "$TEST_DIR/route"
'

test_expect_success 'includes in the file GIT_CONFIG_GLOBAL names: include.path, includeIf gitdir:' '
	cat >inc-global.cfg <<-EOF &&
	[include]
		path = included.cfg
	[includeIf "gitdir:$TEST_DIR/linux/"]
		path = $TEST_DIR/work.cfg
	EOF
	printf "[civil]\n\tsendmail = %s\n" "$TEST_DIR/sm-included" >included.cfg &&
	printf "[civil]\n\tsendmail = %s\n" "$TEST_DIR/sm-work" >work.cfg &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/inc-global.cfg routed_as work &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/inc-global.cfg routed_as included .
'

test_expect_success 'extensions.worktreeConfig: a worktree'"'"'s own config.worktree' '
	git -C linux worktree add -q ../wt &&
	git -C wt config extensions.worktreeConfig true &&
	git -C wt config --worktree civil.sendmail "$TEST_DIR/sm-work" &&
	routed_as work wt &&
	routed_as home linux
'

setup_notmuch
notmuch new --quiet

test_expect_success 'the other commands: a bad civil setting in GIT_CONFIG_GLOBAL'"'"'s file is said' '
	printf "[civil]\n\tthreshold = hot\n" >bad.cfg &&
	test "$(GIT_CONFIG_GLOBAL=$TEST_DIR/bad.cfg git config civil.threshold)" = hot &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/bad.cfg test_expect_code 1 civil-heated 2>err &&
	grep "civil.threshold" err &&
	civil-heated 2>err &&
	! grep "civil.threshold" err
'

test_expect_success 'escalate-thread: user.name from GIT_CONFIG_GLOBAL'"'"'s file' '
	printf "[user]\n\tname = Other Name\n\temail = other@kernel-test.invalid\n" >user.cfg &&
	test "$(GIT_CONFIG_GLOBAL=$TEST_DIR/user.cfg git config user.name)" = "Other Name" &&
	mail t-1 "Re: [PATCH] a thread" "Rex Viewer <rex@kernel-test.invalid>" "" 1 <<-\EOF &&
	You clearly have no idea what you are doing.  This is utter garbage
	and you are an idiot.
	EOF
	notmuch new --quiet &&
	GIT_CONFIG_GLOBAL=$TEST_DIR/user.cfg escalate-thread --stdout id:t-1@kernel-test.invalid >draft &&
	grep "^From: Other Name <other@kernel-test.invalid>" draft
'

test_done
