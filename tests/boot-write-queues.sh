#!/bin/bash
# Boot the VM with NVMe write queues (nvme.write_queues=1: one queue for
# writes and the other three for reads, each set with managed interrupts
# of its own) and run nvme_test.sh in it: an application on the last CPU
# has a read queue of its own while the one write queue serves every CPU,
# so queue_affinity must redirect it by the read map as well as the
# default one, or its reads keep interrupting it.
# Env: VM_APPEND, added to this boot's parameters; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-write-queues.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx "block-affinity:nvme_test.sh" "$BUILD/kselftest/kselftest-list.txt" || exit 0
LABEL="${LABEL:+$LABEL }[write_queues]" VM_APPEND="nvme.write_queues=1 $BA_PROFILE_LLC ${VM_APPEND:-}" \
	VM_TIMEOUT=$T_BOOT "$TOP/tests/vm-selftests.sh" "$results" nvme_test.sh
