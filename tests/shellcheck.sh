#!/bin/bash
# Run shellcheck (warnings and errors) on the project's scripts and on the
# series' selftests in the line's tree, one result line each to RESULTS
# (on the 6.12 line, its selftests only: the scripts are the same). The repository's
# .shellcheckrc lets shellcheck follow the sourced libraries (source-path=
# SCRIPTDIR), so their functions and variables are checked where they are
# used; findings are counted from shellcheck's one-line gcc format.
# Usage: shellcheck.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
# check WHAT DIR GLOB...: the files matching the GLOBs in DIR.
check() {
	local what=$1 dir=$2 log
	shift 2
	log=$LOGDIR/shellcheck-$what.log
	# shellcheck disable=SC2048,SC2086  # the globs expand in DIR
	if (cd "$dir" && shellcheck -S warning -x -f gcc $*) >"$log" 2>&1; then
		echo "PASS shellcheck: $what" >>"$results"
	else
		echo "FAIL shellcheck: $what ($(grep -c -E ':[0-9]+:[0-9]+: (warning|error):' "$log") findings, see ${log#"$TOP"/})" >>"$results"
	fi
}
[ -z "$LINE_MAIN" ] ||
	check scripts "$TOP" 'scripts/*.sh' 'tests/*.sh' 'bench/*.sh' 'guest/*.sh' .ci/run
check selftests "$LINUX/tools/testing/selftests/block-affinity" '*.sh'
# The blktests cases as blktests checks its own (its Makefile's flags),
# in the unpacked snapshot, where their sourced files are.
if [ -n "$LINE_MAIN" ]; then
	bt=$(mktemp -d "$BUILD/shellcheck-blktests.XXXXXX")
	rc=0
	"$TOP/scripts/blktests-src.sh" "$bt/src" 2>/dev/null || rc=$?
	case $rc in
	0)	log=$LOGDIR/shellcheck-blktests.log
		# shellcheck disable=SC2046  # one word per case file
		if (cd "$bt/src" && shellcheck -x -e SC2119 -f gcc \
			$(cd "$TOP/blktests" && ls tests/*/[0-9][0-9][0-9])) >"$log" 2>&1; then
			echo "PASS shellcheck: blktests cases" >>"$results"
		else
			echo "FAIL shellcheck: blktests cases ($(grep -c -E ':[0-9]+:[0-9]+: ' "$log") findings, see ${log#"$TOP"/})" >>"$results"
		fi ;;
	2)	echo "SKIP shellcheck: blktests cases (no blktests snapshot at BLKTESTS_TARBALL)" >>"$results" ;;
	*)	echo "FAIL shellcheck: blktests cases (the snapshot is not the pinned one)" >>"$results" ;;
	esac
	rm -rf "$bt"
fi
