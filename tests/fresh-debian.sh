#!/bin/sh
# fresh-debian.sh [--cache DIR] [--keep] [--no-deb] [--quickstart] - the
# README's two commands on a Debian 12 machine that has nothing but make.
#
# Builds a minimal Debian 12 root from the package archive (mmdebstrap,
# variant "apt": the Essential packages, apt, and make to type the first
# command), puts a git archive of HEAD in /root/civil and runs there, as
# root, exactly what the README says: "make demo", then "make check", then
# "make check-clients".  "make demo" must install only what the demo runs
# (no test tool, no mail client).  The tests run without a network (the
# suites never need one); the packages each asks for are installed first
# (scripts/need-deps test, clients).
#
# Then the Debian package: its build dependencies installed with apt,
# "dpkg-buildpackage -us -uc -b" (without a network, as on a buildd),
# lintian, "apt-get install ./*.deb", and the demo and an outside program
# against the installed files.
#
# Needs root (mmdebstrap's root mode, chroot, mount namespaces) and
# deb.debian.org.  --cache DIR keeps downloaded .debs in DIR for the next
# run (the root itself is always new); --keep leaves the root behind;
# --no-deb stops after the README's commands.  --quickstart runs the
# README's user quick start instead (tests/quickstart.sh), and only that.
# Prints how long each step took.
set -eu

cache=
keep=
deb=yes
quickstart=
while test $# -gt 0; do
	case $1 in
	--cache) cache=$(mkdir -p "$2" && cd "$2" && pwd); shift ;;
	--keep) keep=yes ;;
	--no-deb) deb= ;;
	--quickstart) quickstart=yes ;;
	*) echo "usage: fresh-debian.sh [--cache DIR] [--keep] [--no-deb] [--quickstart]" >&2; exit 2 ;;
	esac
	shift
done

src=$(cd "$(dirname "$0")/.." && pwd)
mirror=${FRESH_MIRROR:-http://deb.debian.org/debian}
security=${FRESH_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

if test "$(id -u)" -ne 0; then
	echo "fresh-debian: must run as root (mmdebstrap --mode=root, chroot)" >&2
	exit 1
fi
for t in mmdebstrap unshare chroot git ip; do
	command -v $t >/dev/null || {
		echo "fresh-debian: $t is needed" >&2
		exit 1
	}
done

work=$(mktemp -d "${TMPDIR:-/tmp}/civil-fresh.XXXXXX")
chmod 755 "$work" # for apt's _apt user, which downloads into the root
root=$work/root
if test -n "$keep"; then
	echo "fresh-debian: keeping $root"
else
	trap 'rm -rf "$work"' EXIT
fi

times=$work/times
step_start() {
	step=$1
	t0=$(date +%s)
	printf '\n==== fresh-debian: %s\n' "$step"
}
step_end() {
	printf '%-56s %5d s\n' "$step" $(($(date +%s) - t0)) >>"$times"
}

# in_root [--no-net] SCRIPT - run SCRIPT with sh in the root, as root, with
# a clean environment (as after "sudo -i" on a machine with no locale set)
# and /proc, /tmp, /dev/shm of its own.  Everything is mounted in a mount
# namespace of its own, so nothing outlives the call.  --no-net: a network
# namespace of its own too, with only the loopback up, as on a machine
# with no network (the msmtp test talks SMTP to a server on 127.0.0.1).
in_root() {
	net=
	if test "$1" = --no-net; then
		net=--net
		shift
	fi
	# shellcheck disable=SC2086,SC2016
	unshare --mount --pid --fork $net /bin/sh -eu -c '
		root=$1 cache=$2 script=$3
		if test -n "$4"; then
			ip link set lo up
		fi
		mount -t proc proc "$root/proc"
		mount -t sysfs -o ro sysfs "$root/sys"
		mount -t tmpfs -o mode=1777 tmpfs "$root/tmp"
		mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
		mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
		if test -n "$cache"; then
			mount --bind "$cache" "$root/var/cache/apt/archives"
		fi
		exec chroot "$root" /usr/bin/env -i HOME=/root USER=root \
			LOGNAME=root SHELL=/bin/sh \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			/bin/sh -euc "cd /root && $script"
	' in_root "$root" "$cache" "$1" "$net"
}

step_start "mmdebstrap a minimal Debian 12"
set -- --mode=root --variant=apt --include=make
if test -n "$cache"; then
	# shellcheck disable=SC2016
	set -- "$@" --skip=essential/unlink \
		--setup-hook='mkdir -p "$1"/var/cache/apt/archives' \
		--setup-hook="sync-in '$cache' /var/cache/apt/archives/" \
		--customize-hook="sync-out /var/cache/apt/archives '$cache'"
fi
mmdebstrap "$@" bookworm "$root" \
	"deb $mirror bookworm main" "deb $mirror bookworm-updates main" \
	"deb $security bookworm-security main"
step_end

step_start "git archive of HEAD into /root/civil"
mkdir "$root/root/civil"
git -C "$src" archive --format=tar HEAD | tar -x -C "$root/root/civil"
step_end

if test -n "$quickstart"; then
	step_start "the README's quick start (tests/quickstart.sh)"
	in_root 'cd civil && tests/quickstart.sh'
	step_end
	printf '\nfresh-debian: the README'"'"'s quick start passed\n'
	cat "$times"
	exit 0
fi

# installed - "N packages, M MB" installed in the root.
installed() {
	chroot "$root" dpkg-query -W -f '${db:Status-Status} ${Installed-Size}\n' |
		awk '$1 == "installed" { n++; kb += $2 } END { printf "%d packages, %d MB", n, kb / 1024 }'
}

step_start "make demo (installs what is missing)"
before=$(installed)
in_root 'cd civil && make demo'
# What the demo does not run is not installed for it.
for p in check b4 valgrind systemd emacs-nox mutt neomutt aerc tmux; do
	if chroot "$root" dpkg-query -W -f '${db:Status-Status}' "$p" 2>/dev/null |
		grep -q '^installed'; then
		echo "fresh-debian: make demo installed $p, which the demo never runs" >&2
		exit 1
	fi
done
step_end
echo "fresh-debian: before make demo $before; after $(installed)" | tee -a "$times"

step_start "scripts/need-deps test (what make check adds)"
in_root 'cd civil && scripts/need-deps test'
step_end

step_start "make check (no network)"
in_root --no-net 'cd civil && make check'
step_end

step_start "scripts/need-deps clients (what make check-clients adds)"
in_root 'cd civil && scripts/need-deps clients'
step_end

step_start "make check-clients (no network)"
in_root --no-net 'cd civil && make check-clients'
step_end

if test -z "$deb"; then
	printf '\nfresh-debian: the README'"'"'s commands passed\n'
	cat "$times"
	exit 0
fi

step_start "apt-get build-dep ./"
mkdir "$root/root/pkg"
git -C "$src" archive --format=tar --prefix=civil/ HEAD | tar -x -C "$root/root/pkg"
in_root 'cd pkg/civil && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -q ./'
step_end

step_start "dpkg-buildpackage -us -uc -b (no network)"
in_root --no-net 'cd pkg/civil && dpkg-buildpackage -us -uc -b'
step_end

step_start "lintian"
in_root 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends lintian >/dev/null &&
	lintian --fail-on error --display-info pkg/*.changes'
step_end

step_start "apt-get install ./*.deb"
in_root 'cd pkg && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
	./civil_*.deb ./libcivil0_*.deb ./libcivil-dev_*.deb'
step_end

step_start "demo and outside program on the installed package"
in_root --no-net 'cd civil && demo/run.sh /usr && tests/installed.sh'
step_end

printf '\nfresh-debian: all passed\n'
cat "$times"
