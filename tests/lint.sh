#!/bin/bash
# make lint: the static gates of make check on their own (about 3 minutes
# on 2 CPUs, once the bases and trees exist; it makes them first):
# the shellcheck run over the scripts and the selftests (tests/shellcheck.sh),
# the selftests' config against the options they name (tests/config-lint.sh),
# the boot files (tests/boot-lint.sh),
# the provenance of the figures the docs quote, and that they are current
# or listed in tests/expected-skips.txt (tests/provenance.sh), and
# checkpatch --strict of every patch (tests/checkpatch.sh), on every line
# (LINES in scripts/lib.sh: patches/ on build/linux, patches/6.12/ on
# build/linux-6.12, as make tree leaves them; the 6.12 line's results
# say "6.12: "). Prints the result lines; fails if one fails.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

"$TOP/scripts/deps.sh" build check
results=$(mktemp)
one=$(mktemp)
trap 'rm -f "$results" "$one"' EXIT
for line in $LINES; do
	: >"$one"
	if in_line "$line" "$TOP/scripts/tree.sh" >/dev/null; then
		in_line "$line" "$TOP/tests/shellcheck.sh" "$one"
		in_line "$line" "$TOP/tests/config-lint.sh" "$one"
		in_line "$line" "$TOP/tests/boot-lint.sh" "$one"
		in_line "$line" "$TOP/tests/checkpatch.sh" "$one" 2>/dev/null
	else
		echo "FAIL series applies (scripts/tree.sh)" >>"$one"
	fi
	tag_results "$line" <"$one" >>"$results"
done
"$TOP/tests/provenance.sh" "$results"
# A record made from other kernel code is a skip: one that
# tests/expected-skips.txt does not list fails lint as it fails make check.
grep '^SKIP provenance: ' "$results" >"$one" || true
"$TOP/tests/skips.sh" "$one"
grep -v '^SKIP' "$one" >>"$results" || true
cat "$results"
! grep -q '^FAIL' "$results"
