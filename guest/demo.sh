#!/bin/bash
# Runs inside the VM (make demo): a short pinned fio run on null_blk with
# softirq completions, traced with blktrace, summarised by the analyzer.
set -eu
. "$(dirname "$0")/../scripts/guest-lib.sh"
KS=$1
A=$KS/block-affinity/blktrace_analyze
cfg=/sys/kernel/config/nullb/demo0
mkdir "$cfg"
for kv in queue_mode=2 size=512 irqmode=1 memory_backed=1 submit_queues="$(nproc)" power=1; do
	echo "${kv#*=}" >"$cfg/${kv%%=*}"
done
mkdir -p /tmp/tr
blktrace -D /tmp/tr -d /dev/demo0 >/tmp/tr/log 2>&1 &
bt=$!
while [ ! -e /sys/kernel/debug/block/demo0/trace0 ]; do sleep 0.1; done
taskset -c 1 fio --name=demo --filename=/dev/demo0 --direct=1 --rw=randread \
	--bs=4k --ioengine=libaio --iodepth=4 --number_ios=4096 --size=64M \
	--output-format=terse --output=/tmp/fio.out
kill -INT $bt
wait $bt
echo "kernel $(uname -r), $(nproc) CPUs; fio pinned to CPU 1, null_blk irqmode=1:"
"$A" -l "1 * *" /tmp/tr/demo0

# The 2008 "A Q C" matrix, when the kernel has the affinity knobs: the
# matrix test's rows as key=value lines (BA_MATRIX_OUT), on the scratch
# disk (serial "nullco") and on null_blk.
if [ -e /sys/block/demo0/queue/queue_affinity ]; then
	BA_TEST_DEV=$(disk_by_serial nullco) && export BA_TEST_DEV
	BA_NR_IOS=200 BA_MATRIX_OUT=/tmp/matrix.kv \
		"$KS/block-affinity/affinity_matrix_test.sh" >/tmp/matrix.ktap 2>&1 ||
		echo "(the matrix test failed: some rows below are wrong)"
	echo
	echo "The 2008 A Q C matrix (A: application CPU, Q: queue_affinity, C: completion_affinity"
	echo "or - for -1, rq: rq_affinity; completions signalled on CPU 0):"
	awk '{ delete v; for (i = 1; i <= NF; i++) { split($i, f, "="); v[f[1]] = f[2] }
		t = v["dev"] ", steering " v["steering"]
		if (t != last) { printf "\n%s:\n%-12s | %8s %8s | %8s %8s\n", t,
			"A  Q  C rq", "Q-local", "Q-remote", "C-local", "C-remote"; last = t }
		q = v["q"] == -1 ? "-" : v["q"]; c = v["c"] == -1 ? "-" : v["c"]
		printf "%-12s | %8s %8s | %8s %8s\n", v["a"] "  " q "  " c " " v["rq"],
			v["q_local"], v["q_remote"], v["c_local"], v["c_remote"] }' /tmp/matrix.kv
fi
