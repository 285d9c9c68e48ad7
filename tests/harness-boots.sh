#!/bin/bash
# The boot lint can fail: tests/boot-lint.sh on a copy of tests/boots/
# with one boot naming a key that is not one (cpu= for cpus=) and another
# naming a selftest that does not exist must fail and name both; on
# tests/boots/ itself it must pass. Result line to RESULTS.
# Usage: harness-boots.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$TOP"/tests/boots/*.boot "$tmp/"
printf '# a typo\ncpu=2\ntests=nvme_test.sh\n' >"$tmp/typo-key.boot"
printf 'lines=all\ntests=no_such_test.sh\n' >"$tmp/typo-test.boot"
BOOTS_DIR=$tmp "$TOP/tests/boot-lint.sh" "$tmp/bad"
"$TOP/tests/boot-lint.sh" "$tmp/good"
if grep -q '^FAIL .*typo-key(key: cpu=2).*typo-test(no_such_test.sh)' "$tmp/bad" &&
	grep -q '^PASS ' "$tmp/good"; then
	echo "PASS harness: the boot lint fails on an unknown key and an unknown test, and passes tests/boots/" >>"$results"
else
	echo "FAIL harness: the boot lint: $(cat "$tmp/bad" "$tmp/good" | tr '\n' ' ')" >>"$results"
fi
