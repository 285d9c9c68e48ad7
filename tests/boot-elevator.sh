#!/bin/bash
# Boot the VM with each elevator= value and run elevator_test.sh in it.
# The main selftest boot (no parameter) covers the defaults.
# Env: VM_APPEND, added to this boot's parameter; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-elevator.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx 'block-affinity:elevator_test.sh' "$BUILD/kselftest/kselftest-list.txt" || exit 0
for e in bfq mq-deadline kyber none nosuch ../bfq; do
	LABEL="${LABEL:+$LABEL }[elevator=$e]" VM_APPEND="elevator=$e ${VM_APPEND:-}" VM_TIMEOUT=${VM_TIMEOUT:-300} \
		"$TOP/tests/vm-selftests.sh" "$results" elevator_test.sh
done
