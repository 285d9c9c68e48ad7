#!/bin/bash
# Completion latency of steered completions with a CPU hog on the
# completion CPU (the priority of the completion threads): boots the
# main lane's patched kernel (build/obj, made by make check) twice in the
# 4-vCPU VM, plain and with threadirqs, and runs
# guest/steering-latency.sh in it. Wall-clock TCG: latencies include
# QEMU's scheduling of the vCPU threads and only compare modes measured in
# the same way.
# Multi-threaded TCG by default: with one TCG thread for all vCPUs
# (TCG=single), QEMU runs the vCPUs in turn, and the time until the busy
# vCPU's turn (about 6 ms at the median) hid every difference between the
# modes, IPI steering included. The main lane's kernel, because it has no
# jump labels: the knob writes flip static keys, and multi-threaded TCG
# mishandles kernel text patched while other vCPUs run (see
# config/distro/distro.config).
# Writes key=value lines to BENCH_OUT (bench/records/steering-latency.txt), after
# the lines of provenance (bench/bench-lib.sh).
# Env: RUNTIME (10 s per run), REPS (3), KIMAGE, BENCH_OUT, TCG (multi).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
made_by=$(command_line "bench/steering-latency.sh" RUNTIME REPS KIMAGE TCG BENCH_OUT)

RUNTIME=${RUNTIME:-10}
REPS=${REPS:-3}
KIMAGE=${KIMAGE:-$BUILD/obj/arch/x86/boot/bzImage}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/steering-latency.txt}
[ -f "$KIMAGE" ] || die "no ${KIMAGE#"$TOP"/}; run make kernel first"
provenance "$made_by" "tcg=${TCG:-multi} cpus=4 runtime=$RUNTIME reps=$REPS" "config/*.config" >"$BENCH_OUT.tmp"
for boot in plain threadirqs; do
	append="VMMODS=${KIMAGE%/arch/x86/boot/bzImage}/modules"
	modes="nohog-ipi ipi nohog-kthread kthread kthread-nice-20 kthread-fifo1 kthread-fifo50"
	[ $boot = threadirqs ] && append="$append threadirqs"
	run=$(mktemp -d "$BUILD/vm/lat.XXXXXX")
	say "steering latency: $boot boot, $REPS x ${RUNTIME}s per mode"
	KIMAGE=$KIMAGE VM_TCG_THREAD=${TCG:-multi} VM_APPEND="$append" VM_TIMEOUT=$T_BENCH VM_OUT=$run \
		"$TOP/scripts/vm.sh" "bash $TOP/guest/steering-latency.sh $RUNTIME $REPS $modes >/run/out/guest.out" \
		>"$run/out.txt" 2>&1 || die "VM failed, see ${run#"$TOP"/}"
	awk -v b=$boot '$1 == "LAT" {
		printf "%s.%s.%s p50_ns=%s p99_ns=%s max_ns=%s iops=%s hog_pct=%s\n",
			b, $2, $3, $4, $5, $6, $7, $8 }' "$run/guest.out" >>"$BENCH_OUT.tmp"
done
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
