#!/bin/bash
# Completion placement, null_blk signalling its completions on CPU 0
# (irq_cpu=0, a deterministic stand-in for a device interrupt under
# icount) and fio on CPU 1: completed inline on CPU 0, or steered to CPU 1
# by IPI (rq_affinity=2) or by CPU 1's completion thread
# (completion_steering=kthread), at QD 1, 16 and 64. The base kernel has
# neither irq_cpu nor kthread steering: those rows show the patched kernel.
# The same on virtio-blk with its interrupt routed to CPU 0 (irq0-*), whose
# IOPS under icount also depend on the host's timing.
set -eu
jobs=""
for qd in 1 16 64; do
	jobs="$jobs nirq0-inline-qd$qd nirq0-ipi-qd$qd nirq0-kthread-qd$qd"
	jobs="$jobs irq0-inline-qd$qd irq0-ipi-qd$qd irq0-kthread-qd$qd"
done
# shellcheck disable=SC2086
exec "$(dirname "$0")/run.sh" "$(dirname "$0")/steering.md" \
	"Completion placement: inline, IPI and kthread steering (QEMU -icount)" $jobs
