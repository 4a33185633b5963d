#!/bin/sh
# Run the Check unit tests from the build in $CIVIL_BUILD.
set -e
: "${CIVIL_BUILD:?}"
here=$(cd "$(dirname "$0")" && pwd)
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export CIVIL_TEST_DATA="$here/fixtures"
exec "$CIVIL_BUILD/tests/unit-tests"
