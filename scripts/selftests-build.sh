#!/bin/bash
# Build and install the series' kselftests (block-affinity) from build/linux
# into build/kselftest, where the VM finds them over the read-only 9p root.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build

out=$BUILD/kselftest
rm -rf "$out"
# The selftests' programs use the UAPI headers of the tree under test
# (blktrace_api.h), installed next to the kernel's objects, not the host's.
run_logged "$LOGDIR/headers.log" "installing the tree's UAPI headers" \
	make -C "$LINUX" O="$KOBJ" -j"$(nproc)" headers_install
run_logged "$LOGDIR/kselftest.log" "building selftests (block-affinity)" \
	make -C "$LINUX/tools/testing/selftests" TARGETS=block-affinity \
	O="$BUILD/kselftest-obj" KHDR_INCLUDES="-isystem $KOBJ/usr/include" \
	INSTALL_PATH="$out" install
