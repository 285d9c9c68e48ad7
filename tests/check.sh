#!/bin/bash
# The full test suite (make check): the series applies, checkpatch is clean,
# the kernel builds, and the block-affinity selftests pass in the booted VM.
# Prints each result and ends with "N passed, N failed, N skipped".
#
# CHECK_DEBUG=1 (make check-debug) runs the same on a debug kernel
# (KASAN, PROVE_LOCKING, DEBUG_ATOMIC_SLEEP, DEBUG_LIST; config/debug/) in
# build/obj-debug, with five times the time limits and panic_on_warn=0 so
# that one run reports every splat; it leaves out the distribution-like
# lane, which has a kernel of its own, and runs the PREEMPT_RT lane with
# lockdep (RT_LOCKDEP=1 tests/lane-rt.sh). Results: build/check-results, or
# build/check-debug-results. TESTS=... runs only those selftests (after the
# series applies and the kernel builds): no lint, harness checks or extra
# boots.
set -eu
kobj=${KOBJ:-}
[ "${CHECK_DEBUG:-}" != 1 ] || export TIMEOUT_SCALE=5
. "$(dirname "$0")/../scripts/lib.sh"

"$TOP/scripts/deps.sh" build check vm
results=$BUILD/check-results
label=""
if [ "${CHECK_DEBUG:-}" = 1 ]; then
	results=$BUILD/check-debug-results
	label=debug
	KOBJ=$(realpath -m "${kobj:-$BUILD/obj-debug}")
	export KOBJ
	export EXTRA_CONFIG=$TOP/config/debug/debug.config
	export KIMAGE=$KOBJ/arch/x86/boot/bzImage
	# acpi=noirq: under KASAN and TCG, ACPI's interpretation of QEMU's
	# PCI routing method (_PRT, a loop over 128 entries) runs into
	# ACPICA's 30 s loop timeout again and again, and the boot takes
	# longer than the tests. The devices use MSI-X; the legacy routing
	# table covers the rest.
	export VM_APPEND="panic_on_warn=0 acpi=noirq ${VM_APPEND:-}"
fi
: >"$results"
start=$(date +%s)

summary() {
	local rc=$? pass fail skip
	prebuild_stop
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
# The background build of the lanes' kernels (below) must not outlive make
# check.
prebuild_stop() {
	[ -z "${prebuild:-}" ] || kill -- "-$prebuild" 2>/dev/null || true
}

if "$TOP/scripts/tree.sh"; then
	echo "PASS series applies ($(series_list | wc -l) patches)" >>"$results"
else
	echo "FAIL series applies" >>"$results"
	exit 1
fi

# A run of chosen tests (TESTS=...) is about those tests: the series' and
# the scripts' lint (make lint), the plugins and the harness's own checks
# are left to a full run.
if [ -z "${TESTS:-}" ]; then
	say "checkpatch --strict on every patch"
	"$TOP/tests/checkpatch.sh" "$results"

	say "shellcheck of the scripts and the selftests"
	"$TOP/tests/shellcheck.sh" "$results"

	say "the recorded figures the docs quote say what made them"
	"$TOP/tests/provenance.sh" "$results"
fi

# The benchmarks' QEMU plugins (make bench, bench-isolation,
# bench-locality): each builds warning-free against
# bench/qemu-plugin-v1.h; the guest programs (pingpong.c, with a main())
# build warning-free as the static programs they are.
for c in "$TOP"/bench/*.c; do
	[ -z "${TESTS:-}" ] || break
	p=$(basename "$c" .c)
	if grep -q '^int main(' "$c"; then
		what="bench guest program builds" flags=(-static -pthread -o "$BUILD/$p")
	else
		what="bench plugin builds" flags=(-Wno-unused-parameter -shared -fPIC -o "$BUILD/$p.so")
	fi
	if gcc -O2 -Wall -Wextra -Werror "${flags[@]}" "$c" >"$LOGDIR/plugin-$p.log" 2>&1; then
		echo "PASS $what: $p" >>"$results"
	else
		echo "FAIL $what: $p (see build/log/plugin-$p.log)" >>"$results"
	fi
done

if "$TOP/scripts/kernel.sh"; then
	echo "PASS ${label:+$label }kernel builds" >>"$results"
else
	echo "FAIL ${label:+$label }kernel builds (see build/log/build-$(basename "$KOBJ").log)" >>"$results"
	exit 1
fi

if "$TOP/scripts/selftests-build.sh"; then
	echo "PASS selftests build" >>"$results"
else
	echo "FAIL selftests build (see build/log/kselftest.log)" >>"$results"
	exit 1
fi

# The two lanes' kernels build in the background from here on, while the
# per-patch build, the harness checks, the VMs of the main lane and the
# extra boots run: those leave part of the host idle (git and Sphinx run
# on one CPU, a TCG guest keeps one vCPU busy for a QD 1 fio, tests
# wait), and the build takes only that (SCHED_IDLE: it runs when nothing
# else wants the CPU); the RT kernel goes on building while the
# distribution-like lane's VM, one TCG thread, runs. The lanes run
# kernel.sh again, which then has nothing to do, or reports the failure
# as the lane's own result. Since make check's VMs got fast (cache=loose),
# these two builds are what make check waits for.
prebuild=""
if [ -z "$label" ] && [ -z "${TESTS:-}" ]; then
	say "building the lanes' kernels in the background (log: build/log/lane-kernels.log)"
	# set -m: a process group of its own, which prebuild_stop kills whole.
	set -m
	# $BUILD/lane-distro.built: the distribution-like lane's kernel is
	# done, and its lane can run while the RT kernel builds.
	rm -f "$BUILD/lane-distro.built"
	chrt --idle 0 nice -n 19 sh -c '
		LANE_BUILD_ONLY=1 "$1/tests/lane-distro.sh" /dev/null
		: >"$2/lane-distro.built"
		LANE_BUILD_ONLY=1 "$1/tests/lane-rt.sh" /dev/null
	' sh "$TOP" "$BUILD" >"$LOGDIR/lane-kernels.log" 2>&1 &
	prebuild=$!
	set +m
fi

# Checks of the series and the harness that a one-test run (TESTS=) and
# the debug kernel do not need.
if [ -z "$label" ] && [ -z "${TESTS:-}" ]; then
	say "every patch builds alone with W=1 (block, null_blk, md, tracing)"
	if "$TOP/scripts/check-series.sh"; then
		echo "PASS every patch builds alone with W=1 ($(series_list | wc -l) patches, no warning the base lacks)" >>"$results"
	else
		echo "FAIL every patch builds alone with W=1 (see build/log/check-series.log)" >>"$results"
	fi

	say "checking that make tree never loses a commit"
	"$TOP/tests/harness-tree.sh" "$results"

	say "checking that a re-created build/linux gets its worktrees back"
	"$TOP/tests/harness-worktree.sh" "$results"

	say "checking the series' git handling under a hostile git config"
	"$TOP/tests/harness-git.sh" "$results"

	say "checking that the base is the pinned tarball and installs nothing"
	"$TOP/tests/harness-base.sh" "$results"

	say "checking that every mutant still applies (make check-mutants)"
	"$TOP/tests/harness-mutants.sh" "$results"

	say "htmldocs of Documentation/block, base against the series"
	"$TOP/tests/htmldocs.sh" "$results"

	say "the selftests the official way: make run_tests in the VM"
	"$TOP/tests/harness-run-tests.sh" "$results"

	say "checking that a selftest killed mid-trace leaves no trace behind"
	"$TOP/tests/harness-trace-kill.sh" "$results"
fi

# The selftests in their short profile (BA_PROFILE, scripts/lib.sh).
if [ -z "${TESTS:-}" ]; then
	say "checking that a VM run stopped by SIGINT, SIGTERM or SIGHUP leaves no QEMU behind"
	"$TOP/tests/harness-sigint.sh" "$results"
fi

say "running the block-affinity selftests in the VM"
# shellcheck disable=SC2086
LABEL=$label VM_APPEND="$BA_PROFILE ${VM_APPEND:-}" \
	"$TOP/tests/vm-selftests.sh" "$results" ${TESTS:-}
[ -z "${TESTS:-}" ] || exit 0

# Extra boots with other kernel command lines, added by the series' tests.
for extra in "$TOP"/tests/boot-*.sh; do
	[ -e "$extra" ] || continue
	say "running ${extra#"$TOP"/}"
	# A boot that fails is a result, not the end of the run.
	LABEL=$label "$extra" "$results" ||
		echo "FAIL ${label:+$label }${extra#"$TOP"/} (exit $?)" >>"$results"
done

# The distribution-like lane: modules, SCSI, voluntary preemption, jump
# labels, lockup detectors; and the PREEMPT_RT lane: Debian's rt flavour
# and DEBUG_ATOMIC_SLEEP (with lockdep in make check-debug).
if [ -z "$label" ]; then
	if [ -n "$prebuild" ]; then
		say "waiting for the distribution-like lane's kernel"
		while kill -0 "$prebuild" 2>/dev/null && [ ! -e "$BUILD/lane-distro.built" ]; do
			sleep 5
		done
	fi
	say "running the distribution-like lane (tests/lane-distro.sh)"
	"$TOP/tests/lane-distro.sh" "$results" ||
		echo "FAIL tests/lane-distro.sh (exit $?)" >>"$results"
	if [ -n "$prebuild" ]; then
		say "waiting for the PREEMPT_RT lane's kernel"
		wait "$prebuild" || true
		prebuild=""
	fi
	say "running the PREEMPT_RT lane (tests/lane-rt.sh)"
	"$TOP/tests/lane-rt.sh" "$results" ||
		echo "FAIL tests/lane-rt.sh (exit $?)" >>"$results"
elif [ -z "${TESTS:-}" ]; then
	# make check-debug: the PREEMPT_RT lane with lockdep.
	say "running the PREEMPT_RT lane with lockdep (RT_LOCKDEP=1 tests/lane-rt.sh)"
	RT_LOCKDEP=1 "$TOP/tests/lane-rt.sh" "$results" ||
		echo "FAIL RT_LOCKDEP=1 tests/lane-rt.sh (exit $?)" >>"$results"
fi

trap - EXIT
summary
