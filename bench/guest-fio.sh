#!/bin/bash
# Runs inside the VM for the benchmarks: fio jobs, each repeated, printing
#   RESULT <job> <rep> <iops>
# Under QEMU -icount, guest time counts instructions, so IOPS measure
# instructions per IO where the device completes in the guest (null_blk);
# virtio-blk's also include when the host completes the IO.
# Usage: guest-fio.sh RUNTIME REPS JOB...
# Jobs (4 KiB random read, queue depth N, fio on CPU 1): nullb-qdN,
# virtio-qdN, and {irq0,nirq0}-{inline,ipi,kthread}-qdN: virtio-blk with
# its interrupt on CPU 0 (irq0) or null_blk signalling on CPU 0 (nirq0),
# the completion run there or steered to CPU 1.
set -eu
runtime=$1 reps=$2
shift 2
cfg=/sys/kernel/config/nullb/bench0
mkdir "$cfg"
for kv in queue_mode=2 size=1024 irqmode=1 submit_queues="$(nproc)" power=1; do
	echo "${kv#*=}" >"$cfg/${kv%%=*}"
done

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

# placement DISK MODE: inline (rq_affinity=1, completes on the interrupt CPU
# as all vCPUs share a cache), ipi (rq_affinity=2), kthread (rq_affinity=2,
# completion_steering=kthread). Returns 1 when the kernel cannot do MODE.
placement()
{
	local q=/sys/block/$1/queue

	[ -e $q/completion_steering ] && echo ipi >$q/completion_steering
	case $2 in
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
		placement vda "${mode%-qd*}" || continue ;;
	nirq0-*-qd*)
		dev=/dev/bench0 qd=${job##*-qd} mode=${job#nirq0-}
		echo 0 >$cfg/irq_cpu 2>/dev/null || continue
		placement bench0 "${mode%-qd*}" || continue ;;
	*) echo "unknown job $job" >&2; exit 2 ;;
	esac
	for rep in $(seq "$reps"); do
		iops=$(taskset -c 1 fio --name=b --filename="$dev" --direct=1 \
			--rw=randread --bs=4k --ioengine=libaio --iodepth="$qd" \
			--iodepth_batch_submit="$qd" --runtime="$runtime" --time_based \
			--size=512M --norandommap --output-format=terse --terse-version=3 |
			awk -F';' '{ print $8 }')
		echo "RESULT $job $rep $iops"
	done
done
