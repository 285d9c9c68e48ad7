#!/bin/bash
# Boot the VM with force-threaded interrupts (threadirqs) and run the
# completion steering test in it: IPI steering then completes locally,
# kthread steering still on the submitting CPU; and the completion threads
# against a SCHED_FIFO task (steering_rt_test.sh), which needs threaded
# interrupts: the one boot of make check that has them. It also runs the
# matrix's null_blk rows with thread steering (BA_MATRIX=nullb-kthread),
# which no other boot of make check runs; the main boot runs the others.
# Env: VM_APPEND, added to this boot's parameter; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-threadirqs.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
tests=""
for t in steering_test.sh steering_rt_test.sh affinity_matrix_test.sh; do
	grep -qx "block-affinity:$t" "$BUILD/kselftest/kselftest-list.txt" && tests="$tests $t"
done
[ -n "$tests" ] || exit 0
# shellcheck disable=SC2086  # one test per word
LABEL="${LABEL:+$LABEL }[threadirqs]" VM_APPEND="threadirqs BA_MATRIX=nullb-kthread ${VM_APPEND:-}" VM_TIMEOUT=$T_BOOT \
	"$TOP/tests/vm-selftests.sh" "$results" $tests
