#!/bin/bash
# Build the two kernels the benchmarks compare, with the same config:
# the unpatched base (tag "base", in build/base-src -> build/obj-base) and
# the patched tree (build/linux -> build/obj).
set -eu
. "$(dirname "$0")/lib.sh"

"$TOP/scripts/tree.sh"
if [ ! -d "$BUILD/base-src" ]; then
	git -C "$LINUX" worktree prune
	git -C "$LINUX" worktree add -q --detach "$BUILD/base-src" base
fi
git -C "$BUILD/base-src" checkout -q --detach base
SRC=$BUILD/base-src KOBJ=$BUILD/obj-base "$TOP/scripts/kernel.sh"
"$TOP/scripts/kernel.sh"
