# tests/t/lib.sh - TAP helpers for civil's shell tests, after git's t/.
#
# Each test file runs in a fresh directory under a temporary HOME, with
# the build's commands first in PATH.  Tests talk only to local programs:
# the real git send-email, b4 and notmuch, and a fake sendmail that
# records what it was given.  Nothing touches the network.

set -u
: "${CIVIL_BUILD:?CIVIL_BUILD must name a build directory (make test sets it)}"
CIVIL_SRC=$(cd "$(dirname "$0")/../.." && pwd)
SHARED="$CIVIL_SRC/../shared"
PATH="$CIVIL_BUILD/bin:$PATH"
export PATH

# Without a directory of its own a test must not start: it would write
# into the current one (the source tree) and HOME would be /home.
TEST_DIR=$(mktemp -d "${TMPDIR:-/tmp}/civil-t.XXXXXX") && test -d "$TEST_DIR" || {
	echo "Bail out! can't make a test directory under ${TMPDIR:-/tmp}"
	exit 1
}
if test -n "${CIVIL_TEST_KEEP:-}"; then
	echo "# keeping $TEST_DIR"
else
	trap 'cd /; chmod -R u+w "$TEST_DIR" 2>/dev/null; rm -rf "$TEST_DIR"' EXIT
fi
export HOME="$TEST_DIR/home"
mkdir -p "$HOME"
# What the programs a test runs leave in TMPDIR (aerc's drafts, mktemp's
# files) goes when the test's directory goes.
export TMPDIR="$TEST_DIR/tmp"
mkdir -p "$TMPDIR"
export XDG_CONFIG_HOME="$HOME/.config"
export GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL="author@kernel-test.invalid"
export GIT_COMMITTER_NAME="C O Mitter"
export GIT_COMMITTER_EMAIL="committer@kernel-test.invalid"
export GIT_AUTHOR_DATE="1425045600 +0000" GIT_COMMITTER_DATE="1425045600 +0000"
unset GIT_DIR GIT_WORK_TREE GIT_CEILING_DIRECTORIES NOTMUCH_CONFIG \
	NOTMUCH_PROFILE NOTMUCH_DATABASE EMAIL VISUAL EDITOR CIVIL_TONE \
	2>/dev/null || true
# Keep repository discovery inside the test directory.
export GIT_CEILING_DIRECTORIES="$TEST_DIR"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# GLib's slice allocator hides allocations from the sanitizers.
export G_SLICE=always-malloc
export LSAN_OPTIONS="suppressions=$CIVIL_SRC/tests/lsan.supp:print_suppressions=0"
# python3 is Debian's, which scripts/need-deps installs, even when a
# version manager's shim comes first in PATH: pyenv's runs a dozen bash
# processes before Python starts, half a second of CPU a call, and the
# tests call python3 some fifty times.
if test -x /usr/bin/python3; then
	python3() { /usr/bin/python3 "$@"; }
fi
git config --global init.defaultBranch main
git config --global user.name "Re Viewer"
git config --global user.email "reviewer@kernel-test.invalid"
# The levels the tests' own mail was written for: the shipped model's
# calibrated levels (lib/civil.h) move with every training, and a test of
# how civil tags, lists, holds or learns must not.  A test of the shipped
# model's own line unsets them (0033, 0060).
git config --global civil.threshold 2.5
git config --global civil.review 0.4
cd "$TEST_DIR" || exit 1

test_count=0
test_failed=0
# What the helpers below say of a failure goes to fd 4: into a test's
# output (shown when it fails) even when the command's own stderr is
# redirected, as in "test_expect_code 1 cmd 2>err".
exec 4>&2

# test_expect_success 'what it checks' 'commands chained with &&'
test_expect_success() {
	test_count=$((test_count + 1))
	# git's chain lint: a body whose commands are all joined by && gives
	# the 117 it starts with; one a line of which is not (a dropped &&,
	# so that line's failure would pass unseen) gives what runs after it.
	(eval "(exit 117) && $2") >/dev/null 2>&1 4>&1 </dev/null
	if test $? -ne 117; then
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		echo "# not ok $test_count - $1: a broken &&-chain in its body" >&2
		return
	fi
	if (eval "$2") >"$TEST_DIR/.out" 2>&1 4>&1; then
		echo "ok $test_count - $1"
	else
		test_failed=$((test_failed + 1))
		echo "not ok $test_count - $1"
		# on stderr, which prove shows without -v too
		{ echo "# not ok $test_count - $1"; sed 's/^/#   /' "$TEST_DIR/.out"; } >&2
	fi
}

# grep_maybe ARGS - grep that may find nothing, but fails when grep does
# (a file it can't read): for "none of these" checks, in place of
# "|| true", which swallows a missing precondition too.
grep_maybe() {
	grep "$@"
	test $? -le 1
}

# test_empty FILE - FILE is empty; else show it and fail.
test_empty() {
	test ! -s "$1" || { cat "$1"; false; }
}

# test_skip 'what' 'why'
test_skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # skip $1 ($2)"
}

test_done() {
	echo "1..$test_count"
	[ "$test_failed" -eq 0 ]
	exit
}

# skip_all 'why' - nothing in this file can run here.  Only for what the
# project does not promise (../shared); see need_tool.
skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

# need_tool TOOL 'command' - the README promises TOOL and make check (or
# make check-clients, for tests/clients) installs it: when the command
# can't run it here, this file says so once and fails, rather than
# skipping what a user would rely on.
case $0 in
*/clients/*) need_level=clients ;;
*) need_level=test ;;
esac
need_tool() {
	if ! (eval "$2") >"$TEST_DIR/.need" 2>&1 </dev/null; then
		echo "1..1"
		echo "not ok 1 - $1 does not run here (scripts/need-deps $need_level installs it)"
		sed -n '1,5s/^/#   /p' "$TEST_DIR/.need" >&2
		exit 1
	fi
}

# write_script FILE <<\EOF ... - an executable /bin/sh script.
write_script() {
	{
		echo "#!/bin/sh"
		cat
	} >"$1" && chmod +x "$1"
}

# A sendmail that records, as git's t9001 does: its argv to sent/argvN
# (one "!arg!" per line), the message to sent/msgN.
SENT="$TEST_DIR/sent"
mkdir -p "$SENT"
write_script "$TEST_DIR/fake.sendmail" <<\EOS
sent=${CIVIL_TEST_SENT:?}
n=1
while test -f "$sent/msg$n"; do n=$((n + 1)); done
for a; do echo "!$a!"; done >"$sent/argv$n"
cat >"$sent/msg$n"
EOS
export CIVIL_TEST_SENT="$SENT"

sent_count() {
	ls "$SENT" | grep -c '^msg' || true
}

reset_sent() {
	rm -f "$SENT"/*
}

# The contact the tests' own code texts name; not the built-in one.
TEST_CONTACT="board@lists.kernel-test.invalid"

# make_kernel_repo DIR - a repository with a short Code of Conflict written
# for these tests (not the kernel's text), naming TEST_CONTACT, and code.
make_kernel_repo() {
	git init -q "$1" &&
	mkdir -p "$1/Documentation" "$1/kernel" &&
	cat >"$1/Documentation/CodeOfConflict" <<-EOF &&
	Code of Conflict (test tree)
	----------------------------

	Reviews here are direct and about the code.  Anyone who feels
	abused in review should not put up with it: please contact the
	review board at <$TEST_CONTACT>.
	EOF
	printf 'int x;\n' >"$1/kernel/sched.c" &&
	git -C "$1" add . &&
	git -C "$1" commit -q -m "initial"
}

# send_email ARGS... - the real git send-email into the fake sendmail.
send_email() {
	git send-email --quiet --confirm=never --no-annotate \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to="list@kernel-test.invalid" --suppress-cc=all \
		--8bit-encoding=UTF-8 --smtp-server="$TEST_DIR/fake.sendmail" \
		"$@"
}

# make_from_build [ARG...] - make in the source tree on a copy of the
# build under test ($TEST_DIR/build, copied once), with the compiler and
# flags that build was made with ($CIVIL_BUILD/flags.mk): "make_from_build
# install PREFIX=DIR" compiles again only the two files that name the
# directories, then installs; an install from the built tree, not a second
# build.  Nothing of a make that runs the tests reaches it: not its jobs
# (MAKEFLAGS), nor its command line (B, CFLAGS, PREFIX, DESTDIR ... in the
# environment).
make_from_build() {
	test -d "$TEST_DIR/build" || cp -a "$CIVIL_BUILD" "$TEST_DIR/build" ||
		return 1
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u B -u CC -u CFLAGS \
		-u CPPFLAGS -u LDFLAGS -u PREFIX -u BINDIR -u LIBDIR \
		-u INCLUDEDIR -u DATADIR -u MANDIR -u DOCDIR -u LISPDIR \
		-u BASHCOMPDIR -u ZSHCOMPDIR -u SYSTEMDUSERDIR -u DESTDIR \
		make -s -C "$CIVIL_SRC" -f Makefile -f "$TEST_DIR/build/flags.mk" \
		B="$TEST_DIR/build" "$@"
}

# body FILE - everything after the header block.
body() {
	sed '1,/^\r\{0,1\}$/d' "$1"
}

# wait_for_file FILE: until FILE is non-empty, for 30 s at most, so that a
# helper that died fails the test instead of hanging the suite.
wait_for_file() {
	_n=0
	while ! test -s "$1"; do
		_n=$((_n + 1))
		if test $_n -gt 300; then
			echo "gave up waiting for $1"
			return 1
		fi
		sleep 0.1
	done
}

# test_expect_code CODE CMD [ARG...] - CMD exits with CODE, or say what
# it exited with (git's t/test-lib-functions.sh).  A variable for CMD
# only goes through env: "test_expect_code 1 env VAR=x cmd".
test_expect_code() {
	want_code=$1
	shift
	"$@"
	exit_code=$?
	if test "$exit_code" = "$want_code"; then
		return 0
	fi
	echo "test_expect_code: command exited with $exit_code, we wanted $want_code: $*" >&4
	return 1
}

# test_cmp EXPECTED ACTUAL - the two files (either may be -, standard
# input) are the same bytes, or show how they differ (diff -u).
test_cmp() {
	test $# -eq 2 || {
		echo "test_cmp: want 2 files, got $#: $*" >&4
		return 1
	}
	diff -u "$@"
}

# test_line_count N FILE - FILE has N lines, or say what it has.
test_line_count() {
	if test "$(wc -l <"$2")" -ne "$1"; then
		echo "expected $1 lines in $2, got:"
		cat "$2"
		return 1
	fi
}

# count_lines PATTERN FILE - how many lines match (0 is an answer).
count_lines() {
	grep -c -- "$1" "$2" || true
}

# The reminder's first line as civil writes it for a code at PATH.
reminder_line() {
	echo "Reviewed under $1: keep it civil and technical."
}

# ---- notmuch ----

# write_review FILE [HOSTILE] - a short review reply (FILE), and the same
# reply with heated words instead of its request (HOSTILE).
write_review() {
	cat >"$1" <<-\EOF
	From: Re Viewer <reviewer@kernel-test.invalid>
	To: list@kernel-test.invalid
	Subject: Re: [PATCH 1/2] sched: change
	In-Reply-To: <patch-1@kernel-test.invalid>

	On Mon, A U Thor wrote:
	> +	x = 1;

	Please make it static.
	EOF
	if test -n "${2:-}"; then
		sed "s/^Please make it static./You clearly have no idea what you are doing.  This is garbage./" \
			"$1" >"$2"
	fi
}

# setup_notmuch [NAME] - a notmuch config and an empty maildir under HOME
# (NAME picks a second database beside the first).
setup_notmuch() {
	nm_name=${1:-mail}
	export NOTMUCH_CONFIG="$HOME/.notmuch-config-$nm_name"
	mkdir -p "$HOME/$nm_name/cur" "$HOME/$nm_name/new" "$HOME/$nm_name/tmp"
	cat >"$NOTMUCH_CONFIG" <<-EOF
	[database]
	path=$HOME/$nm_name
	[user]
	name=Re Viewer
	primary_email=reviewer@kernel-test.invalid
	[new]
	tags=new;unread
	[maildir]
	synchronize_flags=false
	EOF
}

# add_mail NAME <message - a file in the current maildir.
add_mail() {
	cat >"$HOME/$nm_name/cur/$1:2,"
}

# mail ID SUBJECT FROM [PARENT] <body - a message with those headers.
mail() {
	{
		printf 'From: %s\nTo: ksummit@lists.kernel-test.invalid\n' "$3"
		printf 'Subject: %s\nMessage-ID: <%s@kernel-test.invalid>\n' "$2" "$1"
		printf 'Date: Mon, 0%s Mar 2026 10:00:00 +0000\n' "${5:-1}"
		printf 'List-Id: <ksummit.lists.kernel-test.invalid>\n'
		if test -n "${4:-}"; then
			printf 'In-Reply-To: <%s@kernel-test.invalid>\n' "$4"
			printf 'References: <%s@kernel-test.invalid>\n' "$4"
		fi
		printf '\n'
		cat
	} | add_mail "$1"
}

# make_threads - one calm thread, and one that turns heated, written for
# these tests.
make_threads() {
	mail calm-1 "scheduling the plumbers BoF" "Ann Org <ann@kernel-test.invalid>" "" 1 <<-\EOF
	Shall we meet on Tuesday for the BoF?  The room holds forty.
	EOF
	mail calm-2 "Re: scheduling the plumbers BoF" "Bo Dev <bo@kernel-test.invalid>" calm-1 2 <<-\EOF
	Tuesday works for me; I will bring the slides about the lazy TLB
	flush and how we kill stuck tasks without a panic.
	EOF
	mail calm-3 "Re: scheduling the plumbers BoF" "Ann Org <ann@kernel-test.invalid>" calm-2 3 <<-\EOF
	Great, booked.  See you there.
	EOF
	mail hot-1 "[PATCH] mm: speed up the fault path" "Pat Author <pat@kernel-test.invalid>" "" 4 <<-\EOF
	Take the lock later.

	Signed-off-by: Pat Author <pat@kernel-test.invalid>
	---
	diff --git a/mm/memory.c b/mm/memory.c
	--- a/mm/memory.c
	+++ b/mm/memory.c
	@@ -1 +1 @@
	-	lock(crap);
	+	lock(fine);
	EOF
	mail hot-2 "Re: [PATCH] mm: speed up the fault path" "Rex Viewer <rex@kernel-test.invalid>" hot-1 5 <<-\EOF
	This breaks the locking rules in Documentation/locking.
	EOF
	mail hot-3 "Re: [PATCH] mm: speed up the fault path" "Rex Viewer <rex@kernel-test.invalid>" hot-2 6 <<-\EOF
	You clearly have no idea what you are doing.  This is utter garbage
	and you are an idiot.
	EOF
	mail hot-4 "Re: [PATCH] mm: speed up the fault path" "Pat Author <pat@kernel-test.invalid>" hot-3 7 <<-\EOF
	On Fri, Rex Viewer wrote:
	> You clearly have no idea what you are doing.  This is utter garbage
	> and you are an idiot.

	Please keep it technical: which rule does it break?
	EOF
	mail hot-5 "Re: [PATCH] mm: speed up the fault path" "Rex Viewer <rex@kernel-test.invalid>" hot-4 8 <<-\EOF
	For the last time: read the code.  How many times do I have to say
	it?!
	EOF
}

# tags_of ID - the message's tags, one line.
tags_of() {
	notmuch search --output=tags --exclude=false "id:$1@kernel-test.invalid" | sort | tr '\n' ' '
}

# start_writer QUERY - another process committing to the database all the
# time, as a person's notmuch or mail client does: "notmuch tag +wN" on
# QUERY, N = 1, 2, ... (one commit each), until stop_writer.  Start and
# stop it in the same test.
start_writer() {
	rm -f "$TEST_DIR/writer.stop" "$TEST_DIR/writer.count" "$TEST_DIR/writer.err"
	(
		n=0
		while test -d "$TEST_DIR" && ! test -e "$TEST_DIR/writer.stop" &&
			test $n -lt 5000; do
			n=$((n + 1))
			notmuch tag "+w$n" -- "$1" 2>>"$TEST_DIR/writer.err" ||
				echo "notmuch tag +w$n failed" >>"$TEST_DIR/writer.err"
			echo $n >"$TEST_DIR/writer.count"
		done
	) &
	writer_pid=$!
	wait_for_file "$TEST_DIR/writer.count"
}

# stop_writer - stop it; writer_count is how many commits it made.
stop_writer() {
	touch "$TEST_DIR/writer.stop"
	wait "$writer_pid"
	writer_count=$(cat "$TEST_DIR/writer.count")
}

# writer_landed QUERY - the writer never failed, and every message of
# QUERY carries every tag it added.
writer_landed() {
	if test -s "$TEST_DIR/writer.err"; then
		cat "$TEST_DIR/writer.err"
		return 1
	fi
	notmuch dump --include=tags -- "$1" | awk -v n="$writer_count" '
		/^#/ { next }
		{
			c = 0
			for (i = 1; i <= NF && $i != "--"; i++)
				if ($i ~ /^\+w[0-9]+$/)
					c++
			if (c != n) {
				print "only " c " of the writer'"'"'s " n " tags: " $0
				bad = 1
			}
		}
		END { exit bad }'
}

# ---- a scan held at a chosen point of its walk ----
#
# A message whose file is a FIFO, which a scan reads like any file: the
# test puts the message in it and waits until the scan has read it; the
# scan then waits for the end of the file, with its database reads for
# that message done and the next ones read ahead, for as long as the test
# likes.  The scan must run on one processor (one_cpu), so that the
# thread that reads files is the one that walks the database.  No sleep
# decides anything.

# gate_make FILE - the indexed message at FILE gets a FIFO for a file (the
# message is kept in FILE.gate).  Its directory must keep a time notmuch
# recorded, or notmuch new would look in and take the FIFO for a message
# removed: make it an old one (touch -d @1000000000 DIR) before notmuch
# new indexes it.
gate_make() {
	mv "$1" "$1.gate" && mkfifo "$1" &&
	touch -d @1000000000 "$(dirname "$1")"
}

# one_cpu CMD... - CMD on one processor (civil-scan then parses in the
# thread that walks).
one_cpu() {
	taskset -c "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)" "$@"
}

# gate_hold FILE - put the message in the FIFO and hold it open (no open
# of it blocks), until gate_release or ten minutes.  Start it before the
# scan.
gate_hold() {
	rm -f "$TEST_DIR/gate.taken" "$TEST_DIR/gate.done"
	python3 - "$1" "$1.gate" "$TEST_DIR/gate.taken" "$TEST_DIR/gate.done" <<-\EOF &
	import array, fcntl, os, sys, termios, time
	fifo, msg, taken, done = sys.argv[1:]
	fd = os.open(fifo, os.O_RDWR)
	os.write(fd, open(msg, "rb").read())
	n = array.array("i", [0])
	end = time.monotonic() + 600
	while time.monotonic() < end:
	    fcntl.ioctl(fd, termios.FIONREAD, n)
	    if n[0] == 0:
	        open(taken, "w").write("taken\n")
	        break
	    time.sleep(0.02)
	while time.monotonic() < end and not os.path.exists(done):
	    time.sleep(0.02)
	os.close(fd)
	EOF
	gate_pid=$!
}

# gate_wait PID - until the scan PID read the message (true), or ended,
# or ten minutes passed (false, said).
gate_wait() {
	_n=0
	while ! test -s "$TEST_DIR/gate.taken"; do
		if ! kill -0 "$1" 2>/dev/null || test $_n -ge 6000; then
			echo "the scan never read the held message"
			return 1
		fi
		_n=$((_n + 1))
		sleep 0.1
	done
}

# gate_release FILE - the file ends and the scan goes on; FILE is the
# message's own file again.
gate_release() {
	touch "$TEST_DIR/gate.done"
	wait "$gate_pid"
	# Should the gate have failed, a scan waiting to open the FIFO is let
	# through to its end rather than left hanging.
	: <>"$1"
	rm -f "$1" && mv "$1.gate" "$1" &&
	touch -d @1000000000 "$(dirname "$1")"
}

# without_writer FILE - a dump without the writer's tags.
without_writer() {
	sed -E 's/\+w[0-9]+ //g' "$1"
}
