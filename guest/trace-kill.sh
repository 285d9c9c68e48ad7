#!/bin/bash
# Runs inside the VM for tests/harness-trace-kill.sh: a selftest killed
# while it traces a disk must leave no trace behind. affinity_matrix_test
# runs on the scratch disk (serial nullco) alone; once blktrace has set up
# the disk's trace (its debugfs "dropped" file exists), the test script
# alone gets SIGTERM, as a runner's timeout sends it (a SIGTERM to the
# whole process group reaches blktrace too, which then tears its trace
# down itself: that would not test the script's trap). Then:
# no blktrace process may be left, the disk's trace must be gone, and a
# new blktrace on the disk must start and end cleanly (EBUSY otherwise).
# Usage: trace-kill.sh KSFT_DIR OUT
# Writes one key=value line to OUT:
#   traced=0|1 exited=0|1 blktrace_left=N trace_left=0|1 restart_rc=N
set -eu
. "$(dirname "$0")/lib.sh"
ksft=$1 out=$2
dev=$(disk_by_serial nullco) || { echo "error=no-scratch-disk" >"$out"; exit 1; }
dbg=/sys/kernel/debug/block/$dev
log=$(dirname "$out")/trace-kill.log

BA_TEST_DEV=$dev BA_MATRIX=virtio BA_NR_IOS=4000 BA_DESTRUCTIVE=1 \
	setsid bash "$ksft/block-affinity/affinity_matrix_test.sh" >"$log" 2>&1 &
pid=$!
traced=0
for ((i = 0; i < 1200; i++)); do
	[ -e "$dbg/dropped" ] && { traced=1; break; }
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
sleep 1
kill -TERM "$pid" 2>/dev/null || true
exited=0
for ((i = 0; i < 600; i++)); do
	kill -0 "$pid" 2>/dev/null || { exited=1; break; }
	sleep 0.1
done
left=$(pgrep -c -x blktrace || true)
trace_left=0
[ ! -e "$dbg/dropped" ] || trace_left=1
rc=0
timeout -k 5 30 blktrace -d "/dev/$dev" -w 2 -o - >/dev/null 2>>"$log" || rc=$?
echo "traced=$traced exited=$exited blktrace_left=$left trace_left=$trace_left restart_rc=$rc" >"$out"
