#!/bin/bash
# Completion placement on virtio-blk with its interrupt on CPU 0 and fio on
# CPU 1: completed inline on CPU 0, steered to CPU 1 by IPI (rq_affinity=2)
# or by CPU 1's completion thread (completion_steering=kthread), QD 1, 16, 64.
# The base kernel has no kthread steering: those rows show patched only.
set -eu
jobs=""
for qd in 1 16 64; do
	jobs="$jobs irq0-inline-qd$qd irq0-ipi-qd$qd irq0-kthread-qd$qd"
done
# shellcheck disable=SC2086
exec "$(dirname "$0")/run.sh" "$(dirname "$0")/steering.md" \
	"Completion placement: inline, IPI and kthread steering (QEMU -icount)" $jobs
