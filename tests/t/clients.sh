# tests/t/clients.sh - what the tests of real mail clients share (sourced
# after lib.sh): a terminal for civil to talk to, a client that must be
# here, and an SMTP sink on the loopback.

# on_tty OUT 'command' - run the shell command with a terminal for its
# standard input, output and error (script(1)), as a person at a terminal
# runs it; what it printed goes to OUT without the terminal's CRs.
# Returns the command's status.
on_tty() {
	_out=$1
	shift
	SHELL=/bin/sh script -qec "$*" /dev/null >"$_out.raw" </dev/null
	_st=$?
	tr -d '\r' <"$_out.raw" >"$_out"
	rm -f "$_out.raw"
	return $_st
}

# need_client NAME 'command' - this file tests the real NAME, which
# scripts/need-deps installs (lib.sh's need_level): if it can't run
# here, fail loudly once instead of skipping what a user relies on.
need_client() {
	if ! (eval "$2") >"$TEST_DIR/.need" 2>&1 </dev/null; then
		echo "1..1"
		echo "not ok 1 - $1 is not here (scripts/need-deps $need_level installs it)"
		sed 's/^/#   /' "$TEST_DIR/.need"
		exit 1
	fi
}

# ---- what the client handed over ----

# A sendmail to name in a client's settings: it keeps what the client
# gave it (in/N, its arguments in in/argvN) and runs civil-sendmail with
# the same arguments and bytes, so tests compare what the client wrote
# with what reached the real sendmail.
mkdir -p "$TEST_DIR/in"
write_script "$TEST_DIR/in.sendmail" <<EOS
n=1
while test -f "$TEST_DIR/in/\$n"; do n=\$((n + 1)); done
for a; do echo "!\$a!"; done >"$TEST_DIR/in/argv\$n"
cat >"$TEST_DIR/in/\$n"
exec "$CIVIL_BUILD/bin/civil-sendmail" "\$@" <"$TEST_DIR/in/\$n"
EOS

reset_in() {
	rm -f "$TEST_DIR/in/"*
}

# same_as_handed N M - what the client handed civil (in/N) went out as it
# was (sent/msgM): every byte, the end included.
same_as_handed() {
	test_cmp "$TEST_DIR/in/$1" "$SENT/msg$2"
}

# ---- a key to sign with ----

# make_gpg_key - a signing key without a passphrase in GNUPGHOME (under
# HOME); its fingerprint in GPG_FPR.  The agent is stopped at the end.
make_gpg_key() {
	export GNUPGHOME="$HOME/.gnupg"
	mkdir -p -m 700 "$GNUPGHOME" &&
	gpg --batch --passphrase '' --quick-gen-key \
		"Re Viewer <reviewer@kernel-test.invalid>" ed25519 sign never \
		>/dev/null 2>&1 &&
	GPG_FPR=$(gpg --list-secret-keys --with-colons 2>/dev/null |
		sed -n 's/^fpr:::::::::\([0-9A-F]*\):$/\1/p' | head -n 1) &&
	test -n "$GPG_FPR" && export GPG_FPR
}

# ---- a terminal to type into: tmux ----

TMUX_SOCK="$TEST_DIR/tmux.sock"

# tmux_start 'command' - run it in a detached 160x50 terminal.
tmux_start() {
	SHELL=/bin/sh tmux -S "$TMUX_SOCK" -f /dev/null new-session -d \
		-x 160 -y 50 "$1"
}

tmux_screen() {
	tmux -S "$TMUX_SOCK" capture-pane -p 2>/dev/null
}

tmux_keys() {
	tmux -S "$TMUX_SOCK" send-keys "$@"
}

# tmux_wait TEXT - until the screen shows TEXT (a grep pattern), for 60 s
# at most (a client starting on a loaded machine); then what it shows,
# and failure.
tmux_wait() {
	_n=0
	until tmux_screen | grep -q -- "$1"; do
		_n=$((_n + 1))
		if test $_n -gt 300; then
			echo "the screen never showed '$1'; it shows:"
			tmux_screen | grep -v '^$'
			return 1
		fi
		sleep 0.2
	done
}

# tmux_ended - until the command in the terminal has ended (60 s).
tmux_ended() {
	_n=0
	while tmux -S "$TMUX_SOCK" has-session 2>/dev/null; do
		_n=$((_n + 1))
		if test $_n -gt 300; then
			echo "still running; the screen shows:"
			tmux_screen | grep -v '^$'
			return 1
		fi
		sleep 0.2
	done
}

# ---- an SMTP server on the loopback ----

# start_smtp_sink DIR - an SMTP server on 127.0.0.1 (a free port, in
# SMTP_PORT) that keeps each message's bytes, as they came, in DIR/N.
start_smtp_sink() {
	mkdir -p "$1"
	cat >"$TEST_DIR/smtp_sink.py" <<-\PY
	import asyncio, os, socket, sys
	from aiosmtpd.controller import Controller

	class Keep:
	    def __init__(self, d):
	        self.d, self.n = d, 0
	    async def handle_DATA(self, server, session, envelope):
	        self.n += 1
	        path = os.path.join(self.d, str(self.n))
	        with open(path + '.tmp', 'wb') as f:
	            f.write(envelope.original_content)
	        with open(path + '.rcpt', 'w') as f:
	            f.write('\n'.join([envelope.mail_from] + envelope.rcpt_tos) + '\n')
	        os.rename(path + '.tmp', path)
	        return '250 OK kept'

	s = socket.socket()
	s.bind(('127.0.0.1', 0))
	port = s.getsockname()[1]
	s.close()
	c = Controller(Keep(sys.argv[1]), hostname='127.0.0.1', port=port)
	c.start()
	with open(sys.argv[2] + '.tmp', 'w') as f:
	    f.write(str(port))
	os.rename(sys.argv[2] + '.tmp', sys.argv[2])
	try:
	    asyncio.get_event_loop().run_forever()
	except KeyboardInterrupt:
	    pass
	PY
	/usr/bin/python3 "$TEST_DIR/smtp_sink.py" "$1" "$TEST_DIR/smtp.port" \
		>"$TEST_DIR/smtp.log" 2>&1 &
	SMTP_PID=$!
	wait_for_file "$TEST_DIR/smtp.port" || { cat "$TEST_DIR/smtp.log"; return 1; }
	SMTP_PORT=$(cat "$TEST_DIR/smtp.port")
}

# What a test started is stopped when it ends, before lib.sh's clean-up.
clients_cleanup() {
	tmux -S "$TMUX_SOCK" kill-server 2>/dev/null
	if test -n "${GNUPGHOME:-}" && test -d "$GNUPGHOME"; then
		gpgconf --kill all 2>/dev/null
	fi
	if test -n "${SMTP_PID:-}"; then
		kill "$SMTP_PID" 2>/dev/null
		wait "$SMTP_PID" 2>/dev/null
	fi
	true
}
# ("trap" in $(...) runs in a subshell, which has none: ask it here.)
trap >"$TEST_DIR/.traps"
trap 'clients_cleanup; '"$(sed -n "s/^trap -- '\(.*\)' EXIT\$/\1/p" "$TEST_DIR/.traps")" EXIT
