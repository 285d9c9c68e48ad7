#!/bin/bash
# Runs inside the VM for bench/steering-latency.sh: completion latency of
# steered completions with a CPU hog on the completion CPU.
# null_blk signals completions on CPU 0 (irq_cpu=0), fio runs on CPU 1 at
# QD 1, completion_affinity=3 moves every completion to CPU 3, where a
# SCHED_OTHER busy loop runs. Prints per run
#   LAT <mode> <rep> <clat p50 ns> <p99 ns> <max ns> <iops> <hog CPU %>
# Modes: ipi, kthread (SCHED_OTHER), kthread-nice-20 (the nice level of
# WQ_HIGHPRI workers), kthread-fifo1 (sched_set_fifo_low()),
# kthread-fifo50 (sched_set_fifo(), as threaded interrupt handlers), and
# nohog-ipi, nohog-kthread for reference. A mode the kernel cannot run
# prints nothing.
# Usage: steering-latency.sh RUNTIME REPS MODE...
set -eu
runtime=$1 reps=$2
shift 2
. "$(dirname "$0")/lib.sh"
nullb lat0 queue_mode=2 size=1024 irqmode=1 submit_queues=4 irq_cpu=0
q=/sys/block/lat0/queue
echo 3 >$q/completion_affinity

# hog_start: a busy loop on CPU 3; hog_ticks: its user+system ticks.
hog_start()
{
	taskset -c 3 sh -c 'while :; do :; done' &
	hog=$!
}
hog_ticks()
{
	awk '{ print $14 + $15 }' "/proc/$hog/stat"
}

# policy MODE: set the completion threads' scheduling class.
policy()
{
	local pid

	# the threads are never stopped: each mode sets their class anew
	for pid in $(kblockcomp_pids); do
		chrt -o -p 0 "$pid"
		renice -n 0 -p "$pid" >/dev/null
		case $1 in
		kthread-nice-20) renice -n -20 -p "$pid" >/dev/null ;;
		kthread-fifo1) chrt -f -p 1 "$pid" ;;
		kthread-fifo50) chrt -f -p 50 "$pid" ;;
		esac
	done
}

hz=$(getconf CLK_TCK)
for mode in "$@"; do
	case $mode in
	# with threaded interrupts and a completion_affinity the kernel
	# keeps the threads and refuses ipi
	*ipi) echo ipi >$q/completion_steering 2>/dev/null || continue ;;
	*) echo kthread >$q/completion_steering 2>/dev/null || continue
	   policy "$mode" ;;
	esac
	hog=""
	case $mode in nohog-*) ;; *) hog_start ;; esac
	for r in $(seq "$reps"); do
		t0=$(date +%s%N)
		h0=$([ -n "$hog" ] && hog_ticks || echo 0)
		taskset -c 1 fio --name=l --filename=/dev/lat0 --direct=1 \
			--rw=randread --bs=4k --ioengine=libaio --iodepth=1 \
			--size=512M --norandommap --runtime="$runtime" --time_based \
			--output-format=json >/tmp/lat.json
		h1=$([ -n "$hog" ] && hog_ticks || echo 0)
		t1=$(date +%s%N)
		hogpct=$(( (h1 - h0) * 100 * 1000000000 / hz / (t1 - t0) ))
		jq -r --arg m "$mode" --arg r "$r" --arg h "$hogpct" \
			'.jobs[0].read | "LAT \($m) \($r) \(.clat_ns.percentile["50.000000"]) \(.clat_ns.percentile["99.000000"]) \(.clat_ns.max) \(.iops | floor) \($h)"' \
			/tmp/lat.json
	done
	[ -n "$hog" ] && kill "$hog" && wait "$hog" 2>/dev/null || true
	# back to ipi where the kernel takes it (not with threaded
	# interrupts, as above: the next mode sets its own)
	echo ipi >$q/completion_steering 2>/dev/null || true
done
