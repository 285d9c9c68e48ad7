#!/bin/bash
# Build and install the series' kselftests (block-affinity) from build/linux
# (or SRC=...) into build/kselftest (or KSFT_OUT=...), where the VM finds
# them over the read-only 9p root.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build

SRC=${SRC:-$LINUX}
out=${KSFT_OUT:-$BUILD/kselftest}
# Objects per source tree: make decides by timestamps, which do not tell
# one tree's file from another's.
objdir=$BUILD/kselftest-obj
[ "$SRC" = "$LINUX" ] || objdir=$objdir-$(basename "$SRC")
rm -rf "$out"
# The selftests' programs use the UAPI headers of the tree under test
# (blktrace_api.h), installed next to the kernel's objects, not the host's.
run_logged "$LOGDIR/headers.log" "installing the tree's UAPI headers" \
	make -C "$SRC" O="$KOBJ" -j"$MAKE_JOBS" headers_install
run_logged "$LOGDIR/kselftest.log" "building selftests (block-affinity)" \
	make -C "$SRC/tools/testing/selftests" TARGETS=block-affinity \
	O="$objdir" KHDR_INCLUDES="-isystem $KOBJ/usr/include" \
	INSTALL_PATH="$out" install
