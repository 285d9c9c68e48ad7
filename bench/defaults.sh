#!/bin/bash
# Cost of the series at its defaults against the unpatched base: null_blk
# (irqmode=1) and virtio-blk, 4 KiB random read at QD 1, 16 and 64.
set -eu
exec "$(dirname "$0")/run.sh" "$(dirname "$0")/defaults.md" \
	"Cost at defaults: base against patched (QEMU -icount)" \
	nullb-qd1 nullb-qd16 nullb-qd64 virtio-qd1 virtio-qd16 virtio-qd64
