#!/bin/bash
# make demo: build what is missing, boot the patched kernel and print the
# analyzer's table for a short pinned fio run.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build vm
"$TOP/scripts/tree.sh"
"$TOP/scripts/kernel.sh"
"$TOP/scripts/selftests-build.sh"
say "booting the VM (base $(cat "$BUILD/base.version"))"
"$TOP/scripts/vm.sh" "$TOP/scripts/guest-demo.sh $BUILD/kselftest"
