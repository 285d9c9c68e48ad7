#!/bin/bash
# make (make demo): build what is missing, boot the patched kernel and print
# local and remote counts of a short pinned fio run at the defaults and with
# each mask moved (guest/demo.sh); make demo-matrix
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
say "booting the VM (base $(cat "$BUILD/base.version"))"
# The matrix: 4 tables of 200 requests per row, about 4 minutes under TCG.
timeout=$T_VM
[ "${DEMO:-}" != matrix ] || timeout=$((3 * T_VM))
VM_APPEND="$BA_PROFILE_DEMO ${VM_APPEND:-}" VM_QUIET=1 VM_OUT=$run VM_LOG=$run/console.log \
	VM_TIMEOUT=$timeout "$TOP/scripts/vm.sh" \
	"bash $TOP/guest/demo.sh $BUILD/kselftest ${DEMO:-} >/run/out/demo.txt 2>&1" &
vm=$!
# tail reads the file to its end once more after the VM's script ends.
tail -n +1 -f --pid="$vm" "$run/demo.txt" &
view=$!
# vm.sh runs in the background, where SIGINT is ignored: a Ctrl-C, or a
# SIGTERM or SIGHUP to this script, reaches it as the SIGTERM it stops
# QEMU on. A wait a trap interrupted is waited again.
trap 'kill -TERM "$vm" 2>/dev/null || true' INT TERM HUP
while :; do
	rc=0
	wait "$vm" || rc=$?
	kill -0 "$vm" 2>/dev/null || break
done
wait "$view" || true
trap - INT TERM HUP
if [ "$rc" = 0 ]; then
	rm -rf "$run"
else
	warn "the demo failed (exit $rc): its console log is ${run#"$TOP"/}/console.log"
fi
exit "$rc"
