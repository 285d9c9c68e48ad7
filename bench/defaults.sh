#!/bin/bash
# Cost of the series at its defaults: the unpatched base and the patched
# kernel, same config, booted under QEMU -icount (guest time = instruction
# count, so IOPS measure instructions per IO), same fio jobs, in one run.
# Writes bench/defaults.md.
# Env: REPS (3), RUNTIME (guest seconds per run, 3), JOBS, ICOUNT_SHIFT (3).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

REPS=${REPS:-3}
RUNTIME=${RUNTIME:-3}
JOBS=${JOBS:-"nullb-qd1 nullb-qd16 nullb-qd64 virtio-qd1 virtio-qd16 virtio-qd64"}
SHIFT=${ICOUNT_SHIFT:-3}
out=$TOP/bench/defaults.md
raw=$BUILD/bench-defaults.raw
: >"$raw"

"$TOP/scripts/bench-kernels.sh"
for k in base patched; do
	case $k in
	base) img=$BUILD/obj-base/arch/x86/boot/bzImage ;;
	patched) img=$KOBJ/arch/x86/boot/bzImage ;;
	esac
	say "icount run: $k kernel, jobs: $JOBS, $REPS x ${RUNTIME}s each"
	KIMAGE=$img VM_ICOUNT=$SHIFT VM_TIMEOUT=1800 VM_QUIET=1 \
		VM_OUT=$BUILD/vm/bench-$k "$TOP/scripts/vm.sh" \
		"bash $TOP/bench/guest-fio.sh $RUNTIME $REPS $JOBS" || die "bench VM failed ($k)"
	grep -a '^RESULT' "$BUILD/vm/bench-$k/console.log" | tr -d '\r' |
		sed "s/^RESULT/$k/" >>"$raw"
done

# mean, spread (max-min)/mean, per kernel and job; ratio patched/base
awk -v reps="$REPS" -v shift="$SHIFT" -v base="$(cat "$BUILD/base.version")" '
{ k = $1; j = $2; v = $4; n[k, j]++; s[k, j] += v
  if (!((k, j) in mn) || v < mn[k, j]) mn[k, j] = v
  if (!((k, j) in mx) || v > mx[k, j]) mx[k, j] = v
  if (!(j in seen)) { seen[j] = 1; order[++nj] = j } }
END {
  print "# Cost at defaults: base against patched (QEMU -icount)\n"
  print "Base: Debian linux-source-6.12 " base ". Both kernels: same config," \
        " 4 vCPUs, `-icount shift=" shift ",sleep=off`; fio 4 KiB random read," \
        " libaio, pinned to CPU 1, " reps " runs per figure. IOPS under icount" \
        " count guest instructions per IO (path length), not cache effects.\n"
  print "| job | base IOPS | spread | patched IOPS | spread | patched/base |"
  print "|---|---:|---:|---:|---:|---:|"
  for (i = 1; i <= nj; i++) {
    j = order[i]; b = s["base", j] / n["base", j]; p = s["patched", j] / n["patched", j]
    sb = (mx["base", j] - mn["base", j]) / b * 100
    sp = (mx["patched", j] - mn["patched", j]) / p * 100
    flag = (sb > 1 || sp > 1) ? " (spread > 1%)" : ""
    printf "| %s | %.0f | %.2f%% | %.0f | %.2f%% | %.4f%s |\n", j, b, sb, p, sp, p / b, flag
  }
}' "$raw" >"$out"
cat "$out"
