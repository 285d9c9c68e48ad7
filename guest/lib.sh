#!/bin/bash
# Sourced by the scripts that run inside the test VM.

# disk_by_serial SERIAL: the name of the virtio-blk disk whose serial is
# SERIAL (vm.sh gives its disks serials); returns 1 if there is none.
disk_by_serial()
{
	local d

	for d in /sys/block/vd*; do
		if [ "$(cat "$d/serial" 2>/dev/null)" = "$1" ]; then
			basename "$d"
			return 0
		fi
	done
	return 1
}

# nvme_by_serial SERIAL: the first namespace of the NVMe controller whose
# serial (space-padded by the controller) is SERIAL; returns 1 if none.
nvme_by_serial()
{
	local c n

	for c in /sys/class/nvme/nvme*; do
		[ "$(sed 's/ *$//' "$c/serial" 2>/dev/null)" = "$1" ] || continue
		for n in /sys/block/"$(basename "$c")"n*; do
			[ -e "$n" ] && { basename "$n"; return 0; }
		done
	done
	return 1
}

# nullb NAME ATTR=VALUE...: a null_blk disk /dev/NAME made through configfs
# with the attributes given, then powered on. The VMs boot with
# null_blk.nr_devices=0, so every null_blk disk of a guest script is one.
nullb()
{
	local c=/sys/kernel/config/nullb/$1 kv

	shift
	mkdir "$c"
	for kv in "$@" power=1; do
		echo "${kv#*=}" >"$c/${kv%%=*}"
	done
}

# dev_irqs DISK: the interrupt numbers of DISK's PCI function, one per line
# (its MSI/MSI-X vectors, else its legacy interrupt); nothing for a disk
# without one (null_blk). Read from sysfs, not from /proc/interrupts' names.
dev_irqs()
{
	local d

	d=$(readlink -f "/sys/block/$1/device" 2>/dev/null) || return 0
	while [ -n "$d" ] && [ "$d" != /sys/devices ]; do
		if [ -d "$d/msi_irqs" ]; then
			ls "$d/msi_irqs"
			return 0
		fi
		if [ -e "$d/vendor" ] && [ -e "$d/irq" ]; then
			[ "$(cat "$d/irq")" = 0 ] || cat "$d/irq"
			return 0
		fi
		d=${d%/*}
	done
}

# kblockcomp_pids: the PIDs of the completion-steering threads.
kblockcomp_pids()
{
	pgrep '^kblockcomp/' || true
}

# trace_start DIR DISK: blktrace of /dev/DISK into DIR in the background
# (its PID in $trace_pid), returned once the trace runs: a handshake, as
# the selftests' ba_trace_start does it. The kernel records a message
# written to the disk's debugfs msg file only while its trace runs, and
# relay hands blktrace data once a sub-buffer (-b 64: 64 KiB) is full, so
# a burst of 1152 messages ("ba-trace-start", more than a sub-buffer) is
# written every 2 s until DIR holds data for DISK. The messages carry no
# IO (the analyzer counts them as msg). 1 if blktrace exits or no data
# comes within 20 s (no blktrace support), blktrace then stopped.
trace_start()
{
	local n=0 f

	mkdir -p "$1"
	blktrace -b 64 -n 32 -D "$1" -d "/dev/$2" >"$1/log" 2>&1 &
	trace_pid=$!
	while [ $n -lt 200 ]; do
		sleep 0.1
		n=$((n + 1))
		kill -0 "$trace_pid" 2>/dev/null || break
		for f in "$1/$2".blktrace.*; do
			[ ! -s "$f" ] || return 0
		done
		[ $((n % 20)) = 1 ] && [ -e "/sys/kernel/debug/block/$2/msg" ] ||
			continue
		# shellcheck disable=SC2016  # expanded by the inner bash
		bash -c 'for ((i = 0; i < 1152; i++)); do echo ba-trace-start; done >"$1"' \
			_ "/sys/kernel/debug/block/$2/msg" 2>/dev/null || true
	done
	trace_stop
	return 1
}

# trace_stop: end the blktrace of trace_start and wait for it to write its
# files (SIGINT again each second: it misses one sent while it sets up);
# 1 if it had to be killed (its files may be cut short).
trace_stop()
{
	local n=0 rc=0

	[ -n "${trace_pid:-}" ] || return 0
	kill -INT "$trace_pid" 2>/dev/null || true
	while kill -0 "$trace_pid" 2>/dev/null && [ $n -lt 300 ]; do
		sleep 0.1
		n=$((n + 1))
		[ $((n % 10)) != 0 ] || kill -INT "$trace_pid" 2>/dev/null || true
	done
	if kill -KILL "$trace_pid" 2>/dev/null; then
		echo "blktrace did not end on SIGINT: killed" >&2
		rc=1
	fi
	wait "$trace_pid" 2>/dev/null || true
	trace_pid=
	return $rc
}
