#!/bin/sh
# import-ksummit.sh CORPUS DIR - unpack the ksummit maildir under DIR, give
# it a fresh notmuch database of its own (the tarball's is dropped) and a
# config at DIR/notmuch-config; prints that config's path.  For tests and
# benchmarks only: the mail never leaves DIR.
set -eu
corpus=$1 dir=$2
mkdir -p "$dir"
tar -xJf "$corpus" -C "$dir"
rm -rf "$dir/ksummit/.notmuch"
mkdir -p "$dir/ksummit/new" "$dir/ksummit/tmp"
printf '[database]\npath=%s/ksummit\n[new]\ntags=new\n' "$dir" >"$dir/notmuch-config"
NOTMUCH_CONFIG="$dir/notmuch-config" notmuch new --quiet
echo "$dir/notmuch-config"
