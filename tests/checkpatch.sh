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
	# Fixes: tags in. FILE_PATH_CHANGES: new files are covered by the
	# series' MAINTAINERS entry (block/blk-mq-affinity*, the selftest
	# directory), which checkpatch does not look at. SPLIT_STRING: null_blk
	# lists its configfs features as one string split over lines, and
	# a new attribute has to go into that list.
	out=$("$LINUX/scripts/checkpatch.pl" --strict \
		--ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES,SPLIT_STRING \
		--root="$LINUX" "$TOP/patches/$p" 2>&1 || true)
	total=$(printf '%s\n' "$out" | sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p')
	set -- $total
	if [ $# -ne 3 ]; then
		echo "FAIL checkpatch $p: no verdict" >>"$results"
	elif [ "$1" -ne 0 ] || [ "$2" -ne 0 ]; then
		echo "FAIL checkpatch $p: $1 errors, $2 warnings" >>"$results"
		printf '%s\n' "$out" | grep -A2 -E '^(ERROR|WARNING)' | sed 's/^/    /' >&2
	else
		echo "PASS checkpatch $p${3:+ ($3 checks)}" >>"$results"
		[ "$3" -eq 0 ] || printf '%s\n' "$out" | grep -A2 '^CHECK' | sed 's/^/    /'
	fi
done <"$TOP/patches/series"
