#!/bin/bash
# Check of the mutants' list against this run: every guard of
# tests/mutants/list (TEST:TEXT, the check that must fail for TEST to
# catch the mutant, tests/mutants.sh) names a check that exists, that is,
# TEXT is part of the description of a check of TEST in RUN (the result
# lines of this make check, any line or boot; a skipped check counts, by
# its name: the matrix's thread rows skip in make check). A check
# renamed since its guard was written leaves the guard matching nothing,
# and make check-mutants would then count a real catch as a miss. Guards of
# tests that made no check in RUN (the RT lane's tests) are counted apart:
# they are checked where those tests run.
# Appends one result line to RESULTS. Usage: mutant-guards.sh RESULTS RUN
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
run=$2
checks=$(mktemp)
list=${KSFT_OUT:-$BUILD/kselftest}/kselftest-list.txt
trap 'rm -f "$checks"' EXIT
# The descriptions of the checks that ran: "TEST: description".
sed -nE 's/^(PASS|FAIL|SKIP) ([^ ]+: )?(\[[^]]*\] )?block-affinity\/([^ :]+: .*)$/\4/p' "$run" >"$checks"
bad="" n=0 elsewhere=""
while IFS=$'\t' read -r name _ _ _ guards; do
	case $name in '' | '#'*) continue ;; esac
	IFS=';' read -ra pairs <<<"${guards:-}"
	for pair in "${pairs[@]}"; do
		t=${pair%%:*} text=${pair#*:}
		n=$((n + 1))
		if ! grep -qx "block-affinity:$t" "$list"; then
			bad="$bad $name($t:no-such-selftest)"
		elif ! grep -q "^$t: " "$checks"; then
			elsewhere="$elsewhere $name:$t"
		elif ! grep "^$t: " "$checks" | grep -qF -- "$text"; then
			bad="$bad $name($t:$text)"
		fi
	done
done <"$TOP/tests/mutants/list"
what="every mutant's guard names a check of its test ($n guards"
if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
	echo "PASS $what; not run here:${elsewhere:- none})" >>"$results"
else
	echo "FAIL $what; matching no check:${bad:- no guards listed})" >>"$results"
fi
