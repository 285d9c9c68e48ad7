#!/bin/bash
# make check-debug: the VM tests of make check on a debug kernel (KASAN,
# PROVE_LOCKING, DEBUG_ATOMIC_SLEEP, DEBUG_LIST; config/debug/debug.config)
# built into build/obj-debug. Any WARNING, BUG, lockdep or KASAN report or
# RCU stall in the guest log fails the run (tests/vm-selftests.sh), with
# panic_on_warn=0 so that the run goes on and reports them all.
# Prints one line per result and the totals; results in
# build/check-debug-results. Not part of make check: see README for its time.
# Env: TESTS (selftests to run, default all; then no extra boots).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

start=$(date +%s)
results=$BUILD/check-debug-results
: >"$results"
"$TOP/scripts/tree.sh"
KOBJ=$BUILD/obj-debug EXTRA_CONFIG="$TOP/config/debug/debug.config" \
	"$TOP/scripts/kernel.sh" || die "debug kernel build failed"
"$TOP/scripts/selftests-build.sh"

export KIMAGE=$BUILD/obj-debug/arch/x86/boot/bzImage
# KASAN and lockdep under TCG make every test several times slower: the
# A Q C matrix alone outlasts the settings file's 1200 s.
export VM_TIMEOUT=${VM_TIMEOUT:-21600}
export KSFT_TIMEOUT=${KSFT_TIMEOUT:-5400}
# acpi=noirq: under KASAN and TCG, ACPI's interpretation of QEMU's PCI
# routing method (_PRT, a loop over 128 entries) runs into ACPICA's 30 s
# loop timeout (AE_AML_LOOP_TIMEOUT) again and again, and the boot takes
# longer than the tests. The devices use MSI-X; the legacy routing table
# covers the rest. With it the debug kernel boots in under a minute.
export VM_APPEND="panic_on_warn=0 acpi=noirq"
say "running the block-affinity selftests on the debug kernel"
# shellcheck disable=SC2086
LABEL=debug VM_APPEND="$VM_APPEND BA_STRESS_SECS=${BA_STRESS_SECS:-30}" \
	"$TOP/tests/vm-selftests.sh" "$results" ${TESTS:-}
for extra in "$TOP"/tests/boot-*.sh; do
	[ -e "$extra" ] && [ -z "${TESTS:-}" ] || continue
	say "running ${extra#"$TOP"/} on the debug kernel"
	LABEL=debug VM_TIMEOUT=900 "$extra" "$results" || echo "FAIL ${extra#"$TOP"/} (debug)" >>"$results"
done

cat "$results"
pass=$(grep -c '^PASS' "$results" || true)
fail=$(grep -c '^FAIL' "$results" || true)
skip=$(grep -c '^SKIP' "$results" || true)
echo "check-debug: $pass passed, $fail failed, $skip skipped in $(( ($(date +%s) - start) / 60 )) min"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
