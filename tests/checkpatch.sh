#!/bin/bash
# checkpatch --strict on every patch and cover letter of the line's
# series (patches/ and its postings' directories; LINE=6.12:
# patches/6.12/, with the 6.12 tree's checkpatch), one allow list for
# both (the same patches). Appends one result line per file to RESULTS:
# FAIL on any ERROR or WARNING; CHECKs are listed.
# Usage: checkpatch.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
while read -r p; do
	# UNKNOWN_COMMIT_ID: the tree has no upstream history to look up
	# Fixes: tags in. Any other WARNING fails, unless tests/checkpatch-allow.txt
	# lists its type for the patch's subject, with the reason; up to the
	# number it allows are counted as justified, and one more fails.
	out=$("$LINUX/scripts/checkpatch.pl" --strict --show-types \
		--ignore UNKNOWN_COMMIT_ID --root="$LINUX" "$PATCHES/$p" 2>&1 || true)
	total=$(printf '%s\n' "$out" | sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p')
	set -- $total
	subject=$(sed -n 's/^Subject: \[[^]]*\] //p' "$PATCHES/$p")
	justified=0
	while IFS=$'\t' read -r type prefix allowed _; do
		case $type in '' | '#'*) continue ;; esac
		case $subject in "$prefix"*) ;; *) continue ;; esac
		n=$(printf '%s\n' "$out" | grep -c "^WARNING:$type:" || true)
		[ "$n" -le "$allowed" ] || n=$allowed
		justified=$((justified + n))
	done <"$TOP/tests/checkpatch-allow.txt"
	if [ $# -ne 3 ]; then
		echo "FAIL checkpatch $p: no verdict" >>"$results"
	elif [ "$1" -ne 0 ] || [ "$2" -gt "$justified" ]; then
		echo "FAIL checkpatch $p: $1 errors, $2 warnings ($justified justified)" >>"$results"
		printf '%s\n' "$out" | grep -A2 -E '^(ERROR|WARNING)' | sed 's/^/    /' >&2
	else
		echo "PASS checkpatch $p (${3} checks, $justified warnings justified in tests/checkpatch-allow.txt)" >>"$results"
		[ "$3" -eq 0 ] || printf '%s\n' "$out" | grep -A2 '^CHECK' | sed 's/^/    /'
	fi
done < <(series_list; series_files | grep -E '(^|/)0000-cover-letter\.patch$' || true)
