#!/bin/bash
# Runs inside a two-CPU VM for bench/rt-model.sh: an application on CPU 1
# reads 4 KiB at queue depth 1 from the NVMe disk while fio on CPU 0 reads
# from it at queue depth 8, first at the defaults, then with both masks at
# CPU 0 (CPU 1 then submits onto CPU 0's hardware queue, the queue that
# CPU 0's fio uses). Appends to OUT one line per run:
#   config=defaults|masks run=N reads=<the application's reads>
#   reads_per_s=<the same per second of guest time>
# one more run per config with a stack trace at each of CPU 1's timer
# interrupts (the local_timer_entry event's stacktrace trigger), whose
# line instead of the reads counts the application's samples:
#   config= sampled=1 samples=<all> nvme_queue_rq=<in nvme_queue_rq()>
#   lock_wait=<of those, in a lock's slow path>
# and one last line: nvme_timeouts=<dmesg's NVMe I/O timeouts>.
# Usage: shared-queue.sh OUT RUNS RUNTIME
set -eu
. "$(dirname "$0")/lib.sh"
out=$1 runs=$2 runtime=$3
dev=$(nvme_by_serial banvme) || { echo "no NVMe disk" >&2; exit 2; }
q=/sys/block/$dev/queue
[ -e "$q/queue_affinity" ] || { echo "no queue_affinity" >&2; exit 2; }

tr=/sys/kernel/tracing
timer=$tr/events/irq_vectors/local_timer_entry
bg=""
cleanup()
{
	[ -z "$bg" ] || kill "$bg" 2>/dev/null || true
	echo 0 >"$tr/tracing_on" 2>/dev/null || true
	echo '!stacktrace' >"$timer/trigger" 2>/dev/null || true
	echo 0 >"$timer/enable" 2>/dev/null || true
	echo 0 >"$tr/events/block/block_rq_issue/enable" 2>/dev/null || true
	echo -1 >"$q/queue_affinity" 2>/dev/null || true
	echo -1 >"$q/completion_affinity" 2>/dev/null || true
}
trap cleanup EXIT

# one_run CONFIG N: the application's reads while CPU 0's fio runs
one_run()
{
	local json

	fio --name=bg --filename="/dev/$dev" --direct=1 --rw=randread --bs=4k \
		--ioengine=io_uring --iodepth=8 --cpus_allowed=0 --norandommap \
		--time_based --runtime=3600 --output=/dev/null &
	bg=$!
	sleep 1
	json=$(taskset -c 1 fio --name=app --filename="/dev/$dev" --direct=1 \
		--rw=randread --bs=4k --ioengine=libaio --iodepth=1 \
		--norandommap --time_based --runtime="$runtime" \
		--output-format=json)
	kill "$bg"
	wait "$bg" || true
	bg=""
	[ "$2" != sampled ] || return 0
	jq -r --arg c "$1" --arg n "$2" '.jobs[0].read |
		"config=\($c) run=\($n) reads=\(.total_ios) reads_per_s=\(.iops | floor)"' \
		<<<"$json" >>"$out"
}

# sampled_run CONFIG: one_run with CPU 1's timer interrupts' stacks traced;
# the application is the task that issues requests on CPU 1.
sampled_run()
{
	echo 0 >"$tr/tracing_on"
	echo >"$tr/trace"
	echo 16384 >"$tr/buffer_size_kb"
	echo 1 >"$tr/events/block/block_rq_issue/enable"
	echo 1 >"$timer/enable"
	echo stacktrace >"$timer/trigger"
	echo 1 >"$tr/tracing_on"
	one_run "$1" sampled
	echo 0 >"$tr/tracing_on"
	echo '!stacktrace' >"$timer/trigger"
	echo 0 >"$timer/enable"
	echo 0 >"$tr/events/block/block_rq_issue/enable"
	awk -v c="$1" '
		$2 == "[001]" && / block_rq_issue: / { n[$1]++; if (n[$1] > top) { top = n[$1]; app = $1 } }
		/<stack trace>/ { cur = ($2 == "[001]") ? $1 : ""; k++; who[k] = cur; next }
		/^ => / { f = $2; if (f == "nvme_queue_rq") q[k] = 1
			if (f ~ /^(rtlock_slowlock_locked|native_queued_spin_lock_slowpath|queued_spin_lock_slowpath)$/) l[k] = 1 }
		END { for (i = 1; i <= k; i++) if (who[i] == app && app != "") {
				s++; if (q[i]) nq++; if (q[i] && l[i]) lw++ }
			printf "config=%s sampled=1 samples=%d nvme_queue_rq=%d lock_wait=%d\n", c, s, nq, lw }' \
		"$tr/trace" >>"$out"
}

for n in $(seq "$runs"); do
	one_run defaults "$n"
done
sampled_run defaults
echo 0 >"$q/completion_affinity"
echo 0 >"$q/queue_affinity"
for n in $(seq "$runs"); do
	one_run masks "$n"
done
sampled_run masks
echo "nvme_timeouts=$(dmesg | grep -c 'nvme.*I/O tag .* timeout' || true)" >>"$out"
