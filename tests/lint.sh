#!/bin/bash
# make lint: the static gates of make check on their own, in seconds:
# the shellcheck run over the scripts and the selftests (tests/shellcheck.sh),
# the provenance of the figures the docs quote (tests/provenance.sh) and
# checkpatch --strict of every patch (tests/checkpatch.sh), on build/linux
# as make tree leaves it. Prints the result lines; fails if one fails.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

"$TOP/scripts/deps.sh" build check
"$TOP/scripts/tree.sh" >/dev/null
results=$(mktemp)
trap 'rm -f "$results"' EXIT
"$TOP/tests/shellcheck.sh" "$results"
"$TOP/tests/provenance.sh" "$results"
"$TOP/tests/checkpatch.sh" "$results" 2>/dev/null
cat "$results"
! grep -q '^FAIL' "$results"
