#!/bin/bash
# Runs inside the VM for bench/mask-write.sh: how long a write to
# completion_affinity takes while IO is in flight. null_blk completes each
# request after a timer (irqmode=2, completion_nsec), fio keeps QD 64 of
# 4 KiB random reads in flight on CPU 1, and each write alternates between
# "2-3" and "-1". Prints per write
#   MASKW <completion_nsec> <n> <write latency, ns (us resolution)>
# Usage: mask-write.sh COMPLETION_NSEC WRITES
set -eu
nsec=$1 writes=$2
. "$(dirname "$0")/lib.sh"
nullb mw0 queue_mode=2 size=1024 irqmode=2 completion_nsec="$nsec" \
	submit_queues=4 hw_queue_depth=128
f=/sys/block/mw0/queue/completion_affinity
taskset -c 1 fio --name=m --filename=/dev/mw0 --direct=1 --rw=randread \
	--bs=4k --ioengine=libaio --iodepth=64 --size=512M --norandommap \
	--runtime=600 --time_based --eta=never --output=/dev/null &
fio=$!
sleep 3
for n in $(seq "$writes"); do
	v=2-3
	[ $((n % 2)) = 0 ] && v=-1
	# bash builtins only: no fork or exec inside the timed part
	t0=$EPOCHREALTIME
	echo "$v" >"$f"
	t1=$EPOCHREALTIME
	echo "MASKW $nsec $n $(( (${t1/./} - ${t0/./}) * 1000 ))"
	sleep 0.2
done
kill "$fio"
wait "$fio" 2>/dev/null || true
