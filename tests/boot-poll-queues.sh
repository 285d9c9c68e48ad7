#!/bin/bash
# Boot the VM with NVMe poll queues (two IO queues more than CPUs and
# nvme.poll_queues=2: one interrupt-driven queue per CPU and two poll
# queues, each for half the CPUs) and run isolated_poll_test.sh in it:
# polled reads from a CPU outside queue_affinity stay on its own poll
# queue, while its interrupt-driven reads go through a stand-in's queue.
# Env: VM_APPEND, added to this boot's parameters; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-poll-queues.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx "block-affinity:isolated_poll_test.sh" "$BUILD/kselftest/kselftest-list.txt" || exit 0
LABEL="${LABEL:+$LABEL }[poll_queues]" VM_NVME_QUEUES=$((${VM_CPUS:-4} + 2)) \
	VM_APPEND="nvme.poll_queues=2 $BA_PROFILE_LLC ${VM_APPEND:-}" \
	VM_TIMEOUT=$T_BOOT "$TOP/tests/vm-selftests.sh" "$results" isolated_poll_test.sh
