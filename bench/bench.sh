#!/bin/bash
# make bench: the unpatched base and the patched kernel, built with the same
# config (cached), each booted once under QEMU -icount with the same VM and
# the same fio jobs (guest/fio.sh), the insn-window plugin counting
# the guest instructions of each fio run; writes bench/records/results.md and the
# chart bench/records/results.png (bench/report.sh).
# Env: REPS (3), RUNTIME (guest seconds per run, 2), ICOUNT_SHIFT (3),
# BENCH_JOBS (default: all below), KERNELS ("base patched"), VM_CPUS (4),
# BENCH_CONFIG=distro to compare the distribution-like lane's kernels
# (build/obj-distro-base and build/obj-distro, jump labels on, -O2)
# instead of the main config's; BENCH_PATCHED_OBJ replaces build/obj-distro
# there (a kernel of part of the series: its objects are rebuilt from
# build/linux), BENCH_OUT (bench/records/results),
# RAW (build/bench.raw, the per-run figures), REPORT (bench/report.sh: the
# script that writes BENCH_OUT.md and .png from RAW).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm bench

# The command as given, for the report's "Made by" line (paths relative).
made_by=$(command_line "bench/bench.sh" BENCH_CONFIG BENCH_PATCHED_OBJ KERNELS BENCH_JOBS REPS RUNTIME ICOUNT_SHIFT VM_CPUS VM_NVME BENCH_OUT REPORT)

REPS=${REPS:-3}
RUNTIME=${RUNTIME:-2}
SHIFT=${ICOUNT_SHIFT:-3}
if [ -z "${BENCH_JOBS:-}" ]; then
	# The defaults jobs first: every later job writes affinity knobs,
	# which turns the series' static keys on for the rest of the boot.
	BENCH_JOBS=""
	for qd in 1 16 64; do
		BENCH_JOBS="$BENCH_JOBS nullb-qd$qd virtio-qd$qd"
	done
	# The seeds' workloads as regression rows, also at the defaults: the
	# 2014 tag allocation workload and the 2004 readahead sweep.
	BENCH_JOBS="$BENCH_JOBS tags-softirq-qd64 tags-timer-qd64 ra-0 ra-32 ra-128 ra-512"
	for qd in 1 16 64; do
		BENCH_JOBS="$BENCH_JOBS nullb-qremote-qd$qd"
		for m in inline ipi kthread; do
			BENCH_JOBS="$BENCH_JOBS nirq0-$m-qd$qd irq0-$m-qd$qd"
		done
	done
	for row in A-A-1 A-I-1 A-X-1 I-A-1 I-I-1 I-X-1 X-A-1 X-I-1 X-X-1 \
		D-D-0 D-D-1 D-D-2; do
		BENCH_JOBS="$BENCH_JOBS aqc-$row"
	done
fi
raw=${RAW:-$BUILD/bench.raw}
: >"$raw"

. "$TOP/bench/bench-lib.sh"

KERNELS=${KERNELS:-base patched}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/results}
if [ "${BENCH_CONFIG:-}" = distro ]; then
	bench_kimage()
	{
		case $1 in
		base) echo "$BUILD/obj-distro-base/arch/x86/boot/bzImage" ;;
		patched) echo "${BENCH_PATCHED_OBJ:-$BUILD/obj-distro}/arch/x86/boot/bzImage" ;;
		esac
	}
fi

start=$(date +%s)
"$TOP/scripts/bench-kernels.sh"
config="config/*.config${BENCH_CONFIG:+ + config/$BENCH_CONFIG/$BENCH_CONFIG.config}"
MADE_BY="\`$made_by\`; $(made_from), built with $config"
"$TOP/scripts/selftests-build.sh" # the analyzer, for the A Q C counts
plugin=$BUILD/insn-window.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/insn-window.c"
for k in $KERNELS; do
	img=$(bench_kimage "$k")
	say "icount run: $k kernel, $(echo $BENCH_JOBS | wc -w) jobs, $REPS x ${RUNTIME}s each"
	out=$BUILD/vm/bench-$k
	rm -rf "$out"
	mkdir -p "$out"
	block_ranges "$img" >"$out/ranges"
	t0=$(date +%s)
	KIMAGE=$img VM_ICOUNT=$SHIFT VM_TIMEOUT=$T_BENCH VM_QUIET=1 VM_OUT=$out \
		VM_PLUGIN="$plugin,arg=out=$out/windows,arg=start=$(ksym "$img" __x64_sys_io_setup),arg=end=$(ksym "$img" __x64_sys_io_destroy),arg=ranges=$out/ranges" \
		"$TOP/scripts/vm.sh" \
		"bash $TOP/guest/fio.sh $BUILD/kselftest $RUNTIME $REPS $BENCH_JOBS >/run/out/guest.out" ||
		die "bench VM failed ($k), see ${out#"$TOP"/}/console.log"
	# The n-th window is the n-th fio run, RESULT, COUNTS or RA: an INSNS line
	# with the instructions per IO of each timed run, all and in the block
	# layer.
	runs=$(grep -c -E '^(RESULT|COUNTS|RA)' "$out/guest.out" || true)
	[ "$(wc -l <"$out/windows")" -eq "$runs" ] ||
		die "$k: $(wc -l <"$out/windows") instruction windows for $runs fio runs"
	grep -E '^(RESULT|COUNTS|RA)' "$out/guest.out" |
		awk 'NR == FNR { w[NR] = $1; b[NR] = $2; next }
			{ print; n++ }
			$1 == "RESULT" && (n in w) && $7 > 0 {
				printf "INSNS %s %s %.1f %.1f\n", $2, $3,
					w[n] / $7, b[n] / $7 }' \
			"$out/windows" - | sed "s/^/$k /" >>"$raw"
	say "$k: $(($(date +%s) - t0)) s"
done
ELAPSED=$(($(date +%s) - start)) REPS=$REPS RUNTIME=$RUNTIME SHIFT=$SHIFT MADE_BY=$MADE_BY \
	"${REPORT:-$TOP/bench/report.sh}" "$raw" "$BENCH_OUT.md" "$BENCH_OUT.png"
say "${BENCH_OUT#"$TOP"/}.md and .png written ($(($(date +%s) - start)) s)"
