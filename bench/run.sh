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

# Per kernel and job: mean IOPS and busy ns per IO, their spread
# (max-min)/mean; ratios patched/base. Busy ns/IO is the primary figure:
# under icount it counts instructions per IO, also for virtio-blk, whose
# IOPS include the host's timing.
awk -v reps="$REPS" -v shift="$SHIFT" -v title="$title" \
	-v base="$(cat "$BUILD/base.version")" '
function add(key, v) {
	n[key]++; s[key] += v
	if (!(key in mn) || v < mn[key]) mn[key] = v
	if (!(key in mx) || v > mx[key]) mx[key] = v
}
function mean(key) { return s[key] / n[key] }
function spread(key) { return (mx[key] - mn[key]) / mean(key) * 100 }
{ add($1 SUBSEP $2 SUBSEP "iops", $4); add($1 SUBSEP $2 SUBSEP "busy", $5)
  if (!($2 in seen)) { seen[$2] = 1; order[++nj] = $2 } }
END {
  print "# " title "\n"
  print "Base: Debian linux-source-6.12 " base ". Both kernels: same config," \
        " 4 vCPUs, `-icount shift=" shift ",sleep=off`; fio 4 KiB random read," \
        " libaio, pinned to CPU 1, " reps " runs per figure, each sampled over" \
        " a window inside the run. busy ns/IO = non-idle CPU time of all CPUs" \
        " per IO: under icount, instructions per IO (path length, not cache" \
        " effects). IOPS of virtio-blk also depend on when the host completes" \
        " the IO, so they vary between runs; busy ns/IO does not.\n"
  print "| job | base busy ns/IO | spread | patched busy ns/IO | spread | ratio | base IOPS | patched IOPS | ratio |"
  print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
  for (i = 1; i <= nj; i++) {
    j = order[i]
    bb = "base" SUBSEP j SUBSEP "busy"; pb = "patched" SUBSEP j SUBSEP "busy"
    bi = "base" SUBSEP j SUBSEP "iops"; pi = "patched" SUBSEP j SUBSEP "iops"
    if (!(bb in n)) {
      printf "| %s | - | - | %.0f | %.2f%% | - | - | %.0f | - |\n", j,
        mean(pb), spread(pb), mean(pi)
      continue
    }
    flag = (spread(bb) > 1 || spread(pb) > 1) ? " (spread > 1%)" : ""
    printf "| %s | %.0f | %.2f%% | %.0f | %.2f%% | %.4f%s | %.0f | %.0f | %.4f |\n", j,
      mean(bb), spread(bb), mean(pb), spread(pb), mean(pb) / mean(bb), flag,
      mean(bi), mean(pi), mean(pi) / mean(bi)
  }
}' "$raw" >"$out"
cat "$out"
