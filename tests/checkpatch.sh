#!/bin/bash
# checkpatch --strict on every patch of the series. Appends one result line
# per patch to RESULTS: FAIL on any ERROR or WARNING; CHECKs are listed.
# Usage: checkpatch.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	# UNKNOWN_COMMIT_ID: the tree has no upstream history to look up
	# Fixes: tags in. Any other WARNING fails, unless it is of a type the
	# patch's own commit message explains ("checkpatch ... MAINTAINERS"
	# for FILE_PATH_CHANGES, "checkpatch ... split across lines" for
	# SPLIT_STRING); those are listed as justified.
	out=$("$LINUX/scripts/checkpatch.pl" --strict --show-types \
		--ignore UNKNOWN_COMMIT_ID --root="$LINUX" "$TOP/patches/$p" 2>&1 || true)
	total=$(printf '%s\n' "$out" | sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p')
	set -- $total
	justified=0
	if grep -q 'checkpatch .*MAINTAINERS' "$TOP/patches/$p"; then
		justified=$((justified + $(printf '%s\n' "$out" | grep -c '^WARNING:FILE_PATH_CHANGES:' || true)))
	fi
	if grep -q 'checkpatch warns about a quoted string split' "$TOP/patches/$p"; then
		justified=$((justified + $(printf '%s\n' "$out" | grep -c '^WARNING:SPLIT_STRING:' || true)))
	fi
	if [ $# -ne 3 ]; then
		echo "FAIL checkpatch $p: no verdict" >>"$results"
	elif [ "$1" -ne 0 ] || [ "$2" -gt "$justified" ]; then
		echo "FAIL checkpatch $p: $1 errors, $2 warnings ($justified justified)" >>"$results"
		printf '%s\n' "$out" | grep -A2 -E '^(ERROR|WARNING)' | sed 's/^/    /' >&2
	else
		echo "PASS checkpatch $p (${3} checks, $justified warnings justified in the commit message)" >>"$results"
		[ "$3" -eq 0 ] || printf '%s\n' "$out" | grep -A2 '^CHECK' | sed 's/^/    /'
	fi
done <"$TOP/patches/series"
