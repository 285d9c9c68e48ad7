#!/bin/bash
# make (make demo): build what is missing, boot the patched kernel and print
# the analyzer's table for a short pinned fio run; make demo-matrix
# (DEMO=matrix): the 2008 A Q C matrix instead, each row as it is measured.
# The guest writes its output on the run directory's share, not on the
# console (which carries the kernel log): it is shown here as it grows.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build vm
"$TOP/scripts/tree.sh"
"$TOP/scripts/kernel.sh"
"$TOP/scripts/selftests-build.sh"
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/demo.XXXXXX")
: >"$run/demo.txt"
tail -n +1 -f "$run/demo.txt" &
view=$!
trap 'kill $view 2>/dev/null || true' EXIT
say "booting the VM (base $(cat "$BUILD/base.version"))"
rc=0
VM_APPEND="$BA_PROFILE_DEMO ${VM_APPEND:-}" VM_QUIET=1 VM_OUT=$run VM_LOG=$run/console.log "$TOP/scripts/vm.sh" \
	"bash $TOP/guest/demo.sh $BUILD/kselftest ${DEMO:-} >/run/out/demo.txt 2>&1" || rc=$?
sleep 0.5 # tail's last lines
if [ "$rc" = 0 ]; then
	rm -rf "$run"
else
	warn "the demo failed (exit $rc): its console log is ${run#"$TOP"/}/console.log"
fi
exit "$rc"
