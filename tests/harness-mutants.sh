#!/bin/bash
# Check of the harness: every mutant in tests/mutants/list still applies to
# the tip of the series and names only selftests that exist. A mutant that
# no longer applies is a "can this test fail?" claim that make check-mutants
# would stop on; it goes stale silently whenever a patch is reworded or
# reworked, so make check looks at it on every run (git apply --check: no
# file is touched, no build). Appends one result line to RESULTS.
# Usage: harness-mutants.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
list=$TOP/tests/mutants/list
tests_dir=$LINUX/tools/testing/selftests/block-affinity
bad=""
n=0
while IFS=$'\t' read -r name _ tests _; do
	case $name in '' | '#'*) continue ;; esac
	n=$((n + 1))
	git -C "$LINUX" apply --check "$TOP/tests/mutants/$name.diff" 2>/dev/null ||
		bad="$bad $name(does-not-apply)"
	for t in $tests; do
		[ -f "$tests_dir/$t" ] || bad="$bad $name($t-missing)"
	done
done <"$list"
if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
	echo "PASS harness: every mutant applies to the series' tip ($n mutants)" >>"$results"
else
	echo "FAIL harness: mutants that cannot run:${bad:- none listed}" >>"$results"
fi
