#!/bin/bash
# Runs inside the VM for the benchmarks: fio jobs on null_blk (irqmode=1)
# and virtio-blk, each repeated, printing "RESULT <job> <rep> <iops>" lines.
# Usage: guest-fio.sh RUNTIME REPS JOB...
# Jobs: nullb-qdN, virtio-qdN (4 KiB random read, queue depth N, fio on CPU 1)
set -eu
runtime=$1 reps=$2
shift 2
cfg=/sys/kernel/config/nullb/bench0
mkdir "$cfg"
for kv in queue_mode=2 size=1024 irqmode=1 submit_queues="$(nproc)" power=1; do
	echo "${kv#*=}" >"$cfg/${kv%%=*}"
done
for job in "$@"; do
	case $job in
	nullb-qd*) dev=/dev/bench0 qd=${job#nullb-qd} ;;
	virtio-qd*) dev=/dev/vda qd=${job#virtio-qd} ;;
	*) echo "unknown job $job" >&2; exit 2 ;;
	esac
	for rep in $(seq "$reps"); do
		iops=$(taskset -c 1 fio --name=b --filename="$dev" --direct=1 --rw=randread \
			--bs=4k --ioengine=libaio --iodepth="$qd" --iodepth_batch_submit="$qd" \
			--runtime="$runtime" --time_based --size=512M --norandommap \
			--output-format=terse --terse-version=3 | awk -F';' '{ print $8 }')
		echo "RESULT $job $rep $iops"
	done
done
