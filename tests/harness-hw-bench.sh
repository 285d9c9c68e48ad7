#!/bin/bash
# make hw-bench touches only the disk it is given, and only an NVMe
# namespace that nothing uses: bench/hw-bench.sh must refuse, before it
# writes anything, no disk named, a disk that is not an NVMe namespace
# (sda, a loop device, a partition's name), a namespace this machine does
# not have, and must not leave an output directory behind. Result line to
# RESULTS.
# Usage: harness-hw-bench.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bad=""
for d in "" sda loop0 nvme0n1p1 /dev/vda nvme99n1; do
	if HW_DISK=$d HW_OUT=$tmp/out "$TOP/bench/hw-bench.sh" >"$tmp/log" 2>&1; then
		bad="$bad '${d}'(accepted)"
	elif ! grep -q '^hw-bench: ' "$tmp/log"; then
		bad="$bad '${d}'(no reason)"
	fi
	[ ! -e "$tmp/out" ] || bad="$bad '${d}'(wrote $tmp/out)"
done
if [ -z "$bad" ]; then
	echo "PASS harness: make hw-bench refuses, before writing anything, no disk, sda, loop0, a partition's name, /dev/vda and a namespace this machine lacks" >>"$results"
else
	echo "FAIL harness: make hw-bench:$bad" >>"$results"
fi
