#!/bin/bash
# The full test suite (make check): the series applies, checkpatch is clean,
# the kernel builds, and the block-affinity selftests pass in the booted VM.
# Prints each result and ends with "N passed, N failed, N skipped".
#
# Both lines (LINE, scripts/lib.sh): everything runs on the 7.3 line (the
# default), and then, on the 6.12 backport, the series applies
# (build/linux-6.12), checkpatch of patches/6.12/, shellcheck of its
# selftests, the kernel and the selftests build (build/6.12/), and the main
# lane's selftests in the VM; its result lines say "6.12: " ("PASS 6.12:
# kernel builds"). The extra boots and the harness's checks run on the 7.3
# line only.
#
# CHECK_FULL=1 (make check-full) adds what does not fit CI's time on two
# CPUs with both lines' kernels built from cold (each kernel is 10-13
# minutes of both CPUs there, each lane's VM 5-10 minutes of one): the
# distribution-like and PREEMPT_RT lanes (a kernel each), every patch
# built alone with W=1, htmldocs base against the series, and the
# harness's checks of make tree and of the git handling under a hostile
# git config (scratch trees, 3-4 minutes; make check runs them too when
# scripts/tree.sh, export.sh or the checks differ from the ones they last
# passed on, tests/harness-git.sums); its deadline is T_CHECK_FULL. Each step's time goes to
# build/check-results.times ("time line= step= secs=").
# LINE=6.12 make check runs that 6.12 part alone (results in
# build/6.12/check-results).
#
# A deadline: the run ends, with its summary, T_CHECK (80 minutes, times
# TIMEOUT_SCALE) from its start, whatever hangs (CI stops it at 90). The
# VMs' time limits are cut to the time left (CHECK_DEADLINE, which
# scripts/vm.sh reads: a boot that would outlast it times out first and
# fails as a timeout does); anything else still running 3 minutes before
# the end is stopped (the run's process group gets SIGTERM, then SIGKILL)
# and a FAIL line names what it was doing.
#
# CHECK_DEBUG=1 (make check-debug) runs the same on a debug kernel
# (KASAN, PROVE_LOCKING, DEBUG_ATOMIC_SLEEP, DEBUG_LIST; config/debug/) in
# build/obj-debug, with five times the time limits and panic_on_warn=0 so
# that one run reports every splat; it leaves out the distribution-like
# lane, which has a kernel of its own, and the 6.12 line, and runs the
# PREEMPT_RT lane with lockdep (RT_LOCKDEP=1 tests/lane-rt.sh). Results:
# build/check-results, or build/check-debug-results. TESTS=... runs only
# those selftests, on the line given (after the series applies and the
# kernel builds): no lint, harness checks, extra boots or other line.
set -eu
kobj=${KOBJ:-}
full=${CHECK_FULL:-}
[ "${CHECK_DEBUG:-}" != 1 ] || export TIMEOUT_SCALE=5
. "$(dirname "$0")/../scripts/lib.sh"
[ -z "$full" ] || T_CHECK=$T_CHECK_FULL

results=${CHECK_RESULTS:-$BUILD/check-results}
label=""
if [ "${CHECK_DEBUG:-}" = 1 ]; then
	[ -n "${CHECK_RESULTS:-}" ] || results=$BUILD/check-debug-results
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
# The lines this run covers: the others after the default line's full
# run; a run of chosen tests or of the debug kernel covers its own.
lines=$LINE
[ -z "$LINE_MAIN" ] || [ -n "$label" ] || [ -n "${TESTS:-}" ] || lines=$LINES

# The run itself (below) goes on in this script run again, under timeout
# in a process group of its own, with CHECK_DEADLINE set; this first one
# keeps the time, and prints the summary however the run ended.
if [ -z "${CHECK_DEADLINE:-}" ]; then
	start=$(date +%s)
	# scratch trees whose removal (remove_later) a shutdown interrupted
	for d in "$TOP"/build/*.removing "$TOP"/build/6.12/*.removing; do
		if [ -e "$d" ]; then
			setsid nice -n 19 rm -rf "$d" </dev/null >/dev/null 2>&1 &
		fi
	done
	: >"$results"
	export CHECK_RESULTS=$results CHECK_STEP=$BUILD/check-step
	export CHECK_TIMES=$results.times
	: >"$CHECK_TIMES"
	# VMs end 4 minutes before the end; the run is stopped 3 minutes
	# before it (SIGTERM, then SIGKILL 30 s later).
	export CHECK_DEADLINE=$((start + T_CHECK - 240))
	rm -f "$CHECK_STEP" "$BUILD/check-prebuild.pid"
	body_rc=""
	# summary: the deadline's FAIL line if it came, the results, and
	# the verdict as the exit status.
	summary() {
		local rc=${body_rc:-$?} pass fail skip l v bases="" word=base
		trap - EXIT
		if { [ "$rc" = 124 ] || [ "$rc" = 137 ]; } &&
			[ "$(date +%s)" -ge $((start + T_CHECK - 190)) ]; then
			echo "FAIL make check: stopped at its deadline, $((T_CHECK / 60)) min from the start, in: $(cat "$CHECK_STEP" 2>/dev/null || echo "?")" >>"$results"
		fi
		# the lanes' background build (a process group of its own)
		if [ -s "$BUILD/check-prebuild.pid" ]; then
			kill -- "-$(cat "$BUILD/check-prebuild.pid")" 2>/dev/null || true
			rm -f "$BUILD/check-prebuild.pid"
		fi
		if [ "$rc" -ne 0 ] && ! grep -q '^FAIL' "$results"; then
			echo "FAIL make check aborted (exit $rc)" >>"$results"
		fi
		# Every skip must be listed with its reason.
		"$TOP/tests/skips.sh" "$results" ||
			echo "FAIL tests/skips.sh could not check the skips" >>"$results"
		pass=$(grep -c '^PASS' "$results" || true)
		fail=$(grep -c '^FAIL' "$results" || true)
		skip=$(grep -c '^SKIP' "$results" || true)
		for l in $lines; do
			v=$(line_settings "$l" && cat "$BUILD/base.version" 2>/dev/null) || v=unknown
			bases="$bases${bases:+, }$l $v"
		done
		[ "$lines" = "$LINE" ] || word=bases
		echo
		echo "== results ($word $bases, $(($(date +%s) - start))s)"
		sed 's/^/  /' "$results"
		echo "$pass passed, $fail failed, $skip skipped"
		rm -f "$CHECK_STEP"
		[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ] && exit 0
		exit 1
	}
	trap summary EXIT
	# In the background, waited for: this script's traps pass a
	# Ctrl-C (SIGINT to the terminal's process group, which timeout's
	# is not) or a SIGTERM or SIGHUP on to the run.
	timeout -k 30 $((T_CHECK - 180)) "$TOP/tests/check.sh" "$@" &
	body=$!
	trap 'kill -INT "$body" 2>/dev/null || true' INT
	trap 'kill -TERM "$body" 2>/dev/null || true' TERM HUP
	while kill -0 "$body" 2>/dev/null; do
		wait "$body" || true
	done
	body_rc=0
	wait "$body" || body_rc=$?
	exit "$body_rc"
fi

# step WHAT: say what the run does now, and keep it for the deadline's
# FAIL line; the step before it ends, and its time goes to CHECK_TIMES
# ("time step=... secs=N", the docs' "make check time" table).
step_name="" step_start=0
step_end() {
	[ -n "$step_name" ] || return 0
	printf 'time line=%s step=%s secs=%d\n' "$LINE" "$step_name" \
		$(($(date +%s) - step_start)) >>"${CHECK_TIMES:-/dev/null}"
	step_name=""
}
step() {
	step_end
	say "$*"
	echo "${LINE_TAG}$*" >"${CHECK_STEP:-/dev/null}"
	step_name=$(printf '%s' "$*" | tr -c 'A-Za-z0-9.=_/-' '_')
	step_start=$(date +%s)
}
# git_scripts_sums: the sha256 of the scripts that harness-tree.sh and
# harness-git.sh check, as tests/harness-git.sums holds those they last
# passed on.
git_scripts_sums() {
	(cd "$TOP" && sha256sum scripts/tree.sh scripts/export.sh \
		tests/harness-tree.sh tests/harness-git.sh)
}
# result LINE...: append a result line, tagged with the line (6.12: ).
result() { printf '%s\n' "$*" | tag_results "$LINE" >>"$results"; }
# into SCRIPT ARGS...: SCRIPT appends its result lines to the file named by
# its first argument: to the results, tagged with the line.
into() {
	local t rc=0
	if [ -z "$LINE_TAG" ]; then
		"$1" "$results" "${@:2}"
		return
	fi
	t=$(mktemp)
	"$1" "$t" "${@:2}" || rc=$?
	tag_results "$LINE" <"$t" >>"$results"
	rm -f "$t"
	return $rc
}
# run_boots BOOT...: run each BOOT, a script in tests/ (boot-*.sh) or the
# name of a boot file (tests/boots/NAME.boot, run by tests/boot.sh). A
# boot that fails is a result, not the end of the run.
run_boots() {
	local b rc
	for b; do
		rc=0
		case $b in
		*.sh)	step "running tests/$b"
			LABEL=$label into "$TOP/tests/$b" || rc=$? ;;
		*)	step "running boot $b (tests/boots/$b.boot)"
			LABEL=$label into "$TOP/tests/boot.sh" "$b" || rc=$? ;;
		esac
		[ "$rc" = 0 ] || result "FAIL ${label:+$label }boot $b (exit $rc)"
	done
}
# The background build of the lanes' kernels (below) must not outlive the
# run; a run that ends early says so.
prebuild=""
prebuild_stop() {
	[ -z "$prebuild" ] || kill -- "-$prebuild" 2>/dev/null || true
}
body_end() {
	local rc=$?
	step_end
	prebuild_stop
	# (143: stopped by SIGTERM, at the deadline: the summary says so)
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 143 ] && ! grep -q "^FAIL ${LINE_TAG//./\\.}" "$results"; then
		result "FAIL make check aborted (exit $rc)"
	fi
}
trap body_end EXIT
trap 'exit 143' TERM

"$TOP/scripts/deps.sh" build check vm

step "the series applies: $(rel "$PATCHES")/ on $BASE_PKG $BASE_VERSION"
if "$TOP/scripts/tree.sh"; then
	result "PASS series applies ($(series_list | wc -l) patches)"
else
	result "FAIL series applies"
	exit 1
fi

# The other kernels build in the background from here on (the other
# lines' trees, kernels and selftests, 6.12; under make check-full first
# the two lanes' kernels), while checkpatch, shellcheck, the main kernel's
# build, the harness checks, the VMs of the main lane and the extra boots
# run: those leave part of the host idle (checkpatch, shellcheck and git
# run on one CPU, a TCG guest keeps one vCPU busy for a QD 1 fio, tests
# wait), and the build takes only that (SCHED_IDLE: it runs when nothing
# else wants the CPU). The lanes and the other lines run kernel.sh again,
# which then has nothing to do, or reports the failure as their own
# result. These builds are what make check waits for.
others=""
for line in $lines; do
	[ "$line" = "$LINE" ] || others="$others $line"
done
if [ -n "$LINE_MAIN" ] && [ -z "$label" ] && [ -z "${TESTS:-}" ]; then
	say "building the other kernels in the background (log: $(rel "$LOGDIR")/lane-kernels.log)"
	# $BUILD/lane-distro.built, lane-rt.built: that lane's kernel is
	# done, and its lane can run while the rest builds.
	rm -f "$BUILD/lane-distro.built" "$BUILD/lane-rt.built"
	# set -m: a process group of its own, which prebuild_stop kills whole.
	set -m
	(
		set +e
		chrt --idle -p 0 "$BASHPID" >/dev/null
		renice -n 19 -p "$BASHPID" >/dev/null
		if [ -n "$full" ]; then
			LANE_BUILD_ONLY=1 "$TOP/tests/lane-distro.sh" /dev/null
			: >"$BUILD/lane-distro.built"
			LANE_BUILD_ONLY=1 "$TOP/tests/lane-rt.sh" /dev/null
			: >"$BUILD/lane-rt.built"
		fi
		for line in $others; do
			in_line "$line" "$TOP/scripts/tree.sh" &&
				in_line "$line" "$TOP/scripts/kernel.sh" &&
				in_line "$line" "$TOP/scripts/selftests-build.sh"
		done
	) >"$LOGDIR/lane-kernels.log" 2>&1 &
	prebuild=$!
	set +m
	echo "$prebuild" >"$BUILD/check-prebuild.pid"
fi
# wait_built LANE: until the background build has built LANE's kernel
# (or ended).
wait_built() {
	[ -n "$prebuild" ] || return 0
	step "waiting for the $1 lane's kernel"
	while kill -0 "$prebuild" 2>/dev/null && [ ! -e "$BUILD/lane-$1.built" ]; do
		sleep 5
	done
}

# A run of chosen tests (TESTS=...) is about those tests: the series' and
# the scripts' lint (make lint), the plugins and the harness's own checks
# are left to a full run.
if [ -z "${TESTS:-}" ]; then
	step "checkpatch --strict on every patch"
	into "$TOP/tests/checkpatch.sh"

	step "shellcheck of ${LINE_MAIN:+the scripts and }the selftests"
	into "$TOP/tests/shellcheck.sh"

	step "the selftests' config sets every option the tests name"
	into "$TOP/tests/config-lint.sh"

	step "the boot files name only keys, kernels and tests that exist"
	into "$TOP/tests/boot-lint.sh"

fi

# The benchmarks' QEMU plugins and guest programs build warning-free.
if [ -z "${TESTS:-}" ] && [ -n "$LINE_MAIN" ]; then
	step "the benchmarks' tools build (tests/bench-tools.sh)"
	into "$TOP/tests/bench-tools.sh"
fi

step "the kernel builds ($(rel "$KOBJ"))"
if "$TOP/scripts/kernel.sh"; then
	result "PASS ${label:+$label }kernel builds"
else
	result "FAIL ${label:+$label }kernel builds (see $(rel "$LOGDIR")/build-$(basename "$KOBJ").log)"
	exit 1
fi

# Kconfig's default for the series, CONFIG_BLK_CPU_AFFINITY=n, compiles
# (the stubs); the build of every patch, and of 6.12 at =n, is make
# check-full's (scripts/check-series.sh).
if [ -n "$LINE_MAIN" ] && [ -z "$label" ] && [ -z "${TESTS:-}" ]; then
	step "the series builds with CONFIG_BLK_CPU_AFFINITY=n"
	into "$TOP/tests/build-noaff.sh"
fi

step "the selftests build"
if "$TOP/scripts/selftests-build.sh"; then
	result "PASS selftests build"
else
	result "FAIL selftests build (see $(rel "$LOGDIR")/kselftest.log)"
	exit 1
fi

# The selftests that need no kernel of the series run on the host, out
# of the VM's boot (the analyzer's: a tenth of their VM time).
HOST_TESTS=""
if [ -z "${TESTS:-}" ]; then
	HOST_TESTS=analyzer_test.sh
	step "running $HOST_TESTS on the host"
	# shellcheck disable=SC2086
	into "$TOP/tests/host-selftests.sh" $HOST_TESTS
fi

# Another line: the main lane's selftests, and that is all.
if [ -z "$LINE_MAIN" ]; then
	step "running the block-affinity selftests in the VM"
	# shellcheck disable=SC2086
	LABEL=$label VM_APPEND="$BA_PROFILE ${VM_APPEND:-}" VM_EXCLUDE=$HOST_TESTS \
		into "$TOP/tests/vm-selftests.sh" ${TESTS:-}
	# contrib/'s udev rule and TuneD profile on this line's kernel too (the
	# guide's advice differs by line), polled IO from a redirected CPU
	# (the line's own copy of the submit redirect), and the blktests cases
	# (the line's own PLUG fix and masks).
	if [ -z "${TESTS:-}" ]; then
		# shellcheck disable=SC2046  # one boot per word
		run_boots boot-contrib.sh boot-blktests.sh $(boot_names main all)
	fi
	exit 0
fi

# Checks of the series and the harness that a one-test run (TESTS=) and
# the debug kernel do not need.
if [ -z "$label" ] && [ -z "${TESTS:-}" ]; then
	if [ -n "$full" ]; then
		step "every patch builds alone with W=1 (block, null_blk, md, tracing), the tip with the options off"
		if "$TOP/scripts/check-series.sh"; then
			result "PASS every patch builds alone with W=1 ($(series_list | wc -l) patches, no warning the base lacks), the tip with BLK_CPU_AFFINITY=n, BLK_DEV_IO_TRACE=n and SMP=n"
		else
			result "FAIL every patch builds alone with W=1 (see $(rel "$LOGDIR")/check-series.log)"
		fi
	fi

	# tree.sh's handling of unexported commits: three scratch trees of
	# the series, 3-4 minutes from cold, for scripts that rarely change;
	# with the other git-handling check, in make check-full, and in make
	# check when those scripts differ from the ones they last passed on.
	git_checks=$full
	git_sums=$TOP/tests/harness-git.sums
	if [ -z "$git_checks" ] && ! git_scripts_sums | cmp -s - "$git_sums"; then
		git_checks=1
		say "the tree and git scripts differ from those of $(rel "$git_sums"): their harness checks run"
	fi
	git_fails=$(grep -c '^FAIL' "$results" || true)
	if [ -n "$git_checks" ]; then
		step "checking that make tree never loses a commit"
		into "$TOP/tests/harness-tree.sh"
	fi

	step "checking that a re-created $(rel "$LINUX") gets its worktrees back"
	into "$TOP/tests/harness-worktree.sh"

	step "checking that a skip not in tests/expected-skips.txt fails the run"
	into "$TOP/tests/harness-skips.sh"

	step "checking that a failed selftest check carries its want and got"
	into "$TOP/tests/harness-ktap.sh"

	step "checking that the config lint fails on a missing or unknown option"
	into "$TOP/tests/harness-config.sh"

	step "checking that the boot lint fails on an unknown key or test"
	into "$TOP/tests/harness-boots.sh"

	step "checking that the kernel code's name follows the kernel's code only"
	into "$TOP/tests/harness-kernel-code.sh"

	step "checking that make hw-bench refuses any disk but an unused NVMe namespace"
	into "$TOP/tests/harness-hw-bench.sh"

	step "checking that make doctor writes nothing and needs root for ready"
	into "$TOP/tests/harness-doctor.sh"

	if [ -n "$git_checks" ]; then
		step "checking the series' git handling under a hostile git config"
		into "$TOP/tests/harness-git.sh"
		# nothing failed since the tree check began: the scripts passed
		[ "$(grep -c '^FAIL' "$results" || true)" != "$git_fails" ] ||
			git_scripts_sums >"$git_sums"
	fi

	step "checking that the bases are the pinned tarballs and install nothing"
	into "$TOP/tests/harness-base.sh"

	step "checking that every mutant still applies (make check-mutants)"
	into "$TOP/tests/harness-mutants.sh"

	if [ -n "$full" ]; then
		step "htmldocs of Documentation/block, base against the series"
		into "$TOP/tests/htmldocs.sh"
	fi

	step "the selftests the official way: make run_tests in the VM"
	into "$TOP/tests/harness-run-tests.sh"

	step "checking that a selftest killed mid-trace leaves no trace behind"
	into "$TOP/tests/harness-trace-kill.sh"
fi

# The selftests in their default, short, form (BA_PROFILE: what the
# environment overrides, scripts/lib.sh).
if [ -z "${TESTS:-}" ]; then
	step "checking that a VM run stopped by SIGINT, SIGTERM or SIGHUP leaves no QEMU behind"
	into "$TOP/tests/harness-sigint.sh"

	step "checking that a guest whose init does not start is booted again, then fails in bounded time"
	into "$TOP/tests/harness-nostart.sh"
fi

step "running the block-affinity selftests in the VM"
# shellcheck disable=SC2086
LABEL=$label VM_APPEND="$BA_PROFILE ${VM_APPEND:-}" VM_EXCLUDE=$HOST_TESTS \
	into "$TOP/tests/vm-selftests.sh" ${TESTS:-}
[ -z "${TESTS:-}" ] || exit 0

# The blktests cases, contrib/ with the real tools and make hw-bench's
# dry run, each in a boot of its own, then the boots with other kernel
# command lines or VM shapes
# (tests/boots/*.boot).
# shellcheck disable=SC2046  # one boot per word
run_boots boot-blktests.sh boot-contrib.sh boot-hw-bench.sh $(boot_names main)

# The Debian package of make deb, from the main kernel's objects and after
# that kernel's last boot: bindeb-pkg relinks them with its build number.
if [ -z "$label" ]; then
	step "the Debian package from $(rel "$KOBJ"), installed into a scratch root"
	rc=0
	into "$TOP/tests/deb-install.sh" || rc=$?
	[ "$rc" = 0 ] || result "FAIL tests/deb-install.sh (exit $rc)"
fi

# The distribution-like lane: modules, SCSI, voluntary preemption, jump
# labels, lockup detectors; and the PREEMPT_RT lane: Debian's rt flavour
# and DEBUG_ATOMIC_SLEEP (with lockdep in make check-debug).
if [ -z "$label" ]; then
	if [ -n "$full" ]; then
		wait_built distro
		step "running the distribution-like lane (tests/lane-distro.sh)"
		into "$TOP/tests/lane-distro.sh" ||
			result "FAIL tests/lane-distro.sh (exit $?)"
	fi
	if [ -n "$full" ]; then
		wait_built rt
		step "running the PREEMPT_RT lane (tests/lane-rt.sh)"
		into "$TOP/tests/lane-rt.sh" ||
			result "FAIL tests/lane-rt.sh (exit $?)"
	fi
elif [ -z "${TESTS:-}" ]; then
	# make check-debug: the PREEMPT_RT lane with lockdep.
	step "running the PREEMPT_RT lane with lockdep (RT_LOCKDEP=1 tests/lane-rt.sh)"
	RT_LOCKDEP=1 into "$TOP/tests/lane-rt.sh" ||
		result "FAIL RT_LOCKDEP=1 tests/lane-rt.sh (exit $?)"
fi

# The other lines (6.12): their part of make check, this script on that
# line, its result lines tagged with the line.
if [ -n "$others" ]; then
	if [ -n "$prebuild" ]; then
		step "waiting for the background build (the other lines' kernels)"
		wait "$prebuild" || true
		prebuild=""
	fi
fi
# The records' provenance against every line's series: after the
# background build, which makes the other lines' trees (a record of the
# 6.12 line is judged by that line's series, which needs its tree).
if [ -z "${TESTS:-}" ] && [ -n "$LINE_MAIN" ]; then
	step "the recorded figures the docs quote say what made them"
	into "$TOP/tests/provenance.sh"
fi
if [ -n "$others" ]; then
	for line in $others; do
		step "the $line line: series, checkpatch, kernel, selftests in the VM"
		in_line "$line" "$TOP/tests/check.sh" || true
	done
fi

# The mutants' guards against the checks this run made, every line's
# (make check-mutants counts a catch only by them).
if [ -n "$LINE_MAIN" ] && [ -z "${TESTS:-}" ] && [ -z "$label" ]; then
	step "checking that every mutant's guard names a check of its test"
	"$TOP/tests/mutant-guards.sh" "$results" "$results"
fi
