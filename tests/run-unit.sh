#!/bin/sh
# Run the Check unit tests from the build in $CIVIL_BUILD.
set -e
: "${CIVIL_BUILD:?}"
here=$(cd "$(dirname "$0")" && pwd)
# GLib's slice allocator hides allocations from the sanitizers.
export G_SLICE=always-malloc
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export CIVIL_TEST_LEXICON="$here/../data/heat.lexicon"
exec "$CIVIL_BUILD/tests/unit-tests"
