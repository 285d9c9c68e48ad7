#!/bin/bash
# make bench-elevator's and bench-redirect's report: what a setting (PAIR's
# second word: mq-deadline, or redirect, queue_affinity without fio's CPU)
# costs per IO on a multi-queue NVMe disk against its first (none), from
# bench.sh's raw lines ("<kernel> INSNS nvme-<variant>-qd<N> <rep> <all>
# <block>", bench/report.sh).
# The guest's instructions per IO, all of them and those in the block layer
# (block/, drivers/block/, blktrace); mean of the runs and their spread.
# Usage: elevator-report.sh RAW OUT.md OUT.png (no chart: OUT.png unused)
# Env: PAIR ("none mq-deadline"), TITLE, REPS, RUNTIME, SHIFT, ELAPSED,
# MADE_BY as for bench/report.sh.
set -eu

raw=$1 md=$2
read -r va vb <<<"${PAIR:-none mq-deadline}"
awk -v va="$va" -v vb="$vb" -v title="${TITLE:-mq-deadline against none on a multi-queue NVMe disk}" -v reps="${REPS:-3}" -v runtime="${RUNTIME:-2}" -v shift="${SHIFT:-3}" \
	-v elapsed="${ELAPSED:-0}" '
# the command from the environment: awk -v would eat its shell escapes
BEGIN { made_by = ENVIRON["MADE_BY"] }
$2 == "INSNS" && $3 ~ /^nvme-/ {
	j = $3; sub(/^nvme-/, "", j)
	qd = j; sub(/.*-qd/, "", qd)
	s = j; sub(/-qd[0-9]+$/, "", s)
	k = $1 SUBSEP s SUBSEP qd
	n[k]++; a[k] += $5; b[k] += $6
	if (!(k in mn) || $6 < mn[k]) mn[k] = $6
	if (!(k in mx) || $6 > mx[k]) mx[k] = $6
	kern[$1] = 1; qds[qd] = 1
}
function m(x, k) { return x[k] / n[k] }
function sp(k) { return (mx[k] - mn[k]) / m(b, k) * 100 }
END {
	print "# " title "\n"
	if (made_by != "")
		print "Made by: " made_by ".\n"
	print "Method: QEMU TCG with -icount shift=" shift ", 4 vCPUs, an emulated NVMe"
	print "disk with one IO queue per vCPU and managed MSI-X interrupts; fio 4 KiB"
	print "random reads with libaio on CPU 1, " reps " runs of " runtime " s per row; the"
	print "insn-window plugin counts the guest instructions from fio'"'"'s io_setup"
	print "to its io_destroy, all and those in the block layer (block/,"
	print "drivers/block/, blktrace; mq-deadline and the redirect are in block/). Per IO: mean over"
	print "the runs; spread: (max - min) / mean of the block layer count. The"
	print "\"all\" columns also count what the guest runs while QEMU'"'"'s host side"
	print "completes the emulated disk'"'"'s IO (timer ticks, idle entry), which"
	print "depends on the host: the block layer columns are the comparison.\n"
	printf "| kernel | QD | %s: all | %s: block | %s: all | %s: block | block added | all, ratio | spread %s / %s |\n", va, va, vb, vb, va, vb
	print "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	nq = 0
	for (q in qds) ql[++nq] = q + 0
	for (i = 1; i <= nq; i++) for (j = i + 1; j <= nq; j++) if (ql[j] < ql[i]) { t = ql[i]; ql[i] = ql[j]; ql[j] = t }
	for (ki = 1; ki <= 2; ki++) for (qi = 1; qi <= nq; qi++) {
		kk = ki == 1 ? "base" : "patched"; q = ql[qi]
		if (!(kk in kern)) continue
		kn = kk SUBSEP va SUBSEP q; kd = kk SUBSEP vb SUBSEP q
		if (!(kn in n) || !(kd in n)) continue
		printf "| %s | %s | %.0f | %.0f | %.0f | %.0f | %+.0f | %.3f | %.2f%% / %.2f%% |\n",
			kk, q, m(a, kn), m(b, kn), m(a, kd), m(b, kd),
			m(b, kd) - m(b, kn), m(a, kd) / m(a, kn), sp(kn), sp(kd)
	}
	printf "\nThe run took %d min.\n", elapsed / 60
}' "$raw" >"$md"
