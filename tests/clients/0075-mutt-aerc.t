#!/bin/sh
# The README's mutt, neomutt and aerc snippets, pasted as they are and
# driven in the real programs under tmux: the heated-threads mailbox and
# folder, and E making the draft to the board from the whole thread.
. "$(dirname "$0")/../t/lib.sh"

need_tool notmuch 'notmuch --version'
need_tool tmux 'tmux -V'
need_tool mutt 'mutt -v'
need_tool neomutt 'neomutt -v'
need_tool aerc 'aerc -v'
ID=kernel-test.invalid

setup_notmuch
make_threads
# A body line that starts with "From ", which an mbox must quote.
mail hot-6 "Re: [PATCH] mm: speed up the fault path" "Rex Viewer <rex@$ID>" hot-5 9 <<-\EOF
	From the log it is obvious: you are an idiot.
EOF
notmuch new --quiet
civil-scan --apply "*" 2>/dev/null
HEATED=$(notmuch count "tag:heated or tag:heated-thread")

# snippet NAME - the README's code block that starts "# civil: NAME".
snippet() {
	sed -n "/^    # civil: $1/,/^\$/s/^    //p" "$CIVIL_SRC/README.md"
}

# A tmux server of this test's own, gone when the test is.
TMUX_SOCK="$TEST_DIR/tmux.sock"
if test -n "${CIVIL_TEST_KEEP:-}"; then
	trap 'tmux -S "$TMUX_SOCK" kill-server 2>/dev/null' EXIT
else
	trap 'tmux -S "$TMUX_SOCK" kill-server 2>/dev/null; cd /; rm -rf "$TEST_DIR"' EXIT
fi

# in_tmux NAME COMMAND - run COMMAND in a detached 200x50 terminal, in
# the kernel tree (escalate-thread reads its code there).
in_tmux() {
	tmux -S "$TMUX_SOCK" new-session -d -s "$1" -x 200 -y 50 \
		-c "$TEST_DIR/linux" \
		"env HOME='$HOME' XDG_CONFIG_HOME='$XDG_CONFIG_HOME' PATH='$PATH' NOTMUCH_CONFIG='$NOTMUCH_CONFIG' EDITOR=true TERM=xterm $2; sleep 60"
}

# pane NAME - what the terminal shows.
pane() {
	tmux -S "$TMUX_SOCK" capture-pane -p -t "$1"
}

# wait_for_pane NAME TEXT - until the terminal shows TEXT (60 s at most).
wait_for_pane() {
	_n=0
	until pane "$1" | grep -q -- "$2"; do
		_n=$((_n + 1))
		if test $_n -gt 600; then
			echo "gave up waiting for '$2' in $1; it shows:"
			pane "$1"
			return 1
		fi
		sleep 0.1
	done
}

keys() {
	tmux -S "$TMUX_SOCK" send-keys -t "$@"
}

# keys_until NAME KEY TEXT - KEY, and again (three times at most) while
# the terminal has not shown TEXT 10 s later: aerc on a loaded machine
# can drop a key that comes while it is still setting up its view.
keys_until() {
	for _try in 1 2 3; do
		keys "$1" "$2"
		_n=0
		while ! pane "$1" | grep -q -- "$3"; do
			_n=$((_n + 1))
			test $_n -gt 100 && break
			sleep 0.1
		done
		pane "$1" | grep -q -- "$3" && return 0
	done
	echo "no '$3' in $1 after $2 three times; it shows:"
	pane "$1"
	return 1
}

# check_draft FILE [LEFT-OUT] - a private draft: the heated passages
# quoted (hot-3, hot-5 and hot-6, but not LEFT-OUT), their messages
# attached with the ones they answer and the replies (all but hot-1),
# the "From " line of hot-6 intact through mutt's mboxrd and civil's.
check_draft() {
	grep -x "To: $TEST_CONTACT" "$1" &&
	! grep -i "^cc:\|^in-reply-to:\|^references:" "$1" &&
	python3 - "$1" "${2:-none}" <<-\PY
	import email, sys
	m = email.message_from_binary_file(open(sys.argv[1], "rb"))
	box = [p for p in m.walk() if p.get_content_type() == "application/mbox"]
	assert len(box) == 1, "no mbox attached"
	text = box[0].get_payload(decode=True).decode()
	ids = sorted(l.split("<")[1].split("@")[0] for l in text.splitlines()
	             if l.lower().startswith("message-id:"))
	assert ids == ["hot-2", "hot-3", "hot-4", "hot-5", "hot-6"], ids
	assert "From the log it is obvious" in text, text
	body = [p for p in m.walk() if p.get_content_type() == "text/plain"][0]
	concern = body.get_payload(decode=True).decode().split("-- Passages of concern --")[1]
	said = {"hot-3": "and you are an idiot.", "hot-5": "How many times",
	        "hot-6": "> From the log it is obvious: you are an idiot."}
	for i, words in said.items():
	    assert (words in concern) == (i != sys.argv[2]), (i, concern)
	PY
}

make_kernel_repo linux

test_expect_success 'mutt: E on a message escalates its whole thread' '
	snippet mutt >macro &&
	grep "^macro index,pager E" macro &&
	{
		echo "set folder=$HOME/mail spoolfile=$HOME/mail sort=threads"
		cat macro
	} >muttrc &&
	in_tmux mutt "mutt -n -F ../muttrc -e \"push <search>~i\\\\ hot-3<enter>E\"" &&
	wait_for_pane mutt "escalate-thread: a draft to <$TEST_CONTACT> is in" &&
	check_draft "$(ls "$HOME"/escalation-*.eml)" &&
	pane mutt | grep "Press any key" &&
	test -z "$(ls "$SENT")"
'

# mutt hands escalate-thread an mbox; the reader's verdict in notmuch
# still wins (issue 24 item 5).
test_expect_success 'mutt: E after notmuch tag -heated: that message is not quoted' '
	rm -f "$HOME"/escalation-*.eml &&
	notmuch tag -heated "id:hot-6@$ID" &&
	in_tmux mutt2 "mutt -n -F ../muttrc -e \"push <search>~i\\\\ hot-3<enter>E\"" &&
	wait_for_pane mutt2 "escalate-thread: a draft to <$TEST_CONTACT> is in" &&
	notmuch tag +heated "id:hot-6@$ID" &&
	check_draft "$(ls "$HOME"/escalation-*.eml)" hot-6
'

test_expect_success 'neomutt: the heated mailbox holds the heated threads; E escalates' '
	rm -f "$HOME"/escalation-*.eml &&
	snippet "neomutt with notmuch" >vmb &&
	grep "^virtual-mailboxes " vmb &&
	{
		echo "set nm_default_url=notmuch://$HOME/mail folder=$HOME/mail"
		echo "set virtual_spool_file=yes sort=threads"
		cat vmb
		snippet mutt
	} >neomuttrc &&
	in_tmux neomutt "neomutt -n -F ../neomuttrc" &&
	wait_for_pane neomutt "NeoMutt: heated \[Msgs:$HEATED " &&
	! pane neomutt | grep "plumbers" &&
	keys neomutt E &&
	wait_for_pane neomutt "escalate-thread: a draft to <$TEST_CONTACT> is in" &&
	check_draft "$(ls "$HOME"/escalation-*.eml)"
'

test_expect_success 'aerc: the heated folder; E stores the draft, :recall -f opens it' '
	mkdir -p "$XDG_CONFIG_HOME/aerc" &&
	snippet "aerc query-map" | grep -v "^#" >"$XDG_CONFIG_HOME/aerc/notmuch-queries" &&
	grep -x "heated=tag:heated or tag:heated-thread" "$XDG_CONFIG_HOME/aerc/notmuch-queries" &&
	{
		echo "[test]"
		echo "source = notmuch://$HOME/mail"
		echo "query-map = $XDG_CONFIG_HOME/aerc/notmuch-queries"
		echo "default = heated"
		echo "outgoing = $TEST_DIR/fake.sendmail"
		echo "from = Re Viewer <reviewer@$ID>"
	} >"$XDG_CONFIG_HOME/aerc/accounts.conf" &&
	chmod 600 "$XDG_CONFIG_HOME/aerc/accounts.conf" &&
	sed "s/^#*threading-enabled=.*/threading-enabled=true/" /usr/share/aerc/aerc.conf >"$XDG_CONFIG_HOME/aerc/aerc.conf" &&
	snippet "aerc binds" | grep -v "^#" >bind &&
	sed "/^\\[messages\\]\$/r bind" /usr/share/aerc/binds.conf >"$XDG_CONFIG_HOME/aerc/binds.conf" &&
	in_tmux aerc aerc &&
	wait_for_pane aerc "Rex Viewer .*└─>" &&
	! pane aerc | grep "plumbers" &&
	keys_until aerc E "escalate-thread" &&
	wait_for_pane aerc "escalate-thread: a draft to <$TEST_CONTACT> is in notmuch" &&
	test $(notmuch count tag:draft) -eq 1 &&
	check_draft "$(notmuch search --output=files tag:draft)" &&
	in_tmux aerc2 aerc &&
	wait_for_pane aerc2 "Rex Viewer .*└─>" &&
	keys aerc2 ":cf drafts" Enter &&
	wait_for_pane aerc2 "Code of Conflict: request for help" &&
	keys aerc2 ":recall -f" Enter &&
	wait_for_pane aerc2 "^To: <$TEST_CONTACT>" &&
	wait_for_pane aerc2 "Send this email?" &&
	test -z "$(ls "$SENT")"
'

test_done
