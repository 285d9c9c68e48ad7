#!/bin/bash
# The full test suite (make check): the series applies, checkpatch is clean,
# the kernel builds, and the block-affinity selftests pass in the booted VM.
# Prints each result and ends with "N passed, N failed, N skipped".
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

"$TOP/scripts/deps.sh" build vm
results=$BUILD/check-results
: >"$results"
start=$(date +%s)

summary() {
	local rc=$? pass fail skip
	if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$results"; then
		echo "FAIL make check aborted (exit $rc)" >>"$results"
	fi
	pass=$(grep -c '^PASS' "$results" || true)
	fail=$(grep -c '^FAIL' "$results" || true)
	skip=$(grep -c '^SKIP' "$results" || true)
	echo
	echo "== results (base $(cat "$BUILD/base.version" 2>/dev/null || echo unknown)," \
		"$(($(date +%s) - start))s)"
	sed 's/^/  /' "$results"
	echo "$pass passed, $fail failed, $skip skipped"
	[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}
trap 'summary' EXIT

if "$TOP/scripts/tree.sh"; then
	echo "PASS series applies ($(grep -c . "$TOP/patches/series") patches)" >>"$results"
else
	echo "FAIL series applies" >>"$results"
	exit 1
fi

say "checkpatch --strict on every patch"
"$TOP/tests/checkpatch.sh" "$results"

if "$TOP/scripts/kernel.sh"; then
	echo "PASS kernel builds" >>"$results"
else
	echo "FAIL kernel builds (see build/log/build-obj.log)" >>"$results"
	exit 1
fi

if "$TOP/scripts/selftests-build.sh"; then
	echo "PASS selftests build" >>"$results"
else
	echo "FAIL selftests build (see build/log/kselftest.log)" >>"$results"
	exit 1
fi

# The stress test runs its short form here (30 s; 120 s by default, and
# BA_STRESS_SECS=N on the kernel command line for longer runs).
say "running the block-affinity selftests in the VM"
VM_APPEND="BA_STRESS_SECS=${BA_STRESS_SECS:-30} ${VM_APPEND:-}" \
	"$TOP/tests/vm-selftests.sh" "$results"

# Extra boots with other kernel command lines, added by the series' tests.
for extra in "$TOP"/tests/boot-*.sh; do
	[ -e "$extra" ] || continue
	say "running ${extra#"$TOP"/}"
	"$extra" "$results"
done

# The distribution-like lane: modules, SCSI, voluntary preemption, jump
# labels, lockup detectors.
say "running the distribution-like lane (tests/lane-distro.sh)"
"$TOP/tests/lane-distro.sh" "$results"

trap - EXIT
summary
