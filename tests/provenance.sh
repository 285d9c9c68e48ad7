#!/bin/bash
# The docs quote only recorded figures that say what made them: every
# bench/ file named in README.md, docs/*.md and the cover letter exists and
# carries its provenance (a "made_by=" line, as bench/bench-lib.sh's
# provenance() writes, or a "Made by" line naming the make target or
# command, the series commit and this repository's); a .raw or .png file,
# through the .md of the same name. One result line to RESULTS.
# Usage: provenance.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
# has_provenance FILE: FILE says what made it.
has_provenance()
{
	grep -q -E '^made_by=|^Made by:? .*the series at [0-9a-f]{7,}' "$1"
}

bad=""
n=0
for f in $(grep -ohE 'bench/[A-Za-z0-9_.-]+\.(md|txt|raw|png|kv)' \
	"$TOP/README.md" "$TOP"/docs/*.md "$TOP"/docs/cover-letter*.txt | sort -u); do
	case $f in bench/*.raw | bench/*.png) rec=${f%.*}.md ;; *) rec=$f ;; esac
	n=$((n + 1))
	if [ ! -f "$TOP/$f" ]; then
		bad="$bad $f(missing)"
	elif [ ! -f "$TOP/$rec" ] || ! has_provenance "$TOP/$rec"; then
		bad="$bad $f"
	fi
done
if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
	echo "PASS docs quote only recorded figures with their provenance ($n files)" >>"$results"
else
	echo "FAIL docs quote recorded figures without provenance:${bad:- none found}" >>"$results"
fi
