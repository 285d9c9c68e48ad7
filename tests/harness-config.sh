#!/bin/bash
# Check of the harness: tests/config-lint.sh fails when a test names a
# CONFIG_ option that the selftests' config does not set, and when the
# config sets an option the tree's Kconfig does not know; it passes on a
# complete one. On a scratch tree of its own (a Kconfig and a selftests
# directory). Appends one result line to RESULTS.
# Usage: harness-config.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
name="harness: the config lint fails on an option a test names but the config lacks, and on an unknown one"
s=$(mktemp -d)
trap 'rm -rf "$s"' EXIT
st=$s/tools/testing/selftests/block-affinity
mkdir -p "$st"
printf 'config BLK_DEV_NULL_BLK\n\tbool\nmenuconfig SCSI_DEBUG\n\ttristate\n' >"$s/Kconfig"
printf '#!/bin/bash\nba_skip x "no scsi_debug (CONFIG_SCSI_DEBUG)"\n' >"$st/a_test.sh"
# lint CONFIG-LINES: the lint's verdict (PASS or FAIL) on that config.
lint()
{
	local r

	printf '%s\n' "$@" >"$st/config"
	r=$(mktemp -p "$s")
	"$TOP/tests/config-lint.sh" "$r" "$st"
	cut -d' ' -f1 "$r"
}
got="$(lint CONFIG_BLK_DEV_NULL_BLK=y CONFIG_SCSI_DEBUG=y)"
got="$got $(lint CONFIG_BLK_DEV_NULL_BLK=y)"
got="$got $(lint CONFIG_BLK_DEV_NULL_BLK=y CONFIG_SCSI_DEBUG=y CONFIG_NULL_BLK_TYPO=y)"
if [ "$got" = "PASS FAIL FAIL" ]; then
	echo "PASS $name" >>"$results"
else
	echo "FAIL $name (complete, lacking, unknown: $got; want PASS FAIL FAIL)" >>"$results"
fi
