#!/bin/bash
# The project's blktests cases (blktests/tests/: the PLUG/UNPLUG fix and
# the affinity masks, in blktests' own layout) run by blktests' ./check in
# the VM: the blktests snapshot (BLKTESTS_TARBALL, sha256 pinned; Debian
# does not package blktests) unpacked and built into build/blktests, the
# cases copied in. blktests' results/ stays in the boot's run directory.
# Appends "PASS|FAIL|SKIP blktests: CASE (description)" lines to RESULTS.
# Env: BLKTESTS_CASES (the cases' directory, blktests/tests/: another one
# shows them failing); LABEL, put before the boot's own label.
# Usage: boot-blktests.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
label="${LABEL:+$LABEL }blktests"
cases=$(realpath "${BLKTESTS_CASES:-$TOP/blktests/tests}")
result() { printf '%s %s%s\n' "$1" "$label" "$2" >>"$results"; }

src=$BUILD/blktests
log=$LOGDIR/blktests-build.log
mkdir -p "$BUILD/vm" "$LOGDIR"
rc=0
BLKTESTS_CASES=$cases "$TOP/scripts/blktests-src.sh" "$src" 2>"$log" || rc=$?
case $rc in
0) ;;
2)	result SKIP " (no blktests snapshot at BLKTESTS_TARBALL: Debian has no package of it)"
	exit 0 ;;
*)	result FAIL ": the blktests snapshot (see $(rel "$log"))"
	exit 0 ;;
esac
if ! make -C "$src" >"$log" 2>&1; then
	result FAIL ": the snapshot does not build (see $(rel "$log"))"
	exit 0
fi
list=$(cd "$cases" && find . -mindepth 2 -maxdepth 2 -type f -name '[0-9][0-9][0-9]' |
	sed 's|^\./||' | sort | tr '\n' ' ')

run=$(mktemp -d "$BUILD/vm/blktests.XXXXXX")
rc=0
# Results on the guest's tmpfs, copied out after: blktrace cannot write
# its trace files to the run directory's 9p share.
VM_OUT=$run VM_TIMEOUT=$T_BOOT "$TOP/scripts/vm.sh" \
	"cd $src && { ./check -o /tmp/results $list; rc=\$?; cp -r /tmp/results /run/out/; exit \$rc; }" \
	>"$run/out.txt" 2>&1 || rc=$?
# ./check prints "CASE (DESCRIPTION) [passed|failed|not run]" with
# cursor moves between; the last status of each case counts.
for t in $list; do
	line=$(tr '\r' '\n' <"$run/out.txt" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' |
		grep "^$t " | grep '\[\(passed\|failed\|not run\)\]' | tail -n 1 || true)
	desc=$(sed -n 's/^DESCRIPTION="\(.*\)"$/\1/p' "$cases/$t")
	case $line in
	*"[passed]"*) result PASS ": $t ($desc)" ;;
	*"[failed]"*)
		result FAIL ": $t ($desc; see $(rel "$run")/results/nodev/$t.out.bad and .full)"
		if [ -f "$run/results/nodev/$t.out.bad" ]; then
			diff "$cases/$t.out" "$run/results/nodev/$t.out.bad" |
				grep '^[<>]' | head -n 6 | sed 's/^/    | /' >>"$results"
		fi ;;
	*"[not run]"*)
		why=$(tr '\r' '\n' <"$run/out.txt" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' |
			awk -v t="$t" '$1 == t { on = 1; next } on && /^[^ ]/ { exit }
				on { sub(/^ +/, ""); print; exit }')
		result SKIP ": $t ($desc: ${why:-not run})" ;;
	*) result FAIL ": $t ($desc): no result (VM exit $rc, see $(rel "$run")/out.txt)" ;;
	esac
done
