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
# scripts/need-deps installs: if it can't run here, fail loudly once
# instead of skipping what a user relies on.
need_client() {
	if ! (eval "$2") >"$TEST_DIR/.need" 2>&1 </dev/null; then
		echo "1..1"
		echo "not ok 1 - $1 is not here (scripts/need-deps test installs it)"
		sed 's/^/#   /' "$TEST_DIR/.need"
		exit 1
	fi
}
