#!/bin/bash
# Boot the VM kernel and run the installed block-affinity kselftests in it;
# write one result line per test to RESULTS (PASS/FAIL/SKIP ...). The
# tests get the disk with serial "nullco" as their scratch disk
# (BA_TEST_DEV), without indirect descriptors and completing each request
# 2 ms after it arrives, so that plugs overflow its ring whatever the
# host's speed (see plug_pairing_test.sh);
# a "decoy" disk before it stands where an ordinary VM has its root disk,
# and a result line says whether the tests left it alone
# (guest/selftests.sh).
# Usage: vm-selftests.sh RESULTS [TEST...]   (default: all tests but those
# in VM_EXCLUDE, which make check runs on the host: tests/host-selftests.sh)
# Env: VM_APPEND, VM_TIMEOUT, KIMAGE as for scripts/vm.sh; LABEL prefixes
# the test names (for runs with special boot options); KSFT_OUT, the
# installed selftests (build/kselftest). Time limits:
# T_SELFTESTS for the boot (scripts/lib.sh); per test, the timeout= of the
# selftests' settings file, times TIMEOUT_SCALE.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
shift
ks=${KSFT_OUT:-$BUILD/kselftest}
[ -x "$ks/run_kselftest.sh" ] || die "selftests not built; run scripts/selftests-build.sh"
if [ $# -eq 0 ]; then
	mapfile -t tests < <(sed 's/^block-affinity://' "$ks/kselftest-list.txt" |
		grep -vxF -f <(printf '%s\n' ${VM_EXCLUDE:-}))
	set -- "${tests[@]}"
fi
# One test's limit: the settings file's timeout=, scaled for slow kernels.
t_ksft=$(sed -n 's/^timeout=//p' "$ks/block-affinity/settings" 2>/dev/null || true)
[ -n "$t_ksft" ] || die "no timeout= in the selftests' settings file"
args=""
[ "$TIMEOUT_SCALE" = 1 ] || args=" -o $((t_ksft * TIMEOUT_SCALE))"
for t in "$@"; do
	args="$args -t block-affinity:$t"
done

mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/st.XXXXXX")
log=$run/console.log
# The scratch disk completes each request 2 ms late, so that the pairing
# test's plugs overflow its ring; a debug kernel (TIMEOUT_SCALE) submits
# that many times slower, and its disk is that much slower too (with 2 ms
# under make check-debug the ring never ran full, with mq-deadline and
# with bfq).
latency=$((2000000 * TIMEOUT_SCALE))
set +e
VM_WATCH=1 VM_NVME=1 VM_DECOY=1 VM_NULLCO_OPTS=indirect_desc=off VM_NULLCO_LATENCY_NS=$latency VM_TIMEOUT=${VM_TIMEOUT:-$T_SELFTESTS} \
	VM_OUT=$run VM_LOG=$log \
	"$TOP/scripts/vm.sh" "bash -c 'set -o pipefail; $TOP/guest/selftests.sh $ks$args | tee /run/out/ktap'" \
	>"$run/out.txt" 2>&1
rc=$?
set -e
# The results come over a channel of their own, a file the guest writes on
# the run directory's share: the console, which the host reads as
# out.txt, adds a carriage return to each line and may drop or mix in
# kernel messages.
touch "$run/ktap"
awk -f "$TOP/tests/ktap-results.awk" "$run/ktap" | sed "s|^\([A-Z][A-Z]*\) |\1 ${LABEL:+$LABEL }|" >"$run/results"
# A guest that did not finish (timeout, no result) fails, even when the
# tests it ran so far passed: the one it was in may be cut short.
# Its FAIL line says which test it was in; the console's last lines before
# guest/watch.sh's report, that report (the tasks 60 s before the timeout)
# and the end of the kernel log follow it: a CI log keeps no files.
if [ "$rc" -eq 124 ] || [ "$rc" -eq 125 ]; then
	in=$(awk '/^BA-TIME .*event=start/ { t = $4; u = $2 }
		/^BA-TIME .*event=end/ { t = "" }
		END { if (t != "") print " in " substr(t, 6) " (started at uptime " substr(u, 8) " s)" }' "$run/ktap")
	echo "FAIL ${LABEL:+$LABEL }VM did not finish$in (exit $rc, see ${log#"$TOP"/})" >>"$run/results"
	{
		tr -d '\r' <"$log" | awk '/@@WATCH-START@@/ { exit } { print }' |
			tail -n 15 | sed '1s/^/the console before the report:\n/'
		tr -d '\r' <"$log" | awk '/@@WATCH-START@@/ { on = 1; print "the guest'"'"'s tasks 60 s before the timeout:" }
			/@@WATCH-END@@/ { exit } on && n++ < 120 { print }'
		if [ -s "$run/dmesg.live" ]; then
			echo "the kernel log's last 30 lines:"
			tail -n 30 "$run/dmesg.live"
		fi
	} | cut -c1-160 | sed 's/^/    | /' >>"$run/results"
fi
case $(grep -a -m 1 '^HARNESS decoy=' "$run/ktap") in
"HARNESS decoy=unchanged")
	echo "PASS ${LABEL:+$LABEL }harness: the decoy disk's IRQ affinity, queue files and IO counts unchanged" ;;
"HARNESS decoy=changed"*)
	echo "FAIL ${LABEL:+$LABEL }harness: the tests changed the decoy disk: $(grep -a -m 1 '^HARNESS decoy=' "$run/ktap" | cut -d' ' -f3-)" ;;
*)	echo "FAIL ${LABEL:+$LABEL }harness: no decoy disk report (VM exit $rc)" ;;
esac >>"$run/results"
for t in "$@"; do
	grep -qF " ${LABEL:+$LABEL }block-affinity/$t" "$run/results" ||
		echo "FAIL ${LABEL:+$LABEL }block-affinity/$t: no result (VM exit $rc, see ${log#"$TOP"/})" >>"$run/results"
done
# Any kernel splat during the run fails it, whatever the tests said.
SPLAT_RE='WARNING:|BUG:|Oops|Call Trace:|KASAN|INFO: task .* blocked|rcu.*stall'
# splat_test DMESG: the test that was running at the first splat (the
# guest logs "BA-TEST start|end NAME" around each test), "TEST" or
# "TEST (or after it)" when it came between two tests, or "no test" if it
# came before the first.
splat_test() {
	awk -v re="$SPLAT_RE" '
		/BA-TEST start / { cur = $NF; ended = 0; next }
		/BA-TEST end / { ended = 1; next }
		$0 ~ re { if (cur == "") print "no test"
			else if (ended) print cur " (or after it)"
			else print cur
			found = 1; exit }
		END { if (!found) print "no test" }' "$1"
}
if [ -f "$run/dmesg" ]; then
	if grep -E -q "$SPLAT_RE" "$run/dmesg"; then
		grep -E -m 5 'WARNING:|BUG:|Oops|KASAN|blocked|stall' "$run/dmesg" | sed 's/^/    /' >&2
		echo "FAIL ${LABEL:+$LABEL }kernel log: splat during the tests, in $(splat_test "$run/dmesg") (see ${run#"$TOP"/}/dmesg)" >>"$run/results"
	else
		echo "PASS ${LABEL:+$LABEL }kernel log: no WARNING, BUG, Oops or stall" >>"$run/results"
	fi
fi
cat "$run/results" >>"$results"
# The label may hold any kernel parameter ("[elevator=../bfq]"): keep only
# characters that are safe in a file name.
name="selftests$(printf '%s' "${LABEL:+-$LABEL}" | tr -c 'A-Za-z0-9=_-' '_')"
cp "$run/out.txt" "$LOGDIR/$name.log"
# Each test's duration, from the guest's clock (guest/selftests.sh).
awk '
	/^BA-TIME / {
		split($2, u, "="); split($3, e, "="); split($4, t, "=")
		if (e[2] == "start")
			t0[t[2]] = u[2]
		else if (t[2] in t0)
			printf "time test=%s secs=%d\n", t[2], u[2] - t0[t[2]] + 0.5
	}' "$run/ktap" >"$LOGDIR/$name.times"
