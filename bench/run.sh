#!/bin/bash
# Boot the unpatched base and the patched kernel, same config, under QEMU
# -icount (guest time = instruction count), run the same fio jobs
# (bench/guest-fio.sh) in both in one run, and write a markdown table.
# Usage: run.sh OUT TITLE JOB...
# Env: REPS (3), RUNTIME (guest seconds sampled per run, 3), ICOUNT_SHIFT (3).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -ge 3 ] || die "usage: run.sh OUT TITLE JOB..."
out=$1 title=$2
shift 2
JOBS="$*"
REPS=${REPS:-3}
RUNTIME=${RUNTIME:-3}
SHIFT=${ICOUNT_SHIFT:-3}
raw=$BUILD/bench-$(basename "$out" .md).raw
: >"$raw"

"$TOP/scripts/bench-kernels.sh"
for k in base patched; do
	case $k in
	base) img=$BUILD/obj-base/arch/x86/boot/bzImage ;;
	patched) img=$KOBJ/arch/x86/boot/bzImage ;;
	esac
	say "icount run: $k kernel, jobs: $JOBS, $REPS x ${RUNTIME}s each"
	KIMAGE=$img VM_ICOUNT=$SHIFT VM_TIMEOUT=1800 VM_QUIET=1 \
		VM_OUT=$BUILD/vm/bench-$k-$(basename "$out" .md) "$TOP/scripts/vm.sh" \
		"bash $TOP/bench/guest-fio.sh $RUNTIME $REPS $JOBS" || die "bench VM failed ($k)"
	grep -a '^RESULT' "$BUILD/vm/bench-$k-$(basename "$out" .md)/console.log" | tr -d '\r' |
		sed "s/^RESULT/$k/" >>"$raw"
done

# Per kernel and job: mean IOPS and its spread (max-min)/mean; the ratio
# patched/base. A figure whose spread exceeds 1% is flagged.
awk -v reps="$REPS" -v shift="$SHIFT" -v title="$title" \
	-v base="$(cat "$BUILD/base.version")" '
function add(key, v) {
	n[key]++; s[key] += v
	if (!(key in mn) || v < mn[key]) mn[key] = v
	if (!(key in mx) || v > mx[key]) mx[key] = v
}
function mean(key) { return s[key] / n[key] }
function spread(key) { return (mx[key] - mn[key]) / mean(key) * 100 }
{ add($1 SUBSEP $2, $4); if (!($2 in seen)) { seen[$2] = 1; order[++nj] = $2 } }
END {
  print "# " title "\n"
  print "Base: Debian linux-source-6.12 " base ". Both kernels: same config," \
        " 4 vCPUs, `-icount shift=" shift ",sleep=off`; fio 4 KiB random read," \
        " libaio, pinned to CPU 1, " reps " runs per figure; spread = (max-min)/mean." \
        " Under icount, IOPS measure guest instructions per IO (path length," \
        " not cache effects) where the IO completes inside the guest (null_blk);" \
        " virtio-blk IOPS also depend on when the host side completes the IO and" \
        " vary between runs.\n"
  print "| job | base IOPS | spread | patched IOPS | spread | patched/base |"
  print "|---|---:|---:|---:|---:|---:|"
  for (i = 1; i <= nj; i++) {
    j = order[i]; b = "base" SUBSEP j; p = "patched" SUBSEP j
    if (!(b in n)) {
      printf "| %s | - | - | %.0f | %.2f%% | - |\n", j, mean(p), spread(p)
      continue
    }
    flag = (spread(b) > 1 || spread(p) > 1) ? " (spread > 1%)" : ""
    printf "| %s | %.0f | %.2f%% | %.0f | %.2f%% | %.4f%s |\n", j, mean(b), spread(b),
      mean(p), spread(p), mean(p) / mean(b), flag
  }
}' "$raw" >"$out"
cat "$out"
