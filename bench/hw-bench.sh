#!/bin/bash
# make hw-bench: what a CPU that does IO sees, on a real machine with an
# NVMe disk. An application pinned to one CPU (HW_CPU) reads 4 KiB blocks
# at queue depth 1 from the disk while up to four other CPUs read it too;
# meanwhile Debian's rtla measures that CPU: timerlat (the wake-up latency
# of a SCHED_FIFO 95 thread there, which is what a real-time task on it
# would get), then osnoise (what interrupted a thread there: hardware
# interrupts, softirqs, other threads). Once per setting (ROWS):
#   defaults  nothing changed
#   sqpoll    the best run-time setting of an unpatched kernel for NVMe:
#             the application submits through io_uring with an SQPOLL
#             thread on a housekeeping CPU, so that it never enters the
#             kernel to submit and the disk's queue of its CPU stays idle
#   part      the CPU an isolated cgroup-v2 cpuset partition, the
#             application in it (upstream's run-time isolation)
#   masks     the series: queue_affinity and completion_affinity naming
#             every other online CPU
#   parthk    the series with the partition: both masks "housekeeping"
# A setting the machine cannot make (no cgroup-v2 cpuset, a kernel without
# the series) is reported as not possible, with the reason. Reads only;
# the disk must be an NVMe namespace that nothing has mounted or holds.
# Everything it changes (the disk's knobs, the partition, the cpuset
# controller it enabled, its fio and rtla processes) is put back on exit.
# Writes key=value lines, one per setting, to HW_OUT/hw-bench.kv and
# rtla's and fio's outputs beside it; bench/hw-bench-report.sh makes the
# report.
# Env: HW_DISK (required: nvme0n1 or /dev/nvme0n1), HW_CPU (default: the
# last online CPU), RUNTIME (30: seconds per tool and setting), ROWS
# (default: all above), HW_OUT (build/hw-bench), HW_DRY_RUN (1: make
# check's run on the VM's emulated disk, which the report says).
# Usage: [HW_CPU=N] HW_DISK=nvmeXnY bench/hw-bench.sh
set -eu

die() { printf 'hw-bench: %s\n' "$*" >&2; exit 1; }

disk=${HW_DISK:-}
disk=${disk#/dev/}
[ -n "$disk" ] || die "name the NVMe disk to read: HW_DISK=nvme0n1 (it is only read)"
if ! [[ $disk =~ ^nvme[0-9]+n[0-9]+$ ]] || [ ! -e "/sys/block/$disk" ]; then
	die "$disk: not an NVMe namespace of this machine (/sys/block/nvmeXnY)"
fi
[ "$(id -u)" = 0 ] || die "run as root: it writes the disk's queue attributes and cgroups"
for t in fio rtla jq taskset; do
	command -v $t >/dev/null || die "needs $t (Debian: fio, rtla, jq, util-linux)"
done
# Not a disk in use: no mounted partition, no holder (md, dm, LVM).
devs=$(lsblk -nr -o NAME "/dev/$disk")
for d in $devs; do
	if grep -q "^/dev/$d " /proc/mounts || [ -n "$(ls "/sys/class/block/$d/holders" 2>/dev/null)" ] ||
		grep -q "^/dev/$d " /proc/swaps; then
		die "$disk: /dev/$d is mounted, swap or held by another device; name a disk nothing uses"
	fi
done
tr=/sys/kernel/tracing
[ -e $tr/available_tracers ] || mount -t tracefs nodev $tr 2>/dev/null || true
if ! grep -qw timerlat $tr/available_tracers 2>/dev/null || ! grep -qw osnoise $tr/available_tracers; then
	die "the kernel has no timerlat or osnoise tracer (CONFIG_TIMERLAT_TRACER, CONFIG_OSNOISE_TRACER)"
fi

# cpus LIST: the CPUs of a cpulist, one a line.
cpus() {
	local r
	for r in ${1//,/ }; do
		if [[ $r == *-* ]]; then seq "${r%-*}" "${r#*-}"; else echo "$r"; fi
	done
}
online=$(cpus "$(cat /sys/devices/system/cpu/online)")
iso=${HW_CPU:-$(echo "$online" | tail -n 1)}
echo "$online" | grep -qx "$iso" || die "HW_CPU=$iso is not an online CPU"
hk=$(echo "$online" | grep -vx "$iso" | paste -sd, -)
[ -n "$hk" ] || die "needs a second online CPU"
load=$(echo "$online" | grep -vx "$iso" | head -n 4 | xargs)
poller=${hk%%,*}
runtime=${RUNTIME:-30}
out=${HW_OUT:-$(cd "$(dirname "$0")/.." && pwd)/build/hw-bench}
rows=${ROWS:-defaults sqpoll part masks parthk}
q=/sys/block/$disk/queue
mkdir -p "$out"
kv=$out/hw-bench.kv
: >"$kv"

# The disk's interrupt vectors: the MSI-X vectors of its controller.
irqs=$(find "$(readlink -f "/sys/block/$disk/device/device")/msi_irqs" -mindepth 1 -maxdepth 1 -printf '%f ' 2>/dev/null || true)

# What is put back on exit.
saved_qa="" saved_ca="" saved_rq=$(cat "$q/rq_affinity")
[ ! -e "$q/queue_affinity" ] || saved_qa=$(cat "$q/queue_affinity") saved_ca=$(cat "$q/completion_affinity")
CG="" PART="" cg_mounted="" cpuset_enabled="" pids=""
restore() {
	local p
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	part_off
	echo "$saved_rq" >"$q/rq_affinity" 2>/dev/null || true
	if [ -n "$saved_qa" ]; then
		echo "$saved_qa" >"$q/queue_affinity" 2>/dev/null || true
		echo "$saved_ca" >"$q/completion_affinity" 2>/dev/null || true
	fi
	[ -z "$cpuset_enabled" ] || echo -cpuset >"$CG/cgroup.subtree_control" 2>/dev/null || true
	[ -z "$cg_mounted" ] || { umount "$CG" && rmdir "$CG"; } 2>/dev/null || true
}
trap restore EXIT
trap 'exit 130' INT TERM

# part_on: CPU $iso an isolated cgroup-v2 cpuset partition (PART); prints
# why not and fails if it cannot be made.
part_on() {
	if [ -z "$CG" ]; then
		CG=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
		if [ -z "$CG" ]; then
			CG=/run/hw-bench-cgroup2
			mkdir -p "$CG"
			mount -t cgroup2 none "$CG" || { echo "no cgroup v2"; CG=""; return 1; }
			cg_mounted=1
		fi
		grep -qw cpuset "$CG/cgroup.controllers" || { echo "no cpuset controller in cgroup v2"; return 1; }
		if ! grep -qw cpuset "$CG/cgroup.subtree_control"; then
			echo +cpuset >"$CG/cgroup.subtree_control" || { echo "cannot enable cpuset"; return 1; }
			cpuset_enabled=1
		fi
	fi
	PART=$CG/hw-bench-isolated
	mkdir -p "$PART"
	if echo "$iso" >"$PART/cpuset.cpus" && echo isolated >"$PART/cpuset.cpus.partition" &&
		[ "$(cat "$PART/cpuset.cpus.partition")" = isolated ]; then
		return 0
	fi
	echo "CPU $iso cannot be an isolated partition: $(cat "$PART/cpuset.cpus.partition" 2>/dev/null)"
	return 1
}
part_off() {
	[ -n "$PART" ] || return 0
	echo member >"$PART/cpuset.cpus.partition" 2>/dev/null || true
	rmdir "$PART" 2>/dev/null || true
	PART=""
}

# set_knob FILE VALUE: write and read back; prints why not and fails.
set_knob() {
	[ -e "$q/$1" ] || { echo "no $1: a kernel without the series"; return 1; }
	echo "$2" >"$q/$1" 2>/dev/null || { echo "$1 refused $2"; return 1; }
	# (it reads back as a range list: "0-2" for "0,1,2")
	[ "$2" = housekeeping ] || [ "$(cpus "$(cat "$q/$1")" | xargs)" = "$(cpus "$2" | xargs)" ] ||
		{ echo "$1 reads $(cat "$q/$1") after $2"; return 1; }
}

# configure ROW: prints why not and fails when the row cannot be made.
configure() {
	case $1 in
	defaults | sqpoll) ;;
	part) part_on ;;
	masks) set_knob queue_affinity "$hk" && set_knob completion_affinity "$hk" ;;
	parthk) set_knob queue_affinity housekeeping && set_knob completion_affinity housekeeping && part_on ;;
	*) die "unknown row $1" ;;
	esac
}

# reset: the disk's knobs and the partition as they were.
reset() {
	part_off
	echo "$saved_rq" >"$q/rq_affinity"
	if [ -n "$saved_qa" ]; then
		echo "$saved_qa" >"$q/queue_affinity"
		echo "$saved_ca" >"$q/completion_affinity"
	fi
}

# counts: CPU $iso's disk interrupts, function-call, rescheduling and
# local timer interrupts (/proc/interrupts), and its BLOCK softirqs.
counts() {
	awk -v c=$((iso + 2)) -v want=" $irqs " '
		NR == 1 { next }
		{ n = $1; sub(":", "", n) }
		index(want, " " n " ") { dev += $c }
		n == "CAL" { cal = $c } n == "RES" { res = $c } n == "LOC" { loc = $c }
		END { printf "%d %d %d %d", dev, cal, res, loc }' /proc/interrupts
	awk -v c=$((iso + 2)) '$1 == "BLOCK:" { printf " %d\n", $c }' /proc/softirqs
}

# timerlat FILE: rtla timerlat hist's output as key=value: per context
# (irq, thr) the samples, the maximum and the 50th, 99th and 99.9th
# percentiles in us (from its 1 us buckets; ">N" when the percentile is
# beyond the histogram's N entries, rtla's "over").
HIST_ENTRIES=1000
timerlat_kv() {
	awk -v entries=$HIST_ENTRIES '
		$1 == "Index" { for (i = 2; i <= NF; i++) { split($i, h, "-"); col[i] = tolower(h[1]) }; next }
		$1 ~ /^[0-9]+$/ && NF > 1 { for (i = 2; i <= NF; i++) { n[col[i], $1] = $i; if ($1 > top) top = $1 }; next }
		$1 == "count:" { for (i = 2; i <= NF; i++) cnt[col[i]] = $i }
		$1 == "max:" { for (i = 2; i <= NF; i++) mx[col[i]] = $i }
		END {
			for (c in cnt) {
				printf " timerlat_%s_samples=%s timerlat_%s_max_us=%s", c, cnt[c], c, mx[c]
				split("50 99 99.9", p, " ")
				for (k = 1; k <= 3; k++) {
					need = cnt[c] * p[k] / 100; s = 0; v = ">" entries
					for (b = 0; b <= top; b++) { s += n[c, b]; if (s >= need && need > 0) { v = b; break } }
					key = p[k]; sub(/\./, "", key)
					printf " timerlat_%s_p%s_us=%s", c, key, v
				}
			}
		}' "$1"
}

# osnoise_kv FILE: rtla osnoise top's summary line for CPU $iso.
osnoise_kv() {
	awk -v cpu="$iso" '$1 == cpu && $2 ~ /^#/ {
		printf " osnoise_noise_us=%s osnoise_avail_pct=%s osnoise_max_noise_us=%s osnoise_max_single_us=%s osnoise_hw=%s osnoise_nmi=%s osnoise_irq=%s osnoise_softirq=%s osnoise_thread=%s",
			$4, $5, $6, $7, $8, $9, $10, $11, $12 }' "$1"
}

# app ROW: the application's run on CPU $iso (fio's JSON in a file), long
# enough for both tools: libaio at queue depth 1, or io_uring with an
# SQPOLL thread on a housekeeping CPU; in the partition while there is
# one.
app() {
	local opts=(--ioengine=libaio)
	[ "$1" != sqpoll ] || opts=(--ioengine=io_uring --sqthread_poll=1 --sqthread_poll_cpu="$poller")
	(
		[ -z "$PART" ] || echo "$BASHPID" >"$PART/cgroup.procs"
		exec taskset -c "$iso" fio --name=app --filename="/dev/$disk" --readonly \
			--direct=1 --rw=randread --bs=4k "${opts[@]}" --iodepth=1 \
			--norandommap --time_based --runtime=$((2 * runtime + 6)) \
			--output-format=json --output="$out/$1.fio.json"
	)
}

for row in $rows; do
	echo ">>> hw-bench: $row (CPU $iso, $disk, ${runtime} s per tool)" >&2
	# (not in a subshell: part_on keeps the cgroup it made)
	if ! configure "$row" >"$out/$row.why"; then
		echo "row=$row possible=0 why=\"$(head -n 1 "$out/$row.why")\"" >>"$kv"
		reset
		continue
	fi
	pids=""
	for c in $load; do
		taskset -c "$c" fio --name=load --filename="/dev/$disk" --readonly --direct=1 \
			--rw=randread --bs=4k --ioengine=io_uring --iodepth=8 --norandommap \
			--time_based --runtime=$((2 * runtime + 20)) >/dev/null 2>&1 &
		pids="$pids $!"
	done
	app "$row" &
	apid=$!
	pids="$pids $apid"
	sleep 2
	read -r dev0 cal0 res0 loc0 blk0 < <(counts)
	rtla timerlat hist -c "$iso" -d "${runtime}s" -E $HIST_ENTRIES >"$out/$row.timerlat.txt" 2>&1 || true
	rtla osnoise top -q -c "$iso" -d "${runtime}s" >"$out/$row.osnoise.txt" 2>&1 || true
	read -r dev1 cal1 res1 loc1 blk1 < <(counts)
	rc=0
	wait "$apid" || rc=$?
	for p in $pids; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	pids=""
	reset
	line="row=$row possible=1 cpu=$iso secs=$((2 * runtime)) app_rc=$rc"
	line="$line irq_dev=$((dev1 - dev0)) cal=$((cal1 - cal0)) res=$((res1 - res0)) loc=$((loc1 - loc0)) block_softirq=$((blk1 - blk0))"
	line="$line$(timerlat_kv "$out/$row.timerlat.txt")$(osnoise_kv "$out/$row.osnoise.txt")"
	if [ -s "$out/$row.fio.json" ]; then
		line="$line $(jq -r '.jobs[0].read | "app_iops=\(.iops | floor) app_p99_us=\((.clat_ns.percentile["99.000000"] // 0) / 1000 | floor)"' "$out/$row.fio.json")"
	fi
	echo "$line" >>"$kv"
done
{
	echo "kernel=\"$(uname -r)\" cpu_model=\"$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)\""
	echo "disk=$disk disk_model=\"$(xargs <"/sys/block/$disk/device/model" 2>/dev/null)\" queues=$(find "/sys/block/$disk/mq" -mindepth 1 -maxdepth 1 | wc -l) isolated_cpu=$iso housekeeping=$hk load_cpus=\"$load\" runtime=$runtime dry_run=${HW_DRY_RUN:-0} rtla=\"$(rtla timerlat hist --help 2>&1 | sed -n 's/.*(version \(.*\)).*/\1/p' | head -n 1)\""
} >"$out/machine.kv"
echo ">>> hw-bench: $(grep -c 'possible=1' "$kv") of $(wc -l <"$kv") settings measured: ${kv}" >&2
