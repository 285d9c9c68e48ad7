#!/bin/bash
# Check that the selftests run the official way, inside the VM:
#   make -C tools/testing/selftests TARGETS=block-affinity run_tests
# building in the guest (objects in its /tmp, the tree's installed UAPI
# headers) and running one quick test (trace_basic_test.sh, TEST_PROGS=
# narrows run_tests to it). Appends one result line to RESULTS.
# Usage: harness-run-tests.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/runtests.XXXXXX")
cmd="make -C $LINUX/tools/testing/selftests TARGETS=block-affinity O=/tmp/ks"
cmd="$cmd KHDR_INCLUDES='-isystem $KOBJ/usr/include' TEST_PROGS=trace_basic_test.sh run_tests"
rc=0
VM_TIMEOUT=$T_BOOT VM_OUT=$run "$TOP/scripts/vm.sh" "$cmd" >"$run/out.txt" 2>&1 || rc=$?
if grep -aq '^ok 1 selftests: block-affinity: trace_basic_test.sh' "$run/out.txt" &&
   ! grep -aq '^not ok' "$run/out.txt" && [ $rc -eq 0 ]; then
	echo "PASS selftests: make run_tests in the VM (TARGETS=block-affinity)" >>"$results"
	rm -rf "$run"
else
	echo "FAIL selftests: make run_tests in the VM (exit $rc, see ${run#"$TOP"/}/out.txt)" >>"$results"
fi
