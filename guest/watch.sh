#!/bin/sh
# Started by guest/init.sh when the host asks for it (VMWATCH=N on the
# kernel command line, from scripts/vm.sh's VM_WATCH): after N s, shortly
# before the host stops the VM at its timeout, print to the console,
# between @@WATCH-START@@ and @@WATCH-END@@ lines, the processes and the
# kernel stack of each task that is running or blocked, so that a guest
# that hangs says where. The console, not a file on the 9p share: a hang
# of the share must not silence the report. A run that ends in time never
# gets there. Nothing goes to the kernel log, whose splats fail a run
# (tests/vm-selftests.sh).
# Usage: watch.sh SECONDS
sleep "$1"
echo "@@WATCH-START@@ uptime $(cut -d' ' -f1 /proc/uptime) s"
{
	# Processes, without the kernel threads that are asleep.
	ps -eo pid,ppid,stat,psr,wchan:24,args |
		awk 'NR == 1 || $2 != 2 || $3 ~ /^[DR]/'
	# The shell's own read, not a command per process: under TCG an exec
	# costs a third of a second, and a guest runs over a hundred tasks.
	for d in /proc/[0-9]*; do
		read -r l <"$d/stat" 2>/dev/null || continue
		l=${l##*) }
		case ${l%% *} in
		D | R) ;;
		*) continue ;;
		esac
		[ "${d#/proc/}" != $$ ] || continue
		read -r c <"$d/comm" 2>/dev/null || c="?"
		echo "== ${d#/proc/} $c (${l%% *})"
		cat "$d/stack" 2>/dev/null
	done
} 2>&1
echo "@@WATCH-END@@"
