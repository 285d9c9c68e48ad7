#!/bin/bash
# Check of the harness: a signal to a VM run stops its QEMU. A VM runs
# "sleep 600" in a session of its own; once QEMU is up, the check sends
#   INT  to the session's process group, as Ctrl-C sends it to a terminal's
#        foreground group;
#   TERM to scripts/vm.sh alone, as a supervisor or kill(1) does;
#   HUP  to scripts/vm.sh alone, as a closed terminal does.
# Pass: no QEMU of that run left 10 s later. Every VM this check starts is
# killed by its trap, whatever ends it. vm.sh starts with SIGHUP at its
# default: a check run under nohup (as CI may be) would otherwise hand it
# an ignored SIGHUP, which a shell cannot trap, and a hangup would then
# rightly stop nothing.
# Usage: harness-sigint.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD/vm"
runs=()
cleanup() {
	local r
	for r in "${runs[@]}"; do
		[ ! -s "$r/leader" ] || kill -KILL -- "-$(cat "$r/leader")" 2>/dev/null || true
		pkill -KILL -f "qemu-system-x86_64.*$r" 2>/dev/null || true
	done
}
trap cleanup EXIT
trap "exit 130" INT TERM HUP

# qemu_pids RUN: the QEMU processes of that run (their command line names it).
qemu_pids() { pgrep -f "qemu-system-x86_64.*$1" || true; }

# check SIGNAL TARGET: TARGET "group" (the session) or "script" (vm.sh).
check() {
	local sig=$1 target=$2 run job n left name
	name="harness: SIG$sig to the $target stops QEMU"
	run=$(mktemp -d "$BUILD/vm/sigint.XXXXXX")
	runs+=("$run")
	# The session leader writes its PID, which is also its process
	# group's, then becomes vm.sh.
	setsid bash -c 'echo $$ >"$1/leader"; exec env --default-signal=HUP VM_OUT="$1" VM_QUIET=1 "$2" "sleep 600"' \
		sh "$run" "$TOP/scripts/vm.sh" >"$run/out.txt" 2>&1 &
	job=$!
	n=0
	while [ -z "$(qemu_pids "$run")" ] && [ $n -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	if [ -z "$(qemu_pids "$run")" ]; then
		echo "FAIL $name (QEMU did not start, see ${run#"$TOP"/})" >>"$results"
		return 0
	fi
	sleep 2
	if [ "$target" = group ]; then
		kill "-$sig" -- "-$(cat "$run/leader")"
	else
		kill "-$sig" "$(cat "$run/leader")"
	fi
	n=0
	while [ -n "$(qemu_pids "$run")" ] && [ $n -lt 100 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	left=$(qemu_pids "$run" | xargs)
	if [ -z "$left" ]; then
		echo "PASS $name (gone after $((n / 10)).$((n % 10)) s)" >>"$results"
	else
		echo "FAIL $name (still running after 10 s: pids $left)" >>"$results"
	fi
	cleanup
	wait "$job" 2>/dev/null || true
	[ -n "$left" ] || rm -rf "$run"
}
check INT group
check TERM script
check HUP script
