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
if ! make -C "$src" >>"$log" 2>&1; then
	result FAIL ": the snapshot does not build (see $(rel "$log"))"
	exit 0
fi
list=$(cd "$cases" && find . -mindepth 2 -maxdepth 2 -type f -name '[0-9][0-9][0-9]' |
	sed 's|^\./||' | sort | tr '\n' ' ')

run=$(mktemp -d "$BUILD/vm/blktests.XXXXXX")
rc=0
# Results on the guest's tmpfs, copied out after: blktrace cannot write
# its trace files to the run directory's 9p share. ./check's output goes
# to a file, not a terminal: one plain line per case, no cursor moves.
VM_OUT=$run VM_TIMEOUT=$T_BOOT "$TOP/scripts/vm.sh" \
	"cd $src && { ./check -o /tmp/results $list >/tmp/check.out 2>&1; rc=\$?; cp -r /tmp/results /tmp/check.out /run/out/; exit \$rc; }" \
	>"$run/out.txt" 2>&1 || rc=$?
touch "$run/check.out"
# status CASE: ./check's "CASE (DESCRIPTION) [passed|failed|not run]",
# or for a whole group that did not run "GROUP/*** [not run]"; the
# indented lines under it: skip reasons, and "key ... value" lines.
status() {
	awk -v t="$1" -v g="${1%/*}/***" '
		$1 == t || $1 == g { st = $NF; if ($(NF - 1) == "[not") st = "[not run]"
			why = ""; on = 1; next }
		on && /^    / { if ($0 !~ /\.\.\./) { sub(/^ +/, ""); why = why (why == "" ? "" : "; ") $0 }; next }
		{ on = 0 }
		END { print st; print why }' "$run/check.out"
}
for t in $list; do
	{ read -r st; read -r why; } < <(status "$t")
	desc=$(sed -n 's/^DESCRIPTION="\(.*\)"$/\1/p' "$cases/$t")
	bad=$run/results/nodev/$t
	case $st in
	"[passed]") result PASS ": $t ($desc)" ;;
	"[failed]")
		reason=$(sed -n 's/^reason\t//p' "$bad" 2>/dev/null || true)
		case $reason in
		output) result FAIL ": $t ($desc; see $(rel "$bad").out.bad and .full)"
			diff "$cases/$t.out" "$bad.out.bad" 2>/dev/null |
				grep '^[<>]' | head -n 6 | sed 's/^/    | /' >>"$results" ;;
		dmesg) result FAIL ": $t ($desc: kernel log, see $(rel "$bad").dmesg)" ;;
		*) result FAIL ": $t ($desc: ${reason:-failed}; see $(rel "$bad").full)" ;;
		esac ;;
	"[not run]") result SKIP ": $t ($desc: ${why:-not run})" ;;
	*) result FAIL ": $t ($desc): no result (VM exit $rc, see $(rel "$run")/check.out)" ;;
	esac
done
