#!/bin/bash
# Check of the harness: tests/skips.sh, which make check's summary runs,
# fails a skip that tests/expected-skips.txt does not list, passes the
# listed ones (with and without the 6.12 line's tag, and make
# check-debug's label), and refuses a list
# whose entry has no reason. In a scratch directory, with lists of its
# own (EXPECTED_SKIPS).
# Appends one result line to RESULTS. Usage: harness-skips.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD"
scratch=$(mktemp -d "$BUILD/harness-skips.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
name="harness: make check fails a skip that tests/expected-skips.txt does not list"
fail() {
	echo "FAIL $name ($*)" >>"$results"
	exit 0
}

cat >"$scratch/list" <<'EOF'
# a comment
skip: block-affinity/a_test\.sh \(no disk\)
why: a reason
EOF
printf '%s\n' "PASS block-affinity/a_test.sh: one" \
	"SKIP block-affinity/a_test.sh (no disk)" \
	"SKIP 6.12: block-affinity/a_test.sh (no disk)" \
	"SKIP debug block-affinity/a_test.sh (no disk)" >"$scratch/listed"
EXPECTED_SKIPS=$scratch/list "$TOP/tests/skips.sh" "$scratch/listed" ||
	fail "skips.sh failed on a valid list"
grep -q '^FAIL' "$scratch/listed" && fail "a listed skip failed: $(grep '^FAIL' "$scratch/listed")"
grep -q '^PASS every skip is an expected one (3 skips, 1 entries' "$scratch/listed" ||
	fail "no PASS line for three listed skips"

printf '%s\n' "SKIP block-affinity/a_test.sh (no disk)" \
	"SKIP block-affinity/a_test.sh (no disk at all)" >"$scratch/unlisted"
EXPECTED_SKIPS=$scratch/list "$TOP/tests/skips.sh" "$scratch/unlisted" ||
	fail "skips.sh failed on a valid list"
[ "$(grep -c '^FAIL unexpected skip' "$scratch/unlisted")" = 1 ] ||
	fail "an unlisted skip (a longer reason) did not fail alone"
grep -q '^PASS' "$scratch/unlisted" && fail "a PASS line beside an unexpected skip"

printf 'skip: block-affinity/a_test\\.sh \\(no disk\\)\n' >"$scratch/noreason"
if EXPECTED_SKIPS=$scratch/noreason "$TOP/tests/skips.sh" "$scratch/listed" 2>/dev/null; then
	fail "a list entry without why: was accepted"
fi

echo "PASS $name" >>"$results"
