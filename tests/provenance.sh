#!/bin/bash
# The docs quote only recorded figures that say what made them, and were
# made from the kernel code of the series as committed: every bench/records/ file
# named in README.md, docs/*.md and the cover letters exists and carries
# its provenance (a "made_by=" line, as bench/bench-lib.sh's provenance()
# writes, or a "Made by" line naming the make target or command and "the
# series at <commit>"; a .raw or .png file, through the .md of the same
# name). A record that names no kernel code, or kernel code that neither
# line's series has now (scripts/lib.sh: kernel_code_of), is reported as
# a SKIP, so that make check fails unless tests/expected-skips.txt lists
# it with its reason. Result lines to RESULTS.
# Usage: provenance.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
# has_provenance FILE: FILE says what made it.
has_provenance()
{
	grep -q -E '^made_by=|^Made by:? .*the series at [0-9a-f]{7,}' "$1"
}

# made_from_code FILE: the kernel code FILE says it was made from, or
# "none".
made_from_code()
{
	local code

	code=$(grep -o -E -m1 '(kernel_code=|kernel code )[0-9a-f]{12}(-dirty)?' "$1" |
		sed -E 's/^(kernel_code=|kernel code )//') || true
	printf '%s\n' "${code:-none}"
}

# The kernel code of each line's committed series.
current=""
notree=""
for line in $LINES; do
	code=$(line_settings "$line" && series_kernel_code || true)
	current="$current $code"
	[ -n "$code" ] || notree="$notree $line"
done

bad=""
n=0
fresh=0
checked=""
for f in $(grep -ohE 'bench/[A-Za-z0-9_./-]+\.(md|txt|raw|png|kv)' \
	"$TOP/README.md" "$TOP"/docs/*.md "$TOP"/docs/cover-letter*.txt | sort -u); do
	case $f in bench/*.raw | bench/*.png) rec=${f%.*}.md ;; *) rec=$f ;; esac
	n=$((n + 1))
	if [ ! -f "$TOP/$f" ]; then
		bad="$bad $f(missing)"
		continue
	elif [ ! -f "$TOP/$rec" ] || ! has_provenance "$TOP/$rec"; then
		bad="$bad $f"
		continue
	fi
	case " $checked " in *" $rec "*) continue ;; esac
	checked="$checked $rec"
	code=$(made_from_code "$TOP/$rec")
	case " $current " in
	*" $code "*) fresh=$((fresh + 1)) ;;
	*) echo "SKIP provenance: $rec made from the series' kernel code (it was made from kernel code $code${notree:+; no tree to judge it by for line$notree: make tree})" >>"$results" ;;
	esac
done
if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
	echo "PASS docs quote only recorded figures with their provenance ($n files)" >>"$results"
else
	echo "FAIL docs quote recorded figures without provenance:${bad:- none found}" >>"$results"
fi
if [ "$fresh" -gt 0 ]; then
	echo "PASS records quoted by the docs made from the series' kernel code:$current ($fresh records)" >>"$results"
fi
