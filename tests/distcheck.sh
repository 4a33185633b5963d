#!/bin/sh
# distcheck.sh TARBALL - what make dist made must stand on its own: unpacked
# in a directory of its own, it builds and passes "make check" (which
# installs missing packages first, as the README says), installs into a
# DESTDIR and uninstalls from it again.
set -eu
tarball=$(cd "$(dirname "${1:?usage: distcheck.sh TARBALL}")" && pwd)/$(basename "$1")
name=$(basename "$tarball" | sed 's/\.tar\.[a-z]*$//')

tmp=$(mktemp -d "${TMPDIR:-/tmp}/civil-distcheck.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
tar -xf "$tarball" -C "$tmp"
cd "$tmp/$name"

# A make of its own: nothing of the make that started this one (its
# jobs, its command line) may reach the build from the tarball.
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u B -u DESTDIR \
		make --no-print-directory "$@"
}

version=$(sed -n 's/^.define CIVIL_VERSION "\(.*\)"$/\1/p' lib/civil.h)
test "$name" = "civil-$version" || {
	echo "distcheck: $name unpacked, but its civil.h says $version" >&2
	exit 1
}
changelog=$(sed -n '1s/^civil (\([^)]*\)).*/\1/p' debian/changelog)
test "$changelog" = "$version" || {
	echo "distcheck: debian/changelog is at $changelog, civil at $version" >&2
	exit 1
}

mk check
mk install DESTDIR="$tmp/stage"
test -x "$tmp/stage/usr/local/bin/civil-remind"
test -f "$tmp/stage/usr/local/lib/pkgconfig/civil.pc"
mk uninstall DESTDIR="$tmp/stage"
left=$(find "$tmp/stage" ! -type d)
test -z "$left" || {
	echo "distcheck: make uninstall left:" >&2
	echo "$left" >&2
	exit 1
}
echo "distcheck: $(basename "$tarball") builds, passes make check, installs and uninstalls"
