#!/bin/bash
# Check of the harness: tests/ktap-results.awk turns the selftests' KTAP
# into result lines: a passing, a skipped and a failing subtest; a failing
# subtest's "want ..., got ..." on the line under it, and only its own
# (not another check's message); a program that skips all; a program
# that fails without a failing subtest. On a KTAP sample of its own.
# Appends one result line to RESULTS. Usage: harness-ktap.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
name="harness: selftest KTAP becomes result lines, a failed check with its want and got"
got=$(awk -f "$TOP/tests/ktap-results.awk" <<'EOF_KTAP'
# selftests: block-affinity: a_test.sh
# # a message
# ok 1 first
# # second: want 'x', got 'y'
# not ok 2 second
# # other: want 'x', got 'y'
# not ok 3 third
# ok 4 fourth # SKIP no disk
not ok 1 selftests: block-affinity: a_test.sh # exit=1
# selftests: block-affinity: b_test.sh
# 1..0 # SKIP no tool
ok 2 selftests: block-affinity: b_test.sh # SKIP
# selftests: block-affinity: c_test.sh
not ok 3 selftests: block-affinity: c_test.sh # TIMEOUT 45 seconds
EOF_KTAP
)
want="PASS block-affinity/a_test.sh: first
FAIL block-affinity/a_test.sh: second
    | want 'x', got 'y'
FAIL block-affinity/a_test.sh: third
SKIP block-affinity/a_test.sh: fourth (no disk)
SKIP block-affinity/b_test.sh (no tool)
FAIL block-affinity/c_test.sh: exited with failure (TIMEOUT 45 seconds)"
if [ "$got" = "$want" ]; then
	echo "PASS $name" >>"$results"
else
	echo "FAIL $name (got: $(echo "$got" | tr '\n' '/'))" >>"$results"
fi
