#!/bin/bash
# The PREEMPT_RT lane of make check: the series on a kernel configured as
# Debian's rt flavour is (config/rt/rt.config and the line's preemption
# model, config/rt/7.3.config or 6.12.config, on top of config/vm.config
# and config/distro/distro.config: PREEMPT_RT, schedulers as modules,
# DEBUG_ATOMIC_SLEEP, hung task, soft lockup and RCU stall detectors), in
# build/obj-rt, with virtio-blk and NVMe disks. Every interrupt handler is
# threaded there and spinlock_t sleeps: a sleeping lock taken in a section
# the series runs with preemption or bottom halves off, or from a hard
# interrupt, is a "sleeping function called from invalid context" splat,
# which fails the lane (vm-selftests.sh). RT_LOCKDEP=1 (make check-debug)
# adds lockdep (config/rt/lockdep.config, build/obj-rt-lockdep), which
# also reports lock order and "Invalid wait context".
#
# It runs the completion steering tests (kthread steering with
# rq_affinity=2 sends completions back to the submitter, where upstream
# completes in the interrupt thread), the completion threads against a
# SCHED_FIFO task on their CPU (steering_rt_test.sh, numbers for the
# threads' class), NVMe, CPU hotplug and the stress test. The A Q C
# matrix, one fio run per row, is not in make check's list: RT_TESTS adds
# it (RT_TESTS=affinity_matrix_test.sh; its kthread rows, BA_MATRIX).
#
# Usage: lane-rt.sh RESULTS
# Env: VM_APPEND, added to the boot; LANE_KOBJ, the objects' directory;
# RT_TESTS, more tests to run; RT_LOCKDEP=1, the lockdep kernel.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
lane=rt
frags="$DISTRO_CONFIG $RT_CONFIG"
if [ -n "${RT_LOCKDEP:-}" ]; then
	lane=rt-lockdep
	frags="$frags $TOP/config/rt/lockdep.config"
fi
export KOBJ=${LANE_KOBJ:-$BUILD/obj-$lane}
lane_kernel "$lane" "$frags" "$results" || exit 1
# LANE_BUILD_ONLY=1: build the lane's kernel and stop (make check builds
# it in the background while the main lane's VM runs).
[ -z "${LANE_BUILD_ONLY:-}" ] || exit 0
export KIMAGE=$KOBJ/arch/x86/boot/bzImage
# Its boot: tests/boots/rt.boot, with RT_TESTS.
LABEL=$lane VM_APPEND="VMMODS=$KOBJ/modules ${VM_APPEND:-}" BOOT_TESTS=${RT_TESTS:-} \
	"$TOP/tests/boot.sh" "$results" rt
