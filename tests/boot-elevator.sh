#!/bin/bash
# Boot the VM with each elevator= value and run elevator_test.sh in it:
# a scheduler that is built in, none, and a name that is not a scheduler.
# The main selftest boot (no parameter) covers the defaults; the
# distribution-like lane (tests/lane-distro.sh) covers schedulers built as
# modules and SCSI disks.
# Env: VM_APPEND, added to this boot's parameter; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-elevator.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
grep -qx 'block-affinity:elevator_test.sh' "$BUILD/kselftest/kselftest-list.txt" || exit 0
for e in bfq none nosuch; do
	LABEL="${LABEL:+$LABEL }[elevator=$e]" VM_APPEND="elevator=$e ${VM_APPEND:-}" VM_TIMEOUT=$T_BOOT \
		"$TOP/tests/vm-selftests.sh" "$results" elevator_test.sh
done
