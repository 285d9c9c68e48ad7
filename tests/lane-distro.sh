#!/bin/bash
# The distribution-like lane of make check: the series on a kernel built the
# way distributions build theirs (config/distro/distro.config on top of
# config/vm.config: schedulers bfq and kyber as modules, a virtio-scsi disk
# that sd probes asynchronously, voluntary preemption, jump labels, soft
# lockup, hung task and RCU stall detectors), in build/obj-distro. It runs
# the tests whose outcome depends on that configuration; any WARNING, BUG,
# lockup, stall or hung task in the guest log fails it (vm-selftests.sh).
#
# One TCG thread for all vCPUs (VM_TCG_THREAD=single): with jump labels on,
# multi-threaded TCG runs stale translations of kernel text that another
# vCPU has just patched (see config/distro/distro.config).
#
# Usage: lane-distro.sh RESULTS
# Env: VM_APPEND, added to every boot; SRC/KIMAGE as for scripts/kernel.sh
# and scripts/vm.sh (the unpatched base runs what applies to it).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
export KOBJ=${LANE_KOBJ:-$BUILD/obj-distro}
lane_kernel distro "$DISTRO_CONFIG" "$results" || exit 1
# LANE_BUILD_ONLY=1: build the lane's kernel and stop (make check builds
# it in the background while the main lane's VM runs).
[ -z "${LANE_BUILD_ONLY:-}" ] || exit 0

# The Debian package of these objects, with the modules the main kernel
# does not have (tests/deb-install.sh: installed into a scratch root, every
# module of modules.order in it).
LABEL=distro DEB_KOBJ=$KOBJ "$TOP/tests/deb-install.sh" "$results"

export KIMAGE=$KOBJ/arch/x86/boot/bzImage
export VM_TCG_THREAD=single
# The SCSI disk the elevator test may remove and probe again (serial
# bascsi), with one hardware queue like a SATA disk: mq-deadline by default.
export VM_DRIVES="-device virtio-scsi-pci,id=vscsi,num_queues=1
	-drive driver=null-co,size=512M,if=none,id=scsid,read-zeroes=on
	-device scsi-hd,drive=scsid,bus=vscsi.0,serial=bascsi"
# The lane's boots (tests/boots/distro*.boot): an elevator=bfq boot, and an
# unknown name with the tests of CPU hotplug, steering, a completion flood
# and the short stress run.
#
# Not NVMe: QEMU before 8.1 leaves out the guest's memory barriers when
# one TCG thread runs all vCPUs (fixed by QEMU's c914d46d0a, "tcg: Do not
# elide memory barriers for !CF_PARALLEL in system mode"; Debian 12's
# 7.2 lacks it), and the NVMe shadow doorbell needs the driver's mb()
# between writing the new tail and reading the controller's event index:
# without it both sides can miss the other's write, and the queue stalls
# until the command times out (nvme_test's verify run, once: reads on one
# queue stuck for 30 s, aborted, recovered by a controller reset; make
# soak-nvme: the unpatched base, plain reads from 4 CPUs, 137 timeouts in
# 300 s). The other lanes, with a TCG thread per vCPU, run nvme_test.
# shellcheck disable=SC2046  # one boot per word
LABEL=distro VM_APPEND="VMMODS=$KOBJ/modules BA_SCSI_SERIAL=bascsi ${VM_APPEND:-}" \
	"$TOP/tests/boot.sh" "$results" $(boot_names distro)
