#!/usr/bin/env bash
# Runs ctest with the given arguments and, when tests fail, repeats each failure's QtTest lines
# (FAIL!, Loc, Actual/Expected) at the very end: a failing test program's whole output can be
# longer than what a CI log keeps of it, and the lines that say why must not be the part cut.
set -uo pipefail
log=$(mktemp "${TMPDIR:-/tmp}/terrarium-ctest.XXXXXX")
trap 'rm -f "$log"' EXIT
ctest --output-log "$log" "$@"
status=$?
if [[ $status -ne 0 ]]; then
    echo "---- why the failing tests failed ----"
    grep -E -A4 '^(FAIL!|XPASS) ' "$log" | grep -E '^(FAIL!|XPASS|   [A-Z]|--)' || echo "(no QtTest failure lines; see above)"
fi
exit "$status"
