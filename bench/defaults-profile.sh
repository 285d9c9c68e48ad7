#!/bin/bash
# make bench-defaults-profile: where the instructions that the series adds
# per IO at the defaults go, per kernel function. Builds the two kernels of
# make bench-defaults (the base and the series, distribution-like config:
# jump labels on, -O2), boots each under QEMU -icount with the insn-profile
# plugin (bench/insn-profile.c) and runs the same fio job (guest/fio.sh,
# JOB, default nullb-qd1: null_blk, 4 KiB random reads at QD 1 on CPU 1;
# the plugin counts every fio run of the guest, so the ra-K jobs run
# without their traced run, RA_TRACED=0).
# Writes BENCH_OUT (bench/records/defaults-profile.txt), key=value lines:
#   made_by=... series=... repo=... config=... qemu=...
#   kernel=K insns_per_io=N block_per_io=N      all guest instructions, and
#                                               those in block_syms' functions
#   fn=NAME block=0|1 base=N patched=N delta=D   per IO, every function whose
#                                               count moves by 0.05 or more
# Env: JOB, REPS (3), RUNTIME (2 guest seconds per run), ICOUNT_SHIFT (3), BENCH_OUT.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm bench

made_by=$(command_line "bench/defaults-profile.sh" JOB REPS RUNTIME ICOUNT_SHIFT BENCH_OUT)
JOB=${JOB:-nullb-qd1}
REPS=${REPS:-3}
RUNTIME=${RUNTIME:-2}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/defaults-profile.txt}

BENCH_CONFIG=distro "$TOP/scripts/bench-kernels.sh"
"$TOP/scripts/selftests-build.sh"
run=$(mktemp -d "$BUILD/vm/dprof.XXXXXX")
plugin=$run/insn-profile.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/insn-profile.c"
for k in base patched; do
	img=$(distro_kimage $k)
	obj=${img%/arch/x86/boot/bzImage}
	mkdir -p "$run/$k"
	awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' "$obj/System.map" | sort >"$run/$k/syms"
	block_syms "$img" | awk '{ print $3 }' >"$run/$k/block"
	say "profile: $k kernel, $JOB, $REPS x ${RUNTIME}s"
	KIMAGE=$img VM_ICOUNT=${ICOUNT_SHIFT:-3} VM_TIMEOUT=$T_BENCH VM_QUIET=1 VM_OUT=$run/$k \
		VM_PLUGIN="$plugin,arg=out=$run/$k/profile,arg=start=$(ksym "$img" __x64_sys_io_setup),arg=end=$(ksym "$img" __x64_sys_io_destroy),arg=syms=$run/$k/syms" \
		"$TOP/scripts/vm.sh" "RA_TRACED=0 bash $TOP/guest/fio.sh $BUILD/kselftest $RUNTIME $REPS $JOB >/run/out/guest.out" ||
		die "VM failed ($k), see ${run#"$TOP"/}/$k/console.log"
	grep '^RESULT' "$run/$k/guest.out" >"$run/$k/results" || true
	[ "$(wc -l <"$run/$k/results")" -eq "$REPS" ] ||
		die "$k: $(wc -l <"$run/$k/results") fio runs, $REPS expected"
done

{
	provenance "$made_by" "icount_shift=${ICOUNT_SHIFT:-3} job=$JOB reps=$REPS runtime=$RUNTIME"
	# Per kernel: the IOs of all runs, then each function's instructions.
	for k in base patched; do
		awk -v k="$k" 'FILENAME ~ /results$/ { ios += $7; next }
			FILENAME ~ /block$/ { blk[$1] = 1; next }
			{ fn[$2] += $3; all += $3; if ($2 in blk) b += $3 }
			END {
				printf "kernel=%s insns_per_io=%.1f block_per_io=%.1f\n", k, all / ios, b / ios
				for (f in fn)
					printf "FN %s %s %d %.3f\n", k, f, (f in blk), fn[f] / ios
			}' "$run/$k/results" "$run/$k/block" "$run/$k/profile"
	done >"$run/per-io"
	grep '^kernel=' "$run/per-io"
	grep '^FN ' "$run/per-io" | awk '
		{ v[$3, $2] = $5; blk[$3] = blk[$3] || $4; names[$3] = 1 }
		END {
			for (f in names) {
				d = v[f, "patched"] - v[f, "base"]
				if (d >= 0.05 || d <= -0.05)
					printf "fn=%s block=%d base=%.2f patched=%.2f delta=%+.2f\n",
						f, blk[f], v[f, "base"], v[f, "patched"], d
			}
		}' | sort -t= -k6 -g -r
} >"$BENCH_OUT.tmp"
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
