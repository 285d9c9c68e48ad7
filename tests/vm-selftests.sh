#!/bin/bash
# Boot the VM kernel and run the installed block-affinity kselftests in it;
# write one result line per test to RESULTS (PASS/FAIL/SKIP ...).
# Usage: vm-selftests.sh RESULTS [TEST...]   (default: all tests)
# Env: VM_APPEND, VM_TIMEOUT, KIMAGE as for scripts/vm.sh; LABEL prefixes
# the test names (for runs with special boot options); KSFT_TIMEOUT, if
# set, replaces the per-test timeout of the selftests' settings file.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
shift
ks=$BUILD/kselftest
[ -x "$ks/run_kselftest.sh" ] || die "selftests not built; run scripts/selftests-build.sh"
if [ $# -eq 0 ]; then
	set -- $(sed 's/^block-affinity://' "$ks/kselftest-list.txt")
fi
args=${KSFT_TIMEOUT:+ -o $KSFT_TIMEOUT}
for t in "$@"; do
	args="$args -t block-affinity:$t"
done

mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/st.XXXXXX")
log=$run/console.log
set +e
VM_TIMEOUT=${VM_TIMEOUT:-3000} VM_OUT=$run VM_LOG=$log "$TOP/scripts/vm.sh" "$ks/run_kselftest.sh$args" >"$run/out.txt" 2>&1
rc=$?
set -e
awk -f "$TOP/tests/ktap-results.awk" "$run/out.txt" | sed "s|^\([A-Z]*\) |\1 ${LABEL:+$LABEL }|" >"$run/results"
# A guest that did not finish (timeout, no result) fails, even when the
# tests it ran so far passed: the one it was in may be cut short.
if [ $rc -eq 124 ] || [ $rc -eq 125 ]; then
	echo "FAIL ${LABEL:+$LABEL }VM did not finish (exit $rc, see ${log#"$TOP"/})" >>"$run/results"
fi
for t in "$@"; do
	grep -qF " ${LABEL:+$LABEL }block-affinity/$t" "$run/results" ||
		echo "FAIL ${LABEL:+$LABEL }block-affinity/$t: no result (VM exit $rc, see ${log#"$TOP"/})" >>"$run/results"
done
# Any kernel splat during the run fails it, whatever the tests said.
if [ -f "$run/dmesg" ]; then
	if grep -E -q 'WARNING:|BUG:|Oops|Call Trace:|KASAN|INFO: task .* blocked|rcu.*stall' "$run/dmesg"; then
		grep -E -m 5 'WARNING:|BUG:|Oops|KASAN|blocked|stall' "$run/dmesg" | sed 's/^/    /' >&2
		echo "FAIL ${LABEL:+$LABEL }kernel log: splat during the tests (see ${run#"$TOP"/}/dmesg)" >>"$run/results"
	else
		echo "PASS ${LABEL:+$LABEL }kernel log: no WARNING, BUG, Oops or stall" >>"$run/results"
	fi
fi
cat "$run/results" >>"$results"
# The label may hold any kernel parameter ("[elevator=../bfq]"): keep only
# characters that are safe in a file name.
cp "$run/out.txt" "$LOGDIR/selftests$(printf '%s' "${LABEL:+-$LABEL}" | tr -c 'A-Za-z0-9=_-' '_').log"
