#!/bin/bash
# Build and install the series' kselftests (block-affinity) from build/linux
# into build/kselftest, where the VM finds them over the read-only 9p root.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build

out=$BUILD/kselftest
rm -rf "$out"
run_logged "$LOGDIR/kselftest.log" "building selftests (block-affinity)" \
	make -C "$LINUX/tools/testing/selftests" TARGETS=block-affinity \
	O="$BUILD/kselftest-obj" INSTALL_PATH="$out" install
