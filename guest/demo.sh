#!/bin/bash
# Runs inside the VM (make, make demo-matrix): the same short pinned fio run
# on null_blk with softirq completions at the defaults and with each mask
# moved, each traced with blktrace and summed up by the analyzer as local
# and remote counts; with "matrix", the 2008 A Q C matrix instead.
# Usage: demo.sh KSELFTEST_DIR [matrix]
set -eu
. "$(dirname "$0")/lib.sh"
KS=$1
A=$KS/block-affinity/blktrace_analyze

# demo_run LABEL: 1024 random 4 KiB reads by fio on CPU 1, traced, as one
# row of local and remote counts (the analyzer's keys).
demo_run()
{
	local k=/tmp/tr/keys

	rm -rf /tmp/tr
	trace_start /tmp/tr demo0 || { echo "blktrace did not start on demo0" >&2; exit 1; }
	taskset -c 1 fio --name=demo --filename=/dev/demo0 --direct=1 --rw=randread \
		--bs=4k --ioengine=libaio --iodepth=4 --number_ios=1024 --size=64M \
		--output-format=terse --output=/tmp/fio.out
	trace_stop || exit 1
	"$A" -k /tmp/tr/demo0 >"$k"
	printf '  %-30s | %8s %8s | %8s %8s | %s\n' "$1" \
		"$(sed -n 's/^demo0\.rq\.q_local=//p' "$k")" \
		"$(sed -n 's/^demo0\.rq\.q_remote=//p' "$k")" \
		"$(sed -n 's/^demo0\.rq\.c_local=//p' "$k")" \
		"$(sed -n 's/^demo0\.rq\.c_remote=//p' "$k")" \
		"$(sed -n 's/^demo0\.rq\.completed=//p' "$k")"
}

# The same short run at the defaults, then with each mask moved to CPU 2:
# on a single-queue disk completing in softirq context, every request is
# dispatched and completed on the submitting CPU at the defaults;
# completion_affinity moves the completions, queue_affinity the dispatch.
if [ "${2:-}" != matrix ]; then
	nullb demo0 queue_mode=2 size=512 irqmode=1 memory_backed=1 submit_queues=1
	Q=/sys/block/demo0/queue
	echo "kernel $(uname -r), $(nproc) CPUs; fio on CPU 1 (A) reads a single-queue"
	echo "null_blk disk completing in softirq; Q-local: dispatched on the CPU that"
	echo "queued the request, C-local: completed there; one blktrace per row:"
	printf '  %-30s | %8s %8s | %8s %8s | %s\n' "setting (A Q C)" \
		Q-local Q-remote C-local C-remote requests
	demo_run "defaults (1 * *)"
	if [ ! -e "$Q/queue_affinity" ]; then
		echo "(this kernel has no queue_affinity or completion_affinity)"
		exit 0
	fi
	if [ "$(nproc)" -lt 3 ]; then
		echo "(the masks moved to CPU 2 need three CPUs)"
		exit 0
	fi
	echo 2 >"$Q/completion_affinity"
	demo_run "completion_affinity=2 (1 * 2)"
	echo -1 >"$Q/completion_affinity"
	echo 2 >"$Q/queue_affinity"
	demo_run "queue_affinity=2 (1 2 *)"
	echo -1 >"$Q/queue_affinity"
	echo "(the 2008 A Q C matrix on this kernel: make demo-matrix)"
	exit 0
fi

# The matrix test's rows as key=value lines (BA_MATRIX_OUT), on the
# scratch disk (serial "nullco") and on null_blk; each row as it comes.
if ! ls /sys/block/*/queue/queue_affinity >/dev/null 2>&1; then
	echo "this kernel has no affinity knobs" >&2
	exit 1
fi
if BA_TEST_DEV=$(disk_by_serial nullco); then
	export BA_TEST_DEV
fi
echo "The 2008 A Q C matrix (A: application CPU, Q: queue_affinity, C: completion_affinity"
echo "or - for -1, rq: rq_affinity; completions signalled on CPU 0):"
# rows FROM: print the rows of /tmp/matrix.kv after the first FROM (the
# headers as if all were printed), and the number of rows there are.
rows()
{
	awk -v from="$1" '{
		delete v; for (i = 1; i <= NF; i++) { split($i, f, "="); v[f[1]] = f[2] }
		t = v["dev"] ", steering " v["steering"]
		if (t != last && NR > from) printf "\n%s:\n%-12s | %8s %8s | %8s %8s\n", t,
			"A  Q  C rq", "Q-local", "Q-remote", "C-local", "C-remote"
		last = t
		q = v["q"] == -1 ? "-" : v["q"]; c = v["c"] == -1 ? "-" : v["c"]
		if (NR > from) printf "%-12s | %8s %8s | %8s %8s\n", v["a"] "  " q "  " c " " v["rq"],
			v["q_local"], v["q_remote"], v["c_local"], v["c_remote"] }
		END { print NR >"/tmp/matrix.rows" }' /tmp/matrix.kv
	cat /tmp/matrix.rows
}
: >/tmp/matrix.kv
BA_MATRIX_OUT=/tmp/matrix.kv \
	"$KS/block-affinity/affinity_matrix_test.sh" >/run/out/matrix.ktap 2>&1 &
test_pid=$!
shown=0
while kill -0 $test_pid 2>/dev/null; do
	sleep 1
	shown=$(rows "$shown" | tee /tmp/matrix.out | tail -n 1)
	head -n -1 /tmp/matrix.out
done
rc=0
wait $test_pid || rc=$?
rows "$shown" | head -n -1
case $rc in
0) ;;
4) echo "(the matrix test skipped some rows: see matrix.ktap)" ;;
*) echo "(the matrix test failed, exit $rc: some rows above are wrong; see matrix.ktap)" ;;
esac
exit $rc
