#!/bin/bash
# Check of the selftests' cleanup: a test killed
# mid-trace leaves no blktrace and no kernel trace on the disk it traced,
# and blktrace starts on that disk again (guest/trace-kill.sh, in
# the VM, on the installed selftests). Appends result lines to RESULTS.
# Usage: harness-trace-kill.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/tk.XXXXXX")
rc=0
VM_QUIET=1 VM_OUT=$run VM_NULLCO_OPTS=indirect_desc=off \
	"$TOP/scripts/vm.sh" \
	"bash $TOP/guest/trace-kill.sh $BUILD/kselftest /run/out/tk.kv" || rc=$?
line=$(cat "$run/tk.kv" 2>/dev/null || echo "vm_exit=$rc")
name="harness: a selftest killed mid-trace leaves no blktrace or trace, and blktrace starts again"
case " $line " in
*" traced=1 exited=1 blktrace_left=0 trace_left=0 restart_rc=0 "*)
	echo "PASS $name" >>"$results"
	rm -rf "$run" ;;
*)	echo "FAIL $name ($line; ${run#"$TOP"/})" >>"$results" ;;
esac
