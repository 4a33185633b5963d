#!/bin/sh
# demo/run.sh DIR - civil on a bundled example, start to finish, in a
# throw-away directory, with the commands in DIR/bin: DIR is a build
# directory (make demo) or where civil is installed (/usr for the Debian
# package).  Nothing is sent: git send-email hands mail to a sendmail that
# only records it.
set -eu
build=$(cd "${1:?usage: demo/run.sh BUILD|PREFIX}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
PATH="$build/bin:$PATH"

demo=$(mktemp -d "${TMPDIR:-/tmp}/civil-demo.XXXXXX")
trap 'rm -rf "$demo"' EXIT
export HOME="$demo/home" GIT_CONFIG_NOSYSTEM=1 GIT_CEILING_DIRECTORIES="$demo"
unset GIT_DIR NOTMUCH_CONFIG NOTMUCH_PROFILE
mkdir -p "$HOME" "$demo/sent"
git config --global user.name "Re Viewer"
git config --global user.email "reviewer@example-kernel.invalid"
git config --global init.defaultBranch main

say() { printf '\n== %s\n' "$*"; }

say "A kernel-style tree with a Code of Conflict (text written for this demo)"
cd "$demo"
git init -q linux
cd linux
mkdir -p Documentation kernel
cp "$src/demo/CodeOfConflict" Documentation/CodeOfConflict
printf 'int sched_x;\n' >kernel/sched.c
git add . && git commit -q -m "initial"
echo 'int sched_y;' >>kernel/sched.c
git commit -q -a -m "sched: add sched_y" -m "Signed-off-by: Re Viewer <reviewer@example-kernel.invalid>"
sed -n '1,12p' Documentation/CodeOfConflict

say "civil-install --git"
civil-install --git

cat >"$demo/fake-sendmail" <<EOF
#!/bin/sh
n=\$(ls "$demo/sent" | wc -l)
cat >"$demo/sent/\$((n + 1)).eml"
EOF
chmod +x "$demo/fake-sendmail"
send() {
	git send-email --quiet --confirm=never --suppress-cc=all \
		--from="Re Viewer <reviewer@example-kernel.invalid>" \
		--to="list@example-kernel.invalid" \
		--smtp-server="$demo/fake-sendmail" "$@"
}

say "A patch goes out exactly as format-patch wrote it"
git format-patch -q -1 -o out
send out/0001-*.patch
sed '1,/^$/d' out/0001-*.patch >"$demo/patch.body"
sed '1,/^$/d' "$demo/sent/1.eml" >"$demo/sent.body"
cmp "$demo/patch.body" "$demo/sent.body" && echo "patch body: identical to git format-patch output"

say "A review: what civil-remind --dry-run says"
cp "$src/demo/review.eml" review.eml
civil-remind --dry-run review.eml

say "The review, sent with git send-email: what went out"
send --in-reply-to="<sched-y@example-kernel.invalid>" review.eml
sed -n '/^Subject:/p; /^In-Reply-To:/p' "$demo/sent/2.eml"
echo "..."
sed '1,/^$/d' "$demo/sent/2.eml"

say "Sent again: the reminder is there once"
send --in-reply-to="<sched-y@example-kernel.invalid>" review.eml
grep -c '^Reviewed under' "$demo/sent/3.eml"

say "civil-install --git --uninstall"
civil-install --git --uninstall

say "A mailbox in notmuch (demo/mail), with civil's post-new hook"
mkdir -p "$demo/mail/cur" "$demo/mail/new" "$demo/mail/tmp"
export NOTMUCH_CONFIG="$demo/notmuch-config"
printf '[database]\npath=%s/mail\n[user]\nname=Re Viewer\nprimary_email=reviewer@example-kernel.invalid\n[new]\ntags=new;unread\n' \
	"$demo" >"$NOTMUCH_CONFIG"
notmuch new --quiet
civil-install --notmuch
for f in "$src"/demo/mail/*.eml; do
	cp "$f" "$demo/mail/new/$(basename "$f" .eml)"
done
notmuch new --quiet
notmuch search '*'

say "What the scan tagged: notmuch search --output=messages tag:heated"
notmuch search --output=messages tag:heated

say "civil-heated --explain"
civil-heated --explain

say "escalate-thread: a private draft to the board (printed here, not sent)"
escalate-thread --stdout "id:hot-4@example-kernel.invalid" |
	awk '/^--=-/ && n++ == 1 { print "[... the thread as an mbox attachment ...]"; exit } { print }'
