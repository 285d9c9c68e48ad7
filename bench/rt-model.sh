#!/bin/bash
# make bench-rt-model: what the -icount model does to a submitter that
# shares a hardware queue with another CPU, on the PREEMPT_RT kernel.
# A two-CPU VM (guest/shared-queue.sh): fio on CPU 0 reads from the NVMe
# disk at queue depth 8, an application on CPU 1 at queue depth 1, at the
# defaults and with both masks at CPU 0, so that CPU 1 submits onto CPU 0's
# hardware queue. The same kernel and runs twice: under -icount (one host
# thread runs both vCPUs, as make bench-isolation does) and with a host
# thread per vCPU (multi-threaded TCG; wall clock, so its reads per second
# are for comparison between the two configs of that boot only).
# Writes BENCH_OUT (bench/records/rt-model.txt): provenance lines, then per shape
# <kernel>.<shape>.<config>.runs=, .reads_per_s=min/median/max,
# .stalled_runs= (runs below a tenth of the boot's median at the
# defaults: an NVMe I/O timeout of 30 s holds a run up), .samples= (the
# application's stacks at CPU 1's timer interrupts in one more run),
# .samples_nvme_queue_rq= (in nvme_queue_rq()), .samples_lock_wait= (of
# those, in a spinlock's or PREEMPT_RT lock's slow path), and
# <kernel>.<shape>.nvme_timeouts=.
# Env: KOBJS (kernels' object directories; default the PREEMPT_RT lane's,
# built as make bench-isolation builds it), NO_DBBUF (1: also that kernel
# with bench/rt-model-nodbbuf.diff, an NVMe driver without shadow
# doorbells, built into build/obj-rt-nodbbuf), RUNS (8), RUNTIME (3),
# ICOUNT_SHIFT (3), BENCH_OUT.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm bench
made_by=$(command_line "make bench-rt-model" KOBJS NO_DBBUF RUNS RUNTIME ICOUNT_SHIFT BENCH_OUT)
RUNS=${RUNS:-8}
RUNTIME=${RUNTIME:-3}
SHIFT=${ICOUNT_SHIFT:-3}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/rt-model.txt}
if [ -z "${KOBJS:-}" ]; then
	KOBJS=$BUILD/obj-rt
	LANE_BUILD_ONLY=1 "$TOP/tests/lane-rt.sh" /dev/null
fi

# nodbbuf_kernel: the PREEMPT_RT lane's kernel (its config fragments, as
# tests/lane-rt.sh gives them to scripts/kernel.sh) with the experiment's
# diff, from a work tree of build/linux's tip (worktree(), kept in
# build/rt-nodbbuf-src), into build/obj-rt-nodbbuf.
nodbbuf_kernel()
{
	local src=$BUILD/rt-nodbbuf-src

	[ -z "$(git -C "$LINUX" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has uncommitted changes"
	worktree "$src" HEAD || die "cannot check build/linux out in $(rel "$src")"
	git -C "$src" apply "$TOP/bench/rt-model-nodbbuf.diff"
	SRC=$src KOBJ=$BUILD/obj-rt-nodbbuf \
		EXTRA_CONFIG="$DISTRO_CONFIG $RT_CONFIG" \
		"$TOP/scripts/kernel.sh"
}
if [ -n "${NO_DBBUF:-}" ]; then
	nodbbuf_kernel
	KOBJS="$KOBJS $BUILD/obj-rt-nodbbuf"
fi

provenance "$made_by" "cpus=2 runs=$RUNS runtime=$RUNTIME icount_shift=$SHIFT" \
	"config/vm.config+$DISTRO_CONFIG_NAMES+$RT_CONFIG_NAMES" >"$BENCH_OUT.tmp"
for obj in $KOBJS; do
	[ -f "$obj/arch/x86/boot/bzImage" ] || die "no kernel in ${obj#"$TOP"/}"
	name=$(basename "$obj")
	for shape in icount multi; do
		run=$(mktemp -d "$BUILD/vm/rtmodel.XXXXXX")
		icount=""
		[ "$shape" = multi ] || icount=$SHIFT
		KIMAGE=$obj/arch/x86/boot/bzImage VM_CPUS=2 VM_NVME=1 VM_QUIET=1 \
			VM_ICOUNT=$icount VM_OUT="$run" VM_TIMEOUT=$T_BENCH \
			VM_APPEND="VMMODS=$obj/modules" "$TOP/scripts/vm.sh" \
			"bash $TOP/guest/shared-queue.sh /run/out/runs.kv $RUNS $RUNTIME" ||
			die "VM failed ($name, $shape), see ${run#"$TOP"/}/console.log"
		awk -v k="$name.$shape" '
			/^config=/ { delete f
				for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
				c = f["config"]; order[c] = 1 }
			/^config=/ && f["sampled"] {
				printf "%s.%s.samples=%d\n%s.%s.samples_nvme_queue_rq=%d\n%s.%s.samples_lock_wait=%d\n",
					k, c, f["samples"], k, c, f["nvme_queue_rq"], k, c, f["lock_wait"]
				next }
			/^config=/ { n[c]++; v[c, n[c]] = f["reads_per_s"] }
			/^nvme_timeouts=/ { t = substr($0, 15) }
			END { for (c in order) {
					m = n[c]
					for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++)
						if (v[c, j] < v[c, i]) { x = v[c, i]; v[c, i] = v[c, j]; v[c, j] = x }
					med[c] = v[c, int((m + 1) / 2)] }
				for (c in order) {
					m = n[c]; st[c] = 0
					for (i = 1; i <= m; i++) if (v[c, i] * 10 < med["defaults"]) st[c]++
					printf "%s.%s.runs=%d\n%s.%s.reads_per_s=%d/%d/%d\n%s.%s.stalled_runs=%d\n",
						k, c, m, k, c, v[c, 1], v[c, int((m + 1) / 2)], v[c, m], k, c, st[c] + 0 }
				printf "%s.nvme_timeouts=%d\n", k, t }' "$run/runs.kv" | sort
		remove_later "$run"
	done
done >>"$BENCH_OUT.tmp"
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
