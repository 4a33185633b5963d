#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# quickstart.sh - the README's "Quick start", word for word, as root on a
# Debian 12 machine, in the source directory (tests/fresh-debian.sh
# --quickstart runs it in a new root).  What the README leaves to the
# reader is made here first, and said: a kernel tree with a code file, a
# review to send, mail in notmuch ("notmuch setup done"), and a sendmail
# that keeps what git send-email hands it, so that nothing is ever sent.
# Each README command then runs as written; what it did is checked.
set -eu

src=$(cd "$(dirname "$0")/.." && pwd)
cd "$src"
fail() {
	echo "quickstart: $*" >&2
	exit 1
}
say() { printf '\n== quickstart: %s\n' "$*"; }

say "scripts/need-deps build; make && make install; apt-get install git git-email notmuch"
scripts/need-deps build
make && make install
DEBIAN_FRONTEND=noninteractive apt-get install -y -q git git-email notmuch
command -v civil-install | grep -qx /usr/local/bin/civil-install ||
	fail "civil-install is not in /usr/local/bin"

# What the README takes as done: who you are, a tree, a review, a way
# for git send-email to "send" that keeps the message here.
say "(set up: a kernel tree, a review, a sendmail that only keeps mail)"
git config --global user.name "Re Viewer"
git config --global user.email "reviewer@example-kernel.invalid"
git config --global init.defaultBranch main
sent=$HOME/sent
mkdir -p "$sent"
cat >"$HOME/keep-mail" <<EOF
#!/bin/sh
n=\$(ls "$sent" | wc -l)
cat >"$sent/\$((n + 1)).eml"
EOF
chmod +x "$HOME/keep-mail"
git config --global sendemail.smtpServer "$HOME/keep-mail"
git config --global sendemail.confirm never
mkdir -p ~/src/linux/Documentation
git -C ~/src/linux init -q
cp demo/CodeOfConflict ~/src/linux/Documentation/CodeOfConflict
git -C ~/src/linux add . && git -C ~/src/linux commit -q -m initial
# A review as the README shows one: its To and In-Reply-To, a Subject Re:.
sed '1a To: list@example-kernel.invalid\nIn-Reply-To: <msgid>' demo/review.eml >~/src/linux/review.eml

say "Send a review"
(
	cd ~/src/linux
	civil-install --git
	git send-email review.eml
)
grep -q '^In-Reply-To: <msgid>' "$sent/1.eml" ||
	fail "the review went out without its In-Reply-To"
test -s "$sent/1.eml" || fail "git send-email sent nothing"
grep -q '^Reviewed under' "$sent/1.eml" ||
	fail "the review went out without the reminder"

say "(set up: notmuch setup done, the demo's mail in it)"
mkdir -p ~/mail/cur ~/mail/new ~/mail/tmp
printf '[database]\npath=%s/mail\n[user]\nname=Re Viewer\nprimary_email=reviewer@example-kernel.invalid\n[new]\ntags=new;unread\n' \
	"$HOME" >~/.notmuch-config
for f in demo/mail/*.eml; do
	cp "$f" ~/mail/cur/"$(basename "$f" .eml):2,"
done
notmuch new --quiet

say "See the heated threads"
civil-install --notmuch
civil-scan --apply '*'
civil-heated --explain >"$HOME/heated"
cat "$HOME/heated"
grep -q '^thread:' "$HOME/heated" || fail "civil-heated listed no thread"

say "Escalate one (in the tree)"
id=$(notmuch search --output=messages tag:heated | head -n 1)
test -n "$id" || fail "no message tagged heated"
cd ~/src/linux
escalate-thread --output report.eml "$id"
# Sent before the sender has written in it: refused, nothing sent.
if git send-email --suppress-cc=all report.eml; then
	fail "the draft went out with its placeholder"
fi
test ! -e "$sent/2.eml" || fail "the unfinished draft was sent"
# $EDITOR report.eml, as the README says: the sender's own words.
sed -i 's/^\[ Please write here.*/I was called an idiot in review; please help./' report.eml
git send-email --suppress-cc=all report.eml
grep -q '^To: .*board@example-kernel.invalid' "$sent/2.eml" ||
	fail "the report did not go to the board alone"
! grep -qi '^Cc:.*list@' "$sent/2.eml" || fail "the report went to the list"
cd "$src"

say "the README's quick start passed"
