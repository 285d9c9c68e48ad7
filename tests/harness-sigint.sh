#!/bin/bash
# Check of the harness: interrupting a VM run stops its QEMU. A VM runs
# "sleep 600" in a session of its own; once QEMU is up, SIGINT goes to the
# session's process group, as Ctrl-C sends it to a terminal's foreground
# group. Pass: no QEMU of that run left 10 s later.
# Usage: harness-sigint.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/sigint.XXXXXX")
# qemu_pids: the QEMU processes of this run (their command line names it).
qemu_pids() { pgrep -f "qemu-system-x86_64.*$run" || true; }

# The session leader writes its PID, which is also its process group's.
setsid bash -c 'echo $$ >"$1/leader"; exec env VM_OUT="$1" VM_QUIET=1 "$2" "sleep 600"' \
	sh "$run" "$TOP/scripts/vm.sh" >"$run/out.txt" 2>&1 &
job=$!
n=0
while [ -z "$(qemu_pids)" ] && [ $n -lt 600 ]; do
	sleep 0.1
	n=$((n + 1))
done
if [ -z "$(qemu_pids)" ]; then
	echo "FAIL harness: SIGINT stops QEMU (QEMU did not start, see ${run#"$TOP"/})" >>"$results"
	exit 0
fi
sleep 2
kill -INT -- "-$(cat "$run/leader")"
n=0
while [ -n "$(qemu_pids)" ] && [ $n -lt 100 ]; do
	sleep 0.1
	n=$((n + 1))
done
left=$(qemu_pids | xargs)
if [ -z "$left" ]; then
	echo "PASS harness: SIGINT stops QEMU (gone after $((n / 10)).$((n % 10)) s)" >>"$results"
else
	# shellcheck disable=SC2086
	kill -KILL $left 2>/dev/null || true
	echo "FAIL harness: SIGINT stops QEMU (still running after 10 s: pids $left)" >>"$results"
fi
wait "$job" 2>/dev/null || true
[ -n "$left" ] || rm -rf "$run"
