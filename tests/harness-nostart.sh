#!/bin/bash
# Check of the harness: a guest whose init does not start in time is
# stopped, booted once more, and fails as a timeout does, without waiting
# for its time limit. scripts/vm.sh runs "true" with a start limit of 3 s
# (VM_START_TIMEOUT; the guest needs about 15 s to reach its init) and a
# time limit of 120 s.
# Pass: vm.sh exits 124 within 90 s, says the guest did not start twice,
# keeps the first boot's console (console.log.nostart), and leaves no QEMU
# of that run. Without the start watch, the guest would boot and "true"
# would pass.
# Usage: harness-nostart.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
name="harness: a guest whose init does not start is booted once more, then fails"
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/nostart.XXXXXX")
cleanup() { pkill -KILL -f "qemu-system-x86_64.*$run" 2>/dev/null || true; }
trap cleanup EXIT
trap "exit 130" INT TERM HUP

start=$(date +%s)
rc=0
VM_OUT=$run VM_QUIET=1 VM_START_TIMEOUT=3 VM_TIMEOUT=120 \
	"$TOP/scripts/vm.sh" true >"$run/out.txt" 2>&1 || rc=$?
secs=$(($(date +%s) - start))
left=$(pgrep -f "qemu-system-x86_64.*$run" | xargs || true)
why=""
[ "$rc" = 124 ] || why="exit $rc, not 124"
[ -n "$why" ] || [ "$secs" -lt 90 ] || why="took ${secs}s"
[ -n "$why" ] || grep -q "did not start in 3s, twice" "$run/out.txt" ||
	why="no 'did not start ... twice' report"
[ -n "$why" ] || [ -s "$run/console.log.nostart" ] || why="no console.log.nostart"
[ -n "$why" ] || [ -z "$left" ] || why="QEMU still running: pids $left"
if [ -z "$why" ]; then
	echo "PASS $name (exit 124 after ${secs}s, two boots)" >>"$results"
	rm -rf "$run"
else
	echo "FAIL $name ($why; see ${run#"$TOP"/}/out.txt)" >>"$results"
fi
