#!/bin/bash
# make bench: the unpatched base and the patched kernel, built with the same
# config (cached), each booted once under QEMU -icount with the same VM and
# the same fio jobs (bench/guest-fio.sh); writes bench/results.md and the
# chart bench/results.png (bench/report.sh).
# Env: REPS (3), RUNTIME (guest seconds per run, 2), ICOUNT_SHIFT (3),
# JOBS (default: all below).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm bench

REPS=${REPS:-3}
RUNTIME=${RUNTIME:-2}
SHIFT=${ICOUNT_SHIFT:-3}
if [ -z "${JOBS:-}" ]; then
	JOBS=""
	for qd in 1 16 64; do
		JOBS="$JOBS nullb-qd$qd virtio-qd$qd nullb-qremote-qd$qd"
		for m in inline ipi kthread; do
			JOBS="$JOBS nirq0-$m-qd$qd irq0-$m-qd$qd"
		done
	done
	for row in A-A-1 A-I-1 A-X-1 I-A-1 I-I-1 I-X-1 X-A-1 X-I-1 X-X-1 \
		D-D-0 D-D-1 D-D-2; do
		JOBS="$JOBS aqc-$row"
	done
fi
raw=$BUILD/bench.raw
: >"$raw"

start=$(date +%s)
"$TOP/scripts/bench-kernels.sh"
"$TOP/scripts/selftests-build.sh" # the analyzer, for the A Q C counts
for k in base patched; do
	img=$(bench_kimage "$k")
	say "icount run: $k kernel, $(echo $JOBS | wc -w) jobs, $REPS x ${RUNTIME}s each"
	out=$BUILD/vm/bench-$k
	rm -rf "$out"
	t0=$(date +%s)
	KIMAGE=$img VM_ICOUNT=$SHIFT VM_TIMEOUT=3000 VM_QUIET=1 VM_OUT=$out \
		"$TOP/scripts/vm.sh" \
		"bash $TOP/bench/guest-fio.sh $BUILD/kselftest $RUNTIME $REPS $JOBS" ||
		die "bench VM failed ($k), see ${out#"$TOP"/}/console.log"
	grep -a -E '^(RESULT|COUNTS)' "$out/console.log" | tr -d '\r' |
		sed "s/^/$k /" >>"$raw"
	say "$k: $(($(date +%s) - t0)) s"
done
ELAPSED=$(($(date +%s) - start)) REPS=$REPS RUNTIME=$RUNTIME SHIFT=$SHIFT \
	"$TOP/bench/report.sh" "$raw" "$TOP/bench/results.md" "$TOP/bench/results.png"
say "bench/results.md and bench/results.png written ($(($(date +%s) - start)) s)"
