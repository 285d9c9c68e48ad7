#!/bin/bash
# Boot the VM with two vCPUs, one per host core of a two-core runner, and
# run the real-time reader against a SCHED_FIFO busy loop on the
# housekeeping CPU (isolated_rt_test.sh): with more vCPUs than host cores
# the ratio it checks depends on the host's scheduling, so the main lane
# (four vCPUs) skips it.
# Env: VM_APPEND, added to this boot's parameters; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-rt-reader.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx "block-affinity:isolated_rt_test.sh" "$BUILD/kselftest/kselftest-list.txt" || exit 0
LABEL="${LABEL:+$LABEL }[two CPUs]" VM_CPUS=2 VM_TIMEOUT=$T_BOOT \
	"$TOP/tests/vm-selftests.sh" "$results" isolated_rt_test.sh
