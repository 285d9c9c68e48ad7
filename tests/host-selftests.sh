#!/bin/bash
# Run installed block-affinity selftests that need no kernel of the
# series on the host (the analyzer test: its own trace files, the
# analyzer and the generator), one result line per check to RESULTS,
# labelled "[host]". They take a tenth of their VM time here (the
# analyzer test: about 3 s of CPU against 33 s under TCG), and
# make check leaves them out of the VM's boot (VM_EXCLUDE). They touch
# nothing but their own temporary directory; no root needed.
# Usage: host-selftests.sh RESULTS TEST...
# Env: KSFT_OUT, the installed selftests (build/kselftest).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
shift
ks=${KSFT_OUT:-$BUILD/kselftest}/block-affinity
t_ksft=$(sed -n 's/^timeout=//p' "$ks/settings")
for t in "$@"; do
	out=$LOGDIR/host-$t.ktap
	rc=0
	(cd "$ks" && timeout "$t_ksft" ./"$t") >"$out.raw" 2>&1 || rc=$?
	# the shape run_kselftest.sh gives the awk script
	{
		echo "# selftests: block-affinity: $t"
		sed 's/^/# /' "$out.raw"
		case $rc in
		0) echo "ok 1 selftests: block-affinity: $t" ;;
		4) echo "ok 1 selftests: block-affinity: $t # SKIP" ;;
		*) echo "not ok 1 selftests: block-affinity: $t # exit=$rc" ;;
		esac
	} >"$out"
	awk -f "$TOP/tests/ktap-results.awk" "$out" |
		sed 's|^\([A-Z][A-Z]*\) |\1 [host] |' >>"$results"
done
