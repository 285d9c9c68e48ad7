#!/bin/bash
# make soak-nvme: is a stalled NVMe command under controller resets and CPU
# hotplug the series' or not? nvme_test's verify run once stalled reads on
# the queue of a CPU going offline for 30 s (no completion from the
# controller, NVMe abort, controller reset). This boots the
# distribution-like lane's kernels, the unpatched base and the series, with
# an NVMe disk and runs guest/nvme-soak.sh in each: verifying writes
# from CPU 3 while the controller resets and CPUs 1-3 go offline and online
# at random; on the series also with the masks written as nvme_test
# writes them (series+masks). QEMU traces the NVMe controller's doorbells
# and commands (VM_TRACE); a boot's trace is kept when it saw a timeout.
# Prints and appends to OUT one key=value line per boot:
#   kernel= rep= seed= (guest/nvme-soak.sh's keys) trace=
# Env: KERNELS ("base series series+masks"; KERNEL+load: no changes, fio
# on every CPU), REPS (3), SECS (300, per boot), SEED (first seed; each
# boot the next), OUT (build/nvme-soak.kv), SOAK_TCG (single, as the
# distribution-like lane, or multi), SOAK_TRACE (1, the default: QEMU's
# NVMe trace; 0: none, which leaves QEMU's timing alone). A boot's run
# directory is kept when any count is not 0.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm

KERNELS=${KERNELS:-base series series+masks}
REPS=${REPS:-3}
SECS=${SECS:-300}
seed=${SEED:-$(date +%s)}
OUT=${OUT:-$BUILD/nvme-soak.kv}
tcg=${SOAK_TCG:-single}

events=$(mktemp)
trap 'rm -f "$events"' EXIT
# The SQ doorbell as written (MMIO, or the shadow doorbell once the driver
# set up Doorbell Buffer Config), the commands the controller fetched, the
# completions it queued and the interrupts it raised.
printf '%s\n' pci_nvme_mmio_doorbell_sq pci_nvme_shadow_doorbell_sq \
	pci_nvme_eventidx_sq pci_nvme_io_cmd pci_nvme_enqueue_req_completion \
	pci_nvme_irq_msix pci_nvme_dbbuf_config >"$events"

provenance "KERNELS='$KERNELS' REPS=$REPS SECS=$SECS SOAK_TCG=$tcg make soak-nvme" \
	"tcg_thread=$tcg" | sed 's/^/# /' >>"$OUT"
for k in $KERNELS; do
	case $k in
	base) obj=$BUILD/obj-distro-base masks=0 ;;
	base+load) obj=$BUILD/obj-distro-base masks=load ;;
	series) obj=$BUILD/obj-distro masks=0 ;;
	series+load) obj=$BUILD/obj-distro masks=load ;;
	series+masks) obj=$BUILD/obj-distro masks=1 ;;
	*) die "unknown kernel $k (base, series, series+masks, base+load, series+load)" ;;
	esac
	[ -f "$obj/arch/x86/boot/bzImage" ] ||
		die "no ${obj#"$TOP"/}; run make check (distribution-like lane) or make bench-defaults first"
	for ((r = 1; r <= REPS; r++)); do
		mkdir -p "$BUILD/vm"
		run=$(mktemp -d "$BUILD/vm/soak.XXXXXX")
		rc=0
		trace=""
		[ "${SOAK_TRACE:-1}" = 0 ] || trace=$events
		KIMAGE=$obj/arch/x86/boot/bzImage VM_NVME=1 VM_TCG_THREAD=$tcg \
			VM_QUIET=1 VM_OUT=$run VM_TRACE=$trace \
			VM_TIMEOUT=$((SECS + 600)) VM_APPEND="VMMODS=$obj/modules" \
			"$TOP/scripts/vm.sh" \
			"bash $TOP/guest/nvme-soak.sh /run/out/soak.kv $SECS $seed $masks" || rc=$?
		line=$(tail -n 1 "$run/soak.kv" 2>/dev/null || echo "error=vm-exit-$rc")
		kept=none
		case $line in
		*" fio_failed=0 timeouts=0 polled=0 ctrl_resets_by_timeout=0 hung=0") rm -rf "$run" ;;
		*) kept=${run#"$TOP"/} ;;
		esac
		echo "kernel=$k tcg=$tcg rep=$r seed=$seed $line kept=$kept" | tee -a "$OUT"
		seed=$((seed + 1))
	done
done
