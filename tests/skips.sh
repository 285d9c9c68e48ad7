#!/bin/bash
# Every skip of a make check run must be an expected one: listed, with its
# reason, in tests/expected-skips.txt. Reads the run's results (RESULTS,
# one PASS/FAIL/SKIP line each) and appends to it one FAIL line per skip
# that no entry matches, or one PASS line saying how many skips were
# expected. A skip is matched without its "SKIP ", its line's tag
# ("6.12: ") and the label of make check-debug's run ("debug "), against
# each entry's extended regular expression (grep -E, the whole line): a
# debug kernel skips for the same reasons. An entry without its reason is an error of the file.
# Usage: skips.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
list=${EXPECTED_SKIPS:-$TOP/tests/expected-skips.txt}
[ -f "$list" ] || die "no $(rel "$list")"

# The file: "skip: ERE" lines, each followed by a "why: REASON" line;
# comments (#) and blank lines between entries.
patterns=$(mktemp)
trap 'rm -f "$patterns"' EXIT
awk -v f="$(rel "$list")" '
	/^#/ || /^[[:space:]]*$/ { next }
	/^skip: / { if (pat != "") { bad = 1; print f ": no why: for " pat > "/dev/stderr" }
		pat = substr($0, 7); next }
	/^why: ./ { if (pat == "") { bad = 1; print f ": why: without skip: " NR > "/dev/stderr" }
		print pat; pat = ""; next }
	{ bad = 1; print f ":" NR ": not a skip:, why: or comment line" > "/dev/stderr" }
	END { if (pat != "") { bad = 1; print f ": no why: for " pat > "/dev/stderr" }
		exit bad }' "$list" >"$patterns" || die "$(rel "$list") is malformed"

n=0 bad=0
while IFS= read -r line; do
	n=$((n + 1))
	s=${line#SKIP }
	for l in $LINES; do
		s=${s#"$l: "}
	done
	s=${s#debug }
	if ! printf '%s\n' "$s" | grep -qEx -f "$patterns"; then
		echo "FAIL unexpected skip (not in $(rel "$list")): ${line#SKIP }" >>"$results"
		bad=$((bad + 1))
	fi
done < <(grep '^SKIP' "$results" || true)
if [ "$bad" = 0 ]; then
	echo "PASS every skip is an expected one ($n skips, $(wc -l <"$patterns") entries in $(rel "$list"))" >>"$results"
fi
