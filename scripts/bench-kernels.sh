#!/bin/bash
# Build the two kernels the benchmarks compare, with the same config:
# the unpatched base (tag "base", in build/base-src) and the patched tree
# (build/linux). The main lane's config: build/obj-base and build/obj;
# BENCH_CONFIG=distro, the distribution-like lane's (config/distro/, jump
# labels on, -O2): build/obj-distro-base and build/obj-distro, or
# BENCH_PATCHED_OBJ for the patched tree.
set -eu
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/tree.sh"
worktree "$BUILD/base-src" base || die "cannot check the base out in $(rel "$BUILD")/base-src"
if [ "${BENCH_CONFIG:-}" = distro ]; then
	export EXTRA_CONFIG=$DISTRO_CONFIG
	SRC=$BUILD/base-src KOBJ=$BUILD/obj-distro-base "$TOP/scripts/kernel.sh"
	KOBJ=${BENCH_PATCHED_OBJ:-$BUILD/obj-distro} "$TOP/scripts/kernel.sh"
else
	SRC=$BUILD/base-src KOBJ=$BUILD/obj-base "$TOP/scripts/kernel.sh"
	"$TOP/scripts/kernel.sh"
fi
