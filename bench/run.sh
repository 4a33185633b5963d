#!/bin/sh
# bench/run.sh BUILD - run every benchmark; each prints its own table.
set -eu
build=$(cd "${1:?usage: bench/run.sh BUILD}" && pwd)
for b in "$(dirname "$0")"/*.sh; do
	case $b in */run.sh | */lib.sh) continue ;; esac
	echo "### $(basename "$b")"
	"$b" "$build"
	echo
done
