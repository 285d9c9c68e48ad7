#!/bin/bash
# Run shellcheck (warnings and errors) on the project's scripts and on the
# series' selftests, one result line each to RESULTS.
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
	if (cd "$dir" && shellcheck -S warning -x $*) >"$log" 2>&1; then
		echo "PASS shellcheck: $what" >>"$results"
	else
		echo "FAIL shellcheck: $what ($(grep -c '^In ' "$log") findings, see ${log#"$TOP"/})" >>"$results"
	fi
}
check scripts "$TOP" 'scripts/*.sh' 'tests/*.sh' 'bench/*.sh'
check selftests "$LINUX/tools/testing/selftests/block-affinity" '*.sh'
