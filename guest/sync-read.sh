#!/bin/bash
# Runs inside the VM for make bench-sync-read: a sync reader against async
# writeback on an SD-card-like disk, the case of the 2011 CFQ fix "make
# queue preempt work for queues from different workload".
# Usage: sync-read.sh SECS CONFIG...
# Each CONFIG runs on its own throttled virtio-blk disk (serials slowsd0,
# slowsd1, ... in order), so that no run inherits queued writes:
#   none, mq-deadline, bfq   that scheduler with its defaults
#   mq-deadline-ad75         mq-deadline with async_depth (queue/ on 7.3,
#                            iosched/ on 6.12) set to 3/4 of nr_requests,
#                            as a udev rule would
# With vm.dirty_bytes at 1 MiB, fio runs direct 4 KiB random reads alone,
# then together with buffered 4 KiB random writes, SECS seconds each, and
# prints one line per CONFIG:
#   SYNC config=C solo_kibs= solo_mean_us= solo_p99_us= solo_max_us=
#        read_kibs= read_mean_us= read_p99_us= read_max_us=
#        write_fio_kibs= write_disk_kibs=
# (read bandwidth and completion latency alone, then with the writer; the
# write bandwidth fio saw and the one the disk completed during the run).
set -eu
. "$(dirname "$0")/lib.sh"
secs=$1
shift

echo 1048576 >/proc/sys/vm/dirty_bytes

# disk SERIAL: the virtio-blk disk with that serial.
disk()
{
	disk_by_serial "$1" || { echo "no virtio-blk disk with serial $1" >&2; return 1; }
}

# written_kib DISK: KiB the disk has completed writing since boot.
written_kib()
{
	awk '{ print int($7 / 2) }' "/sys/block/$1/stat"
}

# invalidate=0: fio would otherwise flush the disk's page cache when a job
# starts, and a job starting after the writer would wait for its dirty
# pages. The writer's last close of the disk waits until they are written,
# so the next CONFIG starts with no writeback in flight.
reader=(--name=reader --rw=randread --direct=1 --ioengine=psync --bs=4k
	--size=512M --time_based --runtime="$secs" --invalidate=0)
writer=(--name=writer --rw=randwrite --direct=0 --ioengine=psync --bs=4k
	--offset=512M --size=512M --time_based --runtime="$secs" --invalidate=0)
# From fio's JSON: the reader's bandwidth (KiB/s) and completion latency
# mean, p99 and max (us), keys prefixed with $p; the writer's bandwidth.
jq_read='.jobs[] | select(.jobname == "reader") | .read |
	"\($p)kibs=\(.bw) \($p)mean_us=\(.clat_ns.mean / 1000 | floor)" +
	" \($p)p99_us=\(.clat_ns.percentile["99.000000"] / 1000 | floor)" +
	" \($p)max_us=\(.clat_ns.max / 1000 | floor)"'
jq_write='.jobs[] | select(.jobname == "writer") | "write_fio_kibs=\(.write.bw)"'

n=0
for c in "$@"; do
	d=$(disk "slowsd$n")
	n=$((n + 1))
	q=/sys/block/$d/queue
	echo "${c%-ad75}" >"$q/scheduler"
	# async_depth is a queue attribute on 7.3, mq-deadline's own on 6.12;
	# selecting the scheduler sets it back to nr_requests on both
	ad=$q/async_depth
	[ -e "$ad" ] || ad=$q/iosched/async_depth
	[ "$c" != mq-deadline-ad75 ] ||
		echo $((3 * $(cat "$q/nr_requests") / 4)) >"$ad"

	fio --output-format=json --filename="/dev/$d" "${reader[@]}" >/tmp/solo.json
	w0=$(written_kib "$d")
	(sleep "$secs"; written_kib "$d" >/tmp/w1) &
	fio --output-format=json --filename="/dev/$d" "${writer[@]}" \
		"${reader[@]}" >/tmp/mixed.json
	wait
	echo "SYNC config=$c" \
		"$(jq -r --arg p solo_ "$jq_read" /tmp/solo.json)" \
		"$(jq -r --arg p read_ "$jq_read" /tmp/mixed.json)" \
		"$(jq -r "$jq_write" /tmp/mixed.json)" \
		"write_disk_kibs=$((($(cat /tmp/w1) - w0) / secs))"
done
