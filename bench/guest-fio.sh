#!/bin/bash
# Runs inside the VM for the benchmarks: fio jobs on null_blk (irqmode=1)
# and virtio-blk, each repeated. For every run it prints
#   RESULT <job> <rep> <iops> <busy-ns-per-io>
# where busy-ns-per-io is the CPU time of all CPUs that was not idle,
# divided by the number of IOs: under QEMU -icount that is instructions
# per IO, and unlike IOPS it does not include waiting for the host side of
# virtio. Idle time (idle and iowait) comes from /proc/timer_list (needs
# NO_HZ_IDLE, ns resolution).
# Usage: guest-fio.sh RUNTIME REPS JOB...
# Jobs (4 KiB random read, queue depth N, fio on CPU 1): nullb-qdN,
# virtio-qdN, and irq0-{inline,ipi,kthread}-qdN: virtio-blk with its
# interrupt on CPU 0 and the completion run there, or steered to CPU 1.
set -eu
runtime=$1 reps=$2
shift 2
cfg=/sys/kernel/config/nullb/bench0
mkdir "$cfg"
for kv in queue_mode=2 size=1024 irqmode=1 submit_queues="$(nproc)" power=1; do
	echo "${kv#*=}" >"$cfg/${kv%%=*}"
done

# now_ns idle_ns: guest clock and the sum of all CPUs' idle time
clock_and_idle()
{
	awk '/^now at/ { now = $3 } /\.(idle|iowait)_sleeptime/ { idle += $(NF - 1) }
		END { printf "%d %d\n", now, idle }' /proc/timer_list
}

# Completion placement jobs route virtio-blk's interrupt to CPU 0.
pin_virtio_irq()
{
	local v irq

	v=$(basename "$(readlink /sys/block/vda/device)")
	irq=$(awk -v v="$v" '$NF == v || index($NF, v "-req") == 1 {
		sub(":", "", $1); print $1; exit }' /proc/interrupts)
	echo 0 >"/proc/irq/$irq/smp_affinity_list"
	dd if=/dev/vda of=/dev/null bs=4k count=8 iflag=direct 2>/dev/null
}

# placement MODE: inline (rq_affinity=1, completes on the interrupt CPU
# as all vCPUs share a cache), ipi (rq_affinity=2), kthread (rq_affinity=2,
# completion_steering=kthread). Returns 1 when the kernel cannot do MODE.
placement()
{
	local q=/sys/block/vda/queue

	[ -e $q/completion_steering ] && echo ipi >$q/completion_steering
	case $1 in
	inline) echo 1 >$q/rq_affinity ;;
	ipi) echo 2 >$q/rq_affinity ;;
	kthread) echo 2 >$q/rq_affinity
		 echo kthread >$q/completion_steering 2>/dev/null || return 1 ;;
	esac
}

for job in "$@"; do
	case $job in
	nullb-qd*) dev=/dev/bench0 qd=${job#nullb-qd} ;;
	virtio-qd*) dev=/dev/vda qd=${job#virtio-qd} ;;
	irq0-*-qd*)
		dev=/dev/vda qd=${job##*-qd} mode=${job#irq0-}
		pin_virtio_irq
		placement "${mode%-qd*}" || continue ;;
	*) echo "unknown job $job" >&2; exit 2 ;;
	esac
	disk=$(basename "$dev")
	for rep in $(seq "$reps"); do
		# Sample a window inside the run, after fio has started, so that
		# process start and exit are not counted.
		taskset -c 1 fio --name=b --filename="$dev" --direct=1 --rw=randread \
			--bs=4k --ioengine=libaio --iodepth="$qd" --iodepth_batch_submit="$qd" \
			--runtime=$((runtime + 2)) --time_based --size=512M --norandommap \
			--output=/dev/null &
		fio=$!
		sleep 1
		read -r t0 i0 < <(clock_and_idle)
		r0=$(awk '{ print $1 }' "/sys/block/$disk/stat")
		sleep "$runtime"
		read -r t1 i1 < <(clock_and_idle)
		r1=$(awk '{ print $1 }' "/sys/block/$disk/stat")
		wait "$fio"
		ios=$((r1 - r0))
		iops=$((ios * 1000000000 / (t1 - t0)))
		busy=$(( ($(nproc) * (t1 - t0) - (i1 - i0)) / ios ))
		echo "RESULT $job $rep $iops $busy"
	done
done
