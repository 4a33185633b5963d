#!/bin/sh
# civil-sendmail as a client of SMTP submission (issue 30 item 1).  With
# sendemail.smtpServer naming an SMTP server, civil-install --b4 puts
# civil-sendmail in front of it for git send-email and b4, per identity;
# civil-sendmail then sends where git send-email would have: STARTTLS or
# TLS from the start, AUTH with the password git credential gives.  The
# server is a real one on the loopback (python3-aiosmtpd), with a
# certificate made here; what it keeps is compared byte for byte.  Every
# failure is one line, the message kept and exit 75.
. "$(dirname "$0")/lib.sh"

need_tool "git send-email" 'git send-email --dump-aliases'
need_tool b4 'b4 --version'
need_tool python3-aiosmtpd '/usr/bin/python3 -c "import aiosmtpd.controller"'
need_tool openssl 'openssl version'

make_kernel_repo linux
cd linux
REMINDER=$(reminder_line Documentation/CodeOfConflict)
write_review review.eml
cp review.eml review.orig
UNSENT="$HOME/.local/state/civil/unsent"

# Two certificates for 127.0.0.1: the server's, and one it does not have.
for c in cert other; do
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 \
		-addext "subjectAltName=IP:127.0.0.1" -keyout "$TEST_DIR/$c.key" \
		-out "$TEST_DIR/$c.pem" 2>/dev/null || exit 1
done

# smtpd.py DIR PORTFILE MODE: an SMTP server on 127.0.0.1.  MODE starttls
# (STARTTLS required, then AUTH), tls (TLS from the start, then AUTH), or
# gone (it closes the connection in the middle of DATA).  Each message's
# bytes, as they came, in DIR/N, its envelope in DIR/N.env, the name the
# client gave in EHLO in DIR/N.ehlo; the AUTHs
# tried in DIR/auth.log.  Mail to later@ is refused 451 at its end, to
# refused@ 554.
cat >"$TEST_DIR/smtpd.py" <<\PY
import os, socket, ssl, sys, threading
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

d, portfile, mode = sys.argv[1:4]
users = {b'reviewer': b's3cret', b'worker': b'w0rk'}

class Keep:
    async def handle_DATA(self, server, session, envelope):
        if any(r.startswith('later@') for r in envelope.rcpt_tos):
            return '451 4.3.0 try again later'
        if any(r.startswith('refused@') for r in envelope.rcpt_tos):
            return '554 5.7.1 message refused'
        n = 1
        while os.path.exists(os.path.join(d, str(n))):
            n += 1
        path = os.path.join(d, str(n))
        with open(path + '.env', 'w') as f:
            f.write('\n'.join([envelope.mail_from] + envelope.rcpt_tos) + '\n')
        with open(path + '.ehlo', 'w') as f:
            f.write(session.host_name + '\n')
        with open(path + '.tmp', 'wb') as f:
            f.write(envelope.original_content)
        os.rename(path + '.tmp', path)
        return '250 2.0.0 kept'

def auth(server, session, envelope, mechanism, data):
    ok = users.get(data.login) == data.password
    with open(os.path.join(d, 'auth.log'), 'a') as f:
        f.write('%s %s\n' % (data.login.decode(), 'ok' if ok else 'refused'))
    return AuthResult(success=ok, handled=False)

def say_port(port):
    with open(portfile + '.tmp', 'w') as f:
        f.write(str(port))
    os.rename(portfile + '.tmp', portfile)

if mode == 'gone':
    ls = socket.socket()
    ls.bind(('127.0.0.1', 0))
    ls.listen(5)
    say_port(ls.getsockname()[1])
    while True:
        c, _ = ls.accept()
        f = c.makefile('rwb')
        f.write(b'220 gone.test ESMTP\r\n')
        f.flush()
        for line in f:
            cmd = line[:4].upper()
            if cmd == b'EHLO':
                f.write(b'250-gone.test\r\n250 8BITMIME\r\n')
            elif cmd == b'DATA':
                f.write(b'354 go ahead\r\n')
                f.flush()
                f.readline()
                break
            else:
                f.write(b'250 OK\r\n')
            f.flush()
        f.close()
        c.close()

ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
ctx.load_cert_chain(sys.argv[4], sys.argv[5])
s = socket.socket()
s.bind(('127.0.0.1', 0))
port = s.getsockname()[1]
s.close()
kw = dict(authenticator=auth, auth_required=True)
if mode == 'tls':
    # (TLS from the start is TLS, which aiosmtpd can't tell.)
    c = Controller(Keep(), hostname='127.0.0.1', port=port, ssl_context=ctx,
                   auth_require_tls=False, **kw)
else:
    c = Controller(Keep(), hostname='127.0.0.1', port=port, tls_context=ctx,
                   require_starttls=True, **kw)
c.start()
say_port(port)
threading.Event().wait()
PY

# start_smtpd NAME MODE - the server NAME ($TEST_DIR/NAME: what it kept;
# its port in NAME_PORT).
PIDS=
start_smtpd() {
	mkdir -p "$TEST_DIR/$1"
	/usr/bin/python3 "$TEST_DIR/smtpd.py" "$TEST_DIR/$1" \
		"$TEST_DIR/$1.port" "$2" "$TEST_DIR/cert.pem" \
		"$TEST_DIR/cert.key" >"$TEST_DIR/$1.log" 2>&1 &
	PIDS="$PIDS $!"
	wait_for_file "$TEST_DIR/$1.port" || { cat "$TEST_DIR/$1.log"; return 1; }
	eval "$1_PORT=\$(cat \"\$TEST_DIR/\$1.port\")"
}
trap >"$TEST_DIR/.traps"
trap 'for p in $PIDS; do kill $p 2>/dev/null; wait $p 2>/dev/null; done; '"$(sed -n "s/^trap -- '\(.*\)' EXIT\$/\1/p" "$TEST_DIR/.traps")" EXIT

start_smtpd sub starttls || exit 1
start_smtpd smtps tls || exit 1
start_smtpd gone gone || exit 1
GOT="$TEST_DIR/sub"

# A credential helper that knows the reviewer's password, and says what
# it was asked and told.
write_script "$TEST_DIR/credential" <<EOS
{ echo "\$1"; cat; } >>"$TEST_DIR/credential.log"
test "\$1" = get && echo "password=\${CRED_PASSWORD:-s3cret}"
exit 0
EOS

# The usual kernel setup: a submission server with STARTTLS and a user,
# the password from a credential helper; identities for the rest.
cat >>"$HOME/.gitconfig" <<EOF
[credential]
	helper = $TEST_DIR/credential
[sendemail]
	smtpServer = 127.0.0.1
	smtpServerPort = $sub_PORT
	smtpEncryption = tls
	smtpUser = reviewer
	smtpSSLCertPath = $TEST_DIR/cert.pem
[sendemail "work"]
	smtpUser = worker
	smtpPass = w0rk
[sendemail "ssl"]
	smtpServerPort = $smtps_PORT
	smtpEncryption = ssl
[sendemail "wrongpass"]
	smtpUser = worker
	smtpPass = wrong
[sendemail "badcert"]
	smtpSSLCertPath = $TEST_DIR/other.pem
[sendemail "gone"]
	smtpServerPort = $gone_PORT
	smtpEncryption =
	smtpUser =
EOF
cp "$HOME/.gitconfig" gitconfig.before

# send FILE [ARGS] - git send-email with no terminal, to the list.
send() {
	_f=$1
	shift
	git send-email --quiet --confirm=never --no-annotate --suppress-cc=all \
		--from="Re Viewer <reviewer@kernel-test.invalid>" \
		--to=list@kernel-test.invalid "$@" "$_f" </dev/null
}

# crlf FILE - FILE with CRLF line ends, as SMTP carries it.
crlf() {
	sed 's/$/\r/' "$1"
}

# reminded FILE - FILE's bytes with the reminder after them.
reminded() {
	cat "$1" && printf '\n-- \n%s\nConcerns: <%s>\n' "$REMINDER" "$TEST_CONTACT"
}

# kept_one ERR - ERR is one line that ends saying where the message is
# kept, and it is kept there as it was given (review.orig).
kept_one() {
	test_line_count 1 "$1" &&
	kept=$(sed -n "s/.*; the message is kept in .\(.*\).\$/\1/p" "$1") &&
	test -n "$kept" && test_cmp review.orig "$kept"
}

test_expect_success 'civil-install --b4: civil-sendmail in front of the SMTP server, for each identity' '
	civil-install --b4 >out 2>err &&
	test ! -s err &&
	grep -x "civil-install: sendemail.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .127.0.0.1." out &&
	grep -x "civil-install: sendemail.smtpServer (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .127.0.0.1. (b4 before 0.16)" out &&
	grep -x "civil-install: sendemail.work.sendmailCmd (.$HOME/.gitconfig.): civil-sendmail, then the SMTP server .127.0.0.1." out &&
	grep -x "civil-install: b4 and git send-email send through civil-sendmail with every identity: none, .work., .ssl., .wrongpass., .badcert., .gone." out &&
	git config sendemail.sendmailCmd | grep "civil-sendmail. --smtp\$" &&
	git config sendemail.work.sendmailCmd | grep "civil-sendmail. --smtp=.work.\$"
'

test_expect_success 'civil-sendmail --smtp: STARTTLS, AUTH with the credential, the bytes as given plus the reminder' '
	rm -f "$TEST_DIR/credential.log" &&
	civil-sendmail --smtp -i -f reviewer@kernel-test.invalid \
		list@kernel-test.invalid <review.eml 2>err &&
	test ! -s err &&
	reminded review.eml >expect.lf && crlf expect.lf >expect &&
	test_cmp expect "$GOT/1" &&
	printf "reviewer@kernel-test.invalid\nlist@kernel-test.invalid\n" >expect.env &&
	test_cmp expect.env "$GOT/1.env" &&
	echo "reviewer ok" >expect.auth && test_cmp expect.auth "$GOT/auth.log" &&
	# asked as git send-email asks, and told it worked
	printf "get\nprotocol=smtp\nhost=127.0.0.1:%s\nusername=reviewer\n" "$sub_PORT" >expect.cred &&
	printf "store\nprotocol=smtp\nhost=127.0.0.1:%s\nusername=reviewer\npassword=s3cret\n" "$sub_PORT" >>expect.cred &&
	test_cmp expect.cred "$TEST_DIR/credential.log"
'

test_expect_success 'lines that start with a dot, CRLF already, no last line end: as they were' '
	printf "From: Re Viewer <reviewer@kernel-test.invalid>\r\nTo: list@kernel-test.invalid\r\nSubject: dots\r\n\r\n.\r\n..two\r\n.\r\nend" >dots.eml &&
	civil-sendmail --smtp list@kernel-test.invalid <dots.eml &&
	{ cat dots.eml && printf "\r\n"; } >expect &&
	test_cmp expect "$GOT/2" &&
	head -n 1 "$GOT/2.env" | grep -x "reviewer@kernel-test.invalid"
'

test_expect_success 'git send-email: the review through civil-sendmail to the server, the reminder once' '
	rm -f "$GOT"/[0-9]* &&
	send review.eml >out 2>err &&
	test ! -s err &&
	test -f "$GOT/1" && ! test -f "$GOT/2" &&
	test $(count_lines "^$REMINDER" "$GOT/1") -eq 1 &&
	body review.orig >b && reminded b >expect.lf && crlf expect.lf >expect &&
	body "$GOT/1" >actual &&
	test_cmp expect actual &&
	grep "^Message-Id: <.*@kernel-test.invalid>" "$GOT/1" &&
	printf "reviewer@kernel-test.invalid\nlist@kernel-test.invalid\n" >expect.env &&
	test_cmp expect.env "$GOT/1.env"
'

test_expect_success 'a patch goes out byte for byte' '
	cp review.orig review.eml &&
	rm -f "$GOT"/[0-9]* &&
	git format-patch -q -1 -o series &&
	send series/0001-*.patch --from="A U Thor <author@kernel-test.invalid>" &&
	body series/0001-*.patch >b && crlf b >expect &&
	body "$GOT/1" >actual &&
	test_cmp expect actual
'

test_expect_success 'an identity: its own user and password, the base server' '
	rm -f "$GOT"/[0-9]* "$GOT/auth.log" &&
	send review.eml --identity=work &&
	cp review.orig review.eml &&
	echo "worker ok" >expect.auth && test_cmp expect.auth "$GOT/auth.log" &&
	test $(count_lines "^$REMINDER" "$GOT/1") -eq 1
'

test_expect_success 'smtpServerOption (git passes it on) is no recipient; smtpDomain names the client' '
	rm -f "$GOT"/[0-9]* &&
	GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=sendemail.work.smtpServerOption \
		GIT_CONFIG_VALUE_0=opt-value GIT_CONFIG_KEY_1=sendemail.smtpDomain \
		GIT_CONFIG_VALUE_1=client.kernel-test.invalid \
		send review.eml --identity=work &&
	cp review.orig review.eml &&
	printf "reviewer@kernel-test.invalid\nlist@kernel-test.invalid\n" >expect.env &&
	test_cmp expect.env "$GOT/1.env" &&
	echo client.kernel-test.invalid >expect.ehlo &&
	test_cmp expect.ehlo "$GOT/1.ehlo"
'

test_expect_success 'smtpServer as host:port' '
	rm -f "$GOT"/[0-9]* &&
	GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=sendemail.smtpServer \
		GIT_CONFIG_VALUE_0="127.0.0.1:$sub_PORT" \
		GIT_CONFIG_KEY_1=sendemail.smtpServerPort GIT_CONFIG_VALUE_1= \
		civil-sendmail --smtp -i list@kernel-test.invalid <review.orig &&
	test -f "$GOT/1"
'

test_expect_success 'smtpEncryption ssl: TLS from the start' '
	send review.eml --identity=ssl &&
	cp review.orig review.eml &&
	test $(count_lines "^$REMINDER" "$TEST_DIR/smtps/1") -eq 1
'

test_expect_success 'b4 (0.12: smtpServer, split as the shell would) sends through civil-sendmail to the server' '
	rm -f "$GOT"/[0-9]* &&
	git config b4.sendemail-identity work &&
	/usr/bin/python3 -c "
import email, sys, b4
msg = email.message_from_binary_file(open(\"review.eml\", \"rb\"))
smtp, fromaddr = b4.get_smtp()
assert isinstance(smtp, list), smtp
sys.exit(0 if b4.send_mail(smtp, [msg], fromaddr, destaddrs=[\"list@kernel-test.invalid\"]) == 1 else 1)
" &&
	git config --unset b4.sendemail-identity &&
	test $(count_lines "^$REMINDER" "$GOT/1") -eq 1 &&
	tail -n 1 "$GOT/auth.log" | grep -x "worker ok"
'

test_expect_success 'AUTH refused: one line, kept, 75; a credential refused is rejected' '
	test_expect_code 75 civil-sendmail --smtp=wrongpass -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "^civil-sendmail: can.t send to the SMTP server .127.0.0.1:$sub_PORT. (STARTTLS): AUTH as .worker. refused (the server said .535 [^;]*.); the message is kept in " err &&
	kept_one err &&
	rm -f "$TEST_DIR/credential.log" &&
	CRED_PASSWORD=nope test_expect_code 75 civil-sendmail --smtp -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "AUTH as .reviewer. refused" err && kept_one err &&
	grep -x erase "$TEST_DIR/credential.log" &&
	! grep -x store "$TEST_DIR/credential.log"
'

test_expect_success 'no password to be had: one line (not git credential.s too), kept, 75' '
	GIT_TERMINAL_PROMPT=0 GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=credential.helper \
		GIT_CONFIG_VALUE_0= test_expect_code 75 civil-sendmail --smtp -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "^civil-sendmail: no password for .reviewer. at .127.0.0.1:$sub_PORT. (git config sendemail.smtpPass, or a git credential helper); the message is kept in " err &&
	kept_one err
'

test_expect_success 'a recipient with a line break in it is no SMTP command' '
	test_expect_code 75 civil-sendmail --smtp -i "$(printf "list@kernel-test.invalid>\r\nRCPT TO:<x@kernel-test.invalid")" \
		<review.orig 2>err &&
	grep "^civil-sendmail: a recipient with a line break in it; the message is kept in " err &&
	kept_one err
'

test_expect_success 'a certificate the server does not have: one line, kept, 75' '
	test_expect_code 75 civil-sendmail --smtp=badcert -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "^civil-sendmail: can.t send to the SMTP server .127.0.0.1:$sub_PORT. (STARTTLS): SSL certificate problem: self-signed certificate (git config sendemail.smtpSSLCertPath names the certificates to trust); the message is kept in " err &&
	kept_one err
'

test_expect_success 'the server gone in the middle of DATA: one line, kept, 75' '
	test_expect_code 75 civil-sendmail --smtp=gone -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "^civil-sendmail: can.t send to the SMTP server .127.0.0.1:$gone_PORT.: the connection was lost in the middle of the message; the message is kept in " err &&
	kept_one err
'

test_expect_success '4xx and 5xx at the end of DATA: one line each, kept, 75' '
	test_expect_code 75 civil-sendmail --smtp -i later@kernel-test.invalid \
		<review.orig 2>err &&
	grep "^civil-sendmail: can.t send to the SMTP server .127.0.0.1:$sub_PORT. (STARTTLS): refused for now: .451 4.3.0 try again later.; the message is kept in " err &&
	kept_one err &&
	test_expect_code 75 civil-sendmail --smtp -i refused@kernel-test.invalid \
		<review.orig 2>err &&
	grep "^civil-sendmail: can.t send to the SMTP server .127.0.0.1:$sub_PORT. (STARTTLS): refused: .554 5.7.1 message refused.; the message is kept in " err &&
	kept_one err
'

test_expect_success 'git send-email sees the failure, and nothing is lost' '
	n=$(ls "$UNSENT" | wc -l) &&
	{ send review.eml --identity=badcert >out 2>err; status=$?; } &&
	cp review.orig review.eml &&
	test $status -ne 0 &&
	grep "^civil-sendmail: can.t send to the SMTP server" err &&
	test $(ls "$UNSENT" | wc -l) -eq $((n + 1))
'

test_expect_success 'a bad smtpEncryption is said, and the message kept' '
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.gone.smtpEncryption \
		GIT_CONFIG_VALUE_0=starttlss test_expect_code 75 \
		civil-sendmail --smtp=gone -i list@kernel-test.invalid \
		<review.orig 2>err &&
	grep "^civil-sendmail: git config sendemail.gone.smtpEncryption: .starttlss. is not ssl or tls; the message is kept in " err &&
	kept_one err
'

test_expect_success 'with the hook too (--git): a heated review warned once, sent by SMTP once' '
	civil-install --git >/dev/null &&
	rm -f "$GOT"/[0-9]* &&
	sed "s/^Please make it static./Shut up, you fucking moron./" review.orig >hot.eml &&
	send hot.eml >out 2>err &&
	test $(count_lines "tone: " err) -eq 1 &&
	grep "^civil-remind: tone: " err &&
	test -f "$GOT/1" && ! test -f "$GOT/2" &&
	test $(count_lines "^$REMINDER" "$GOT/1") -eq 1 &&
	civil-install --git --uninstall >/dev/null
'

test_expect_success 'settings git itself cannot read: one line, kept, 75' '
	GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=nosection GIT_CONFIG_VALUE_0=x \
		test_expect_code 75 civil-sendmail --smtp -i \
		list@kernel-test.invalid <review.orig 2>err &&
	grep "^civil-sendmail: GIT_CONFIG_KEY_0: .nosection. is not a git config key; not sent: .*; the message is kept in " err &&
	kept_one err
'

test_expect_success 'civil removed before --uninstall: the shim keeps an SMTP message back (75), one line' '
	sed "s|^civil_sendmail=.*|civil_sendmail=/nonexistent/civil-sendmail|" \
		"$HOME/.config/civil/civil-sendmail" >"$HOME/.config/civil/gone-shim" &&
	chmod +x "$HOME/.config/civil/gone-shim" &&
	n=$(ls "$GOT" | grep -c "^[0-9]*\$") &&
	test_expect_code 75 "$HOME/.config/civil/gone-shim" --smtp=work -i \
		list@kernel-test.invalid <review.orig 2>err &&
	test_line_count 1 err &&
	grep "^civil: /nonexistent/civil-sendmail not found; not sent, as civil-sendmail sent it by SMTP: take the include of civil.s file in .*civil-install --b4 --uninstall" err &&
	test $(ls "$GOT" | grep -c "^[0-9]*\$") -eq $n &&
	rm "$HOME/.config/civil/gone-shim"
'

test_expect_success 'civil-install --b4 --uninstall: the config byte for byte' '
	civil-install --b4 --uninstall >out &&
	test_cmp gitconfig.before "$HOME/.gitconfig" &&
	! test -e "$HOME/.config/civil/git.inc"
'

test_done
