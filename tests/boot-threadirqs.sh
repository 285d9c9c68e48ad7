#!/bin/bash
# Boot the VM with force-threaded interrupts (threadirqs) and run the
# completion steering test in it: IPI steering then completes locally,
# kthread steering still on the submitting CPU.
# Env: VM_APPEND, added to this boot's parameter; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-threadirqs.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx 'block-affinity:steering_test.sh' "$BUILD/kselftest/kselftest-list.txt" || exit 0
LABEL="${LABEL:+$LABEL }[threadirqs]" VM_APPEND="threadirqs ${VM_APPEND:-}" VM_TIMEOUT=$T_BOOT \
	"$TOP/tests/vm-selftests.sh" "$results" steering_test.sh
