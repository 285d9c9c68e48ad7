#!/bin/bash
# Where thread steering's instructions go, at queue depth 1 (the cost of
# the completion threads): boots the main lane's patched kernel (build/obj,
# made by make check) in the 4-vCPU VM under QEMU -icount with the
# insn-profile plugin, and runs guest/fio.sh's null_blk jobs that
# steer each completion from CPU 0 to CPU 1: by IPI, by thread, and by
# thread at SCHED_FIFO 1. Writes key=value lines to BENCH_OUT
# (bench/records/steering-profile.txt), after the lines of provenance:
#   mode=M insns_per_io=N ratio=R        all guest instructions per request,
#                                        REPS runs together; R against ipi
#   fn=NAME ipi=N kthread=N kfifo=N      per request, the TOP_FNS functions whose
#                                        count grows most from ipi to kthread
# Env: REPS (3), RUNTIME (2 guest seconds per run), ICOUNT_SHIFT (3),
# KIMAGE, BENCH_OUT, TOP_FNS (30).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm bench
made_by=$(command_line "bench/steering-profile.sh" REPS RUNTIME ICOUNT_SHIFT KIMAGE TOP_FNS BENCH_OUT)

REPS=${REPS:-3}
RUNTIME=${RUNTIME:-2}
KIMAGE=${KIMAGE:-$BUILD/obj/arch/x86/boot/bzImage}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/steering-profile.txt}
obj=${KIMAGE%/arch/x86/boot/bzImage}
[ -f "$KIMAGE" ] || die "no ${KIMAGE#"$TOP"/}; run make kernel first"
"$TOP/scripts/selftests-build.sh"

run=$(mktemp -d "$BUILD/vm/prof.XXXXXX")
plugin=$run/insn-profile.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/insn-profile.c"
awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' "$obj/System.map" | sort >"$run/syms"
modes="ipi kthread kfifo"
jobs=$(for m in $modes; do printf 'nirq0-%s-qd1 ' "$m"; done)
say "steering profile: $modes at QD 1, $REPS x ${RUNTIME}s each"
KIMAGE=$KIMAGE VM_ICOUNT=${ICOUNT_SHIFT:-3} VM_TIMEOUT=$T_BENCH VM_QUIET=1 VM_OUT=$run \
	VM_PLUGIN="$plugin,arg=out=$run/profile,arg=start=$(ksym "$KIMAGE" __x64_sys_io_setup),arg=end=$(ksym "$KIMAGE" __x64_sys_io_destroy),arg=syms=$run/syms" \
	"$TOP/scripts/vm.sh" "bash $TOP/guest/fio.sh $BUILD/kselftest $RUNTIME $REPS $jobs >/run/out/guest.out" ||
	die "VM failed, see ${run#"$TOP"/}/console.log"
# The n-th window is the n-th RESULT line: its mode and its requests.
grep '^RESULT' "$run/guest.out" >"$run/results" || true
[ "$(wc -l <"$run/results")" -eq $((3 * REPS)) ] ||
	die "$(wc -l <"$run/results") fio runs, $((3 * REPS)) expected"
provenance "$made_by" "icount_shift=${ICOUNT_SHIFT:-3} cpus=4 reps=$REPS runtime=$RUNTIME" "config/*.config" >"$BENCH_OUT.tmp"
awk -v top="${TOP_FNS:-30}" -v modes="$modes" '
	NR == FNR { split($2, j, "-"); mode[NR - 1] = j[2]; ios[j[2]] += $7; next }
	{ m = mode[$1]; all[m] += $3; fn[$2, m] += $3; names[$2] = 1 }
	END {
		n = split(modes, ml, " ")
		for (i = 1; i <= n; i++)
			printf "mode=%s insns_per_io=%.0f ratio=%.3f\n", ml[i],
				all[ml[i]] / ios[ml[i]],
				(all[ml[i]] / ios[ml[i]]) / (all["ipi"] / ios["ipi"])
		for (f in names)
			d[f] = fn[f, "kthread"] / ios["kthread"] - fn[f, "ipi"] / ios["ipi"]
		for (k = 0; k < top; k++) {
			best = ""
			for (f in d)
				if (best == "" || d[f] > d[best])
					best = f
			if (best == "")
				break
			printf "fn=%s ipi=%.0f kthread=%.0f kfifo=%.0f\n", best,
				fn[best, "ipi"] / ios["ipi"],
				fn[best, "kthread"] / ios["kthread"],
				fn[best, "kfifo"] / ios["kfifo"]
			delete d[best]
		}
	}' "$run/results" "$run/profile" >>"$BENCH_OUT.tmp"
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
