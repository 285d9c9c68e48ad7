#!/bin/bash
# Boot the VM kernel under QEMU TCG and run one shell command in it; the
# command's output and exit status are passed back.
# Usage: vm.sh 'command'
# Env: KIMAGE (bzImage), VM_TIMEOUT (s, default T_VM), VM_APPEND (extra kernel
# command line), VM_CPUS (4), VM_ICOUNT (N: -icount shift=N,sleep=off instead
# of multi-threaded TCG), VM_DRIVES (extra -drive/-device arguments),
# VM_TOPOLOGY (sockets/cores, as -smp takes them after the CPU count:
# "sockets=2,cores=2" gives two last-level caches), VM_NVME (1: an NVMe
# disk, below), VM_NVME_QUEUES (its IO queues; VM_CPUS), VM_NVME_SUBSYS (1:
# the NVMe disk as a two-controller multipath subsystem), VM_LOG (console
# log file), VM_OUT (keep the run directory here),
# VM_PLUGIN (a QEMU TCG plugin and its arguments, as -plugin takes them),
# VM_SLOW_DISKS, VM_NULLCO_OPTS, VM_DECOY (disks, below), VM_TCG_THREAD
# (multi, the default, or single: one host thread for all vCPUs), VM_MEM
# (the guest's memory, as -m takes it; 2G), VM_QUIET
# (print nothing of the guest), VM_KEEP (keep the run directory of a
# passing run), VM_TRACE (a file of QEMU trace event names, one per line:
# QEMU logs them to qemu-trace.log in the run directory), VM_WATCH (1: a
# guest that hangs logs where, below), VM_START_TIMEOUT (s, default
# T_START; 0: none, below).
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" vm

[ $# -ge 1 ] || die "usage: vm.sh 'command'"
KIMAGE=${KIMAGE:-$KOBJ/arch/x86/boot/bzImage}
[ -f "$KIMAGE" ] || die "no kernel image ${KIMAGE#"$TOP"/}; run '$(make_cmd kernel)' first"
# Within make check, no later than its deadline (tests/check.sh).
timeout=$(cap_time "${VM_TIMEOUT:-$T_VM}")
if [ "$timeout" -le 0 ]; then
	echo "VM TIMEOUT: not booted, make check's deadline has passed" >&2
	exit 124
fi

mkdir -p "$BUILD/vm"
run=${VM_OUT:-$(mktemp -d "$BUILD/vm/run.XXXXXX")}
mkdir -p "$run"
rm -f "$run/rc" "$run/dmesg" "$run/dmesg.live"
printf '%s\n' "$*" >"$run/cmd"
log=${VM_LOG:-$run/console.log}

if [ -n "${VM_ICOUNT:-}" ]; then
	accel=(-accel tcg -icount "shift=$VM_ICOUNT,sleep=off")
else
	accel=(-accel "tcg,thread=${VM_TCG_THREAD:-multi}")
fi
# Disk for tests: a 1 GiB virtio-blk disk backed by QEMU's null driver, one
# queue, with a real interrupt-driven completion path (serial "nullco"),
# with VM_NULLCO_OPTS appended to its -device options and, with
# VM_NULLCO_LATENCY_NS, each request completed that long after it arrives
# (null-co's latency-ns: its ring then runs full for certain when a plug
# holds more than fits). With VM_DECOY=1 a
# disk like it (serial "decoy") comes first, where an ordinary VM has its
# root disk: the selftests must leave it alone.
# VM_SLOW_DISKS (default 0) more disks that QEMU throttles like an SD card,
# reads 1 MiB/s and writes 12 KiB/s (serials slowsd0, slowsd1, ...), for
# make bench-sync-read: one per configuration it compares.
# shellcheck disable=SC2206
drives=()
# shellcheck disable=SC2054  # commas inside QEMU's option values
[ -z "${VM_DECOY:-}" ] || drives+=(-drive driver=null-co,size=1G,if=none,id=decoy,read-zeroes=on
	-device virtio-blk-pci,drive=decoy,num-queues=1,serial=decoy)
# shellcheck disable=SC2054  # commas inside QEMU's option values
drives+=(-drive "driver=null-co,size=1G,if=none,id=nd,read-zeroes=on${VM_NULLCO_LATENCY_NS:+,latency-ns=$VM_NULLCO_LATENCY_NS}"
	-device "virtio-blk-pci,drive=nd,num-queues=1,vectors=1,serial=nullco${VM_NULLCO_OPTS:+,$VM_NULLCO_OPTS}")
for ((i = 0; i < ${VM_SLOW_DISKS:-0}; i++)); do
	drives+=(-drive "driver=null-co,size=1G,if=none,id=slow$i,read-zeroes=on,throttling.bps-read=1048576,throttling.bps-write=12288"
		-device "virtio-blk-pci,drive=slow$i,num-queues=1,serial=slowsd$i")
done
# VM_NVME=1: an NVMe disk (serial "banvme") with one IO queue per vCPU
# (VM_NVME_QUEUES: that many, for poll queues besides) and managed MSI-X
# interrupts, backed by a sparse file in the run directory
# (removed when QEMU ends) so that written data reads back.
nvme_img=""
if [ -n "${VM_NVME:-}" ]; then
	nvme_img=$run/nvme.img
	# shellcheck disable=SC2054  # commas inside QEMU's option values
	nq=${VM_NVME_QUEUES:-${VM_CPUS:-4}}
	if [ -z "${VM_NVME_SUBSYS:-}" ]; then
		drives+=(-drive "file=$nvme_img,format=raw,if=none,id=nvm,cache=unsafe"
			-device "nvme,drive=nvm,serial=banvme,max_ioqpairs=$nq")
	else
		# VM_NVME_SUBSYS=1: native multipath. A subsystem with two
		# controllers, each with the disk's queues (QEMU wants the
		# subsystem's serial on both), and two namespaces that both
		# controllers share (the second one 64 MiB, also a sparse
		# file). The guest's first namespace (BA_NVME_DEV) is then a
		# multipath head.
		drives+=(-device "nvme-subsys,id=basubsys,nqn=basubsys"
			-device "nvme,id=bactl0,serial=banvme,subsys=basubsys,max_ioqpairs=$nq"
			-device "nvme,id=bactl1,serial=banvme,subsys=basubsys,max_ioqpairs=$nq"
			-drive "file=$nvme_img,format=raw,if=none,id=nvm,cache=unsafe"
			-device "nvme-ns,drive=nvm,nsid=1,shared=on"
			-drive "file=$run/nvme2.img,format=raw,if=none,id=nvm2,cache=unsafe"
			-device "nvme-ns,drive=nvm2,nsid=2,shared=on")
	fi
fi
# shellcheck disable=SC2206
drives+=(${VM_DRIVES:-})
[ -z "${VM_PLUGIN:-}" ] || drives+=(-plugin "$VM_PLUGIN")
[ -z "${VM_TRACE:-}" ] || drives+=(-trace "events=$VM_TRACE,file=$run/qemu-trace.log")

# cache=loose: the guest keeps the pages and names it read from the host's
# root. Without it every exec maps its libraries afresh over 9p, and fio,
# with 64 shared libraries, spends 2.0 s of each run in the dynamic loader
# under TCG (0.57 s with it). The root is read-only, and nothing a guest
# reads from it changes while it runs: its results go to the "out" share.
append="console=ttyS0 root=/dev/root rootfstype=9p"
append="$append rootflags=trans=virtio,version=9p2000.L,msize=262144,cache=loose ro"
# VM_WATCH=1: the guest writes its kernel log to dmesg.live in the run
# directory as it comes, and 60 s before the timeout its tasks' states and
# kernel stacks to the console (guest/watch.sh), so that a run that hangs
# says where.
if [ -n "${VM_WATCH:-}" ] && [ "$timeout" -gt 120 ]; then
	append="$append VMWATCH=$((timeout - 60))"
fi
append="$append init=$TOP/guest/init.sh VMTOP=$TOP panic=-1 quiet null_blk.nr_devices=0 scsi_debug.add_host=0 kunit.enable=1 ${VM_APPEND:-}"

# show_guest: the guest's output only, from the start sentinel to the exit
# one, each line as it comes (a shell loop: mawk would buffer its input).
show_guest() {
	local line on=""
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		*@@VM-EXIT@@*)
			line=${line%%@@VM-EXIT@@*}
			[ -z "$line" ] || printf '%s\n' "$line"
			on="" ;;
		*@@VM-START@@*) on=1 ;;
		*) [ -z "$on" ] || printf '%s\n' "$line" ;;
		esac
	done
}
# stop_qemu SIGNAL: the trap for a signal sent to this script alone (a
# supervisor's SIGTERM, a closed terminal's SIGHUP; Ctrl-C reaches QEMU
# itself too): QEMU is stopped, not left running until its timeout.
stop_qemu() {
	local pid n=0

	# QEMU writes its pidfile early in its start-up: a signal that comes
	# before that waits for it (5 s at most). QEMU gets 10 s to end on
	# SIGTERM, then SIGKILL.
	while [ ! -s "$run/qemu.pid" ] && [ $n -lt 50 ] && kill -0 "$qjob" 2>/dev/null; do
		sleep 0.1
		n=$((n + 1))
	done
	if [ -s "$run/qemu.pid" ]; then
		pid=$(cat "$run/qemu.pid")
		kill "$pid" 2>/dev/null || true
		n=0
		while kill -0 "$pid" 2>/dev/null && [ $n -lt 100 ]; do
			sleep 0.1
			n=$((n + 1))
		done
		kill -KILL "$pid" 2>/dev/null || true
	fi
	[ -z "$wjob" ] || kill "$wjob" 2>/dev/null || true
	[ -z "$nvme_img" ] || rm -f "$nvme_img" "$run/nvme2.img"
	trap - "$1"
	kill -s "$1" $$
}
# start_watch SECS: the start watch of one boot. A guest whose console has
# not shown its init's start line after SECS is stopped (QEMU gets
# SIGTERM) and the boot marked "nostart". Seen once in CI: a guest that
# printed nothing after the firmware, and a boot limit of 50 minutes
# spent on it. The guest reaches its init in about 15 s under TCG, 40 s
# with the PREEMPT_RT kernel with lockdep.
start_watch() {
	local n=0
	while [ "$n" -lt "$1" ]; do
		sleep 1
		! grep -q '@@VM-START@@' "$log" 2>/dev/null || return 0
		n=$((n + 1))
	done
	: >"$run/nostart"
	[ ! -s "$run/qemu.pid" ] || kill "$(cat "$run/qemu.pid")" 2>/dev/null || true
}
# boot: QEMU once, its exit status in qrc.
boot() {
	rm -f "$run/qemu.pid" "$run/qemu.rc" "$run/nostart"
	if [ -n "$nvme_img" ]; then
		truncate -s 256M "$nvme_img"
		[ -z "${VM_NVME_SUBSYS:-}" ] || truncate -s 64M "$run/nvme2.img"
	fi
	# --foreground: QEMU stays in the terminal's process group, so that
	# Ctrl-C (SIGINT to the group) stops it at once, not only this
	# script. The pipeline runs in the background and the script waits
	# for it: bash runs a trap only once the foreground command has
	# ended, a wait it interrupts.
	{
		q=0
		timeout --foreground -k "$T_KILL" "$timeout" qemu-system-x86_64 "${accel[@]}" -smp "${VM_CPUS:-4}${VM_TOPOLOGY:+,$VM_TOPOLOGY}" -m "${VM_MEM:-2G}" \
			-nographic -no-reboot -nic none -kernel "$KIMAGE" -append "$append" \
			-pidfile "$run/qemu.pid" \
			-fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap \
			-device virtio-9p-pci,fsdev=root,mount_tag=/dev/root \
			-fsdev local,id=out,path="$run",security_model=none \
			-device virtio-9p-pci,fsdev=out,mount_tag=out \
			"${drives[@]}" </dev/null 2>&1 || q=$?
		echo "$q" >"$run/qemu.rc"
	} | tee "$log" | if [ -n "${VM_QUIET:-}" ]; then cat >/dev/null; else show_guest; fi &
	qjob=$!
	wjob=""
	if [ "$start_limit" -gt 0 ]; then
		start_watch "$start_limit" &
		wjob=$!
	fi
	wait "$qjob" || true
	if [ -n "$wjob" ]; then
		kill "$wjob" 2>/dev/null || true
		wait "$wjob" 2>/dev/null || true
	fi
	qrc=$(cat "$run/qemu.rc" 2>/dev/null || echo 125)
	[ -z "$nvme_img" ] || rm -f "$nvme_img" "$run/nvme2.img"
}
# A guest that does not start (the start watch) is booted once more, in
# what is left of the time limit, its first console kept as
# console.log.nostart; a second one that does not start fails as a
# timeout does. VM_START_TIMEOUT=0, and the benchmarks' boots (-icount,
# a TCG plugin: a slower boot, and no make check limit), have no watch.
start_limit=${VM_START_TIMEOUT:-$T_START}
[ -z "${VM_ICOUNT:-}${VM_PLUGIN:-}" ] || start_limit=${VM_START_TIMEOUT:-0}
qjob="" wjob=""
trap 'stop_qemu TERM' TERM
trap 'stop_qemu HUP' HUP
trap 'stop_qemu INT' INT
started=$(date +%s)
boot
if [ -e "$run/nostart" ]; then
	mv "$log" "$log.nostart"
	echo "VM NO START: nothing from the guest's init after ${start_limit}s (console: ${log#"$TOP"/}.nostart)" >&2
	timeout=$((timeout - ($(date +%s) - started)))
	if [ "$timeout" -le "$start_limit" ]; then
		echo "VM TIMEOUT: no time left for another boot" >&2
		exit 124
	fi
	echo "VM NO START: booting it again, ${timeout}s left" >&2
	boot
	if [ -e "$run/nostart" ]; then
		echo "VM TIMEOUT: the guest's init did not start in ${start_limit}s, twice (console: ${log#"$TOP"/})" >&2
		exit 124
	fi
fi
trap - TERM HUP INT
if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
	echo "VM TIMEOUT: no result after ${timeout}s (console: ${log#"$TOP"/})" >&2
	exit 124
fi
if [ ! -f "$run/rc" ]; then
	echo "VM FAILURE: guest ended without a result (qemu exit $qrc, console: ${log#"$TOP"/})" >&2
	exit 125
fi
rc=$(cat "$run/rc")
if [ -z "${VM_OUT:-}" ] && [ "$rc" -eq 0 ] && [ -z "${VM_KEEP:-}" ]; then
	rm -rf "$run"
fi
exit "$rc"
