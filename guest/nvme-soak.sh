#!/bin/bash
# Runs inside the VM for tests/nvme-soak.sh: nvme_test's verify run without
# its checks, for as long as asked. fio, pinned to CPU 3 until that CPU
# goes, writes and verifies 4 KiB blocks (libaio, queue depth 16) on the
# NVMe disk while, every 0.2 s, one of these happens at random: a
# controller reset, or CPUs 1-3 each set online or offline at random; with
# MASKS=1 also writes of queue_affinity, completion_affinity and
# completion_steering as nvme_test makes them (a kernel without the files
# gets none).
# With MASKS=load instead: no changes at all, fio on every CPU (a job
# pinned to each, 4 KiB random reads, queue depth 16): the plain IO load
# under which an emulator that loses a doorbell shows it.
# Usage: nvme-soak.sh OUT SECONDS SEED MASKS
# Appends one key=value line to OUT:
#   seconds= resets= cpu_changes= mask_writes= fio_runs= fio_failed=
#   timeouts= polled= ctrl_resets_by_timeout= hung=
# timeouts: the NVMe driver's timeout lines of any kind (a command the
# controller did not complete in time), polled: those whose completion
# was found in the completion queue (a lost interrupt, not a lost
# command), ctrl_resets_by_timeout: controller resets they caused, hung:
# hung-task reports; the kernel log of the run is kmsg.log beside OUT.
set -eu
. "$(dirname "$0")/lib.sh"
out=$1 secs=$2 seed=$3 masks=$4
RANDOM=$seed
A=3

dev=$(nvme_by_serial banvme) || { echo "error=no-nvme-disk" >>"$out"; exit 1; }
ctrl=${dev%n[0-9]*}
Q=/sys/block/$dev/queue
RESET=/sys/class/nvme/$ctrl/reset_controller
[ -e "$Q/queue_affinity" ] || [ "$masks" = load ] || masks=0

fio_loop="" kmsg=""
cleanup()
{
	local c

	[ -z "$fio_loop" ] || kill "$fio_loop" 2>/dev/null || true
	[ -z "$kmsg" ] || kill "$kmsg" 2>/dev/null || true
	for c in 1 2 3; do
		echo 1 >/sys/devices/system/cpu/cpu$c/online 2>/dev/null || true
	done
	if [ "$masks" = 1 ]; then
		echo -1 >"$Q/queue_affinity" 2>/dev/null || true
		echo -1 >"$Q/completion_affinity" 2>/dev/null || true
		echo ipi >"$Q/completion_steering" 2>/dev/null || true
	fi
}
trap cleanup EXIT

# the whole kernel log of the run, into a file as it comes (the ring
# buffer may wrap in a long run)
log=$(dirname "$out")/kmsg.log
dmesg -w >"$log" &
kmsg=$!
end=$((SECONDS + secs))
tmp=$(mktemp -d)
# fio runs back to back until the time is up; each run's exit status is a
# file of its own.
(
	if [ "$masks" = load ]; then
		jobs=()
		for c in 0 1 2 3; do
			jobs+=(--name="cpu$c" --cpus_allowed="$c")
		done
		rc=0
		timeout -k 10 $((secs + 120)) fio --filename="/dev/$dev" --direct=1 \
			--rw=randread --bs=4k --ioengine=libaio --iodepth=16 \
			--time_based --runtime="$secs" --output="$tmp/fio.1.out" \
			"${jobs[@]}" || rc=$?
		echo "$rc" >"$tmp/fio.1.rc"
		exit 0
	fi
	taskset -p -c "$A" "$BASHPID" >/dev/null
	n=0
	while [ $SECONDS -lt $end ]; do
		n=$((n + 1))
		rc=0
		timeout -k 10 300 fio --name=soak --filename="/dev/$dev" --direct=1 \
			--rw=randwrite --bs=4k --ioengine=libaio --iodepth=16 \
			--size=16M --verify=crc32c --verify_fatal=1 --do_verify=1 \
			--verify_state_save=0 --output="$tmp/fio.$n.out" || rc=$?
		echo "$rc" >"$tmp/fio.$n.rc"
	done
) &
fio_loop=$!

# put VALUE FILE: write, and say whether the kernel took it (a reset
# refused while one runs, a mask without an online CPU).
put() { echo "$1" 2>/dev/null >"$2"; }

MASKS=("-1" "0" "0-2" "$A" "0,$A" "1-$A")
resets=0 cpu_changes=0 mask_writes=0
while kill -0 "$fio_loop" 2>/dev/null; do
	if [ $SECONDS -ge $end ]; then
		for c in 1 2 3; do
			echo 1 >/sys/devices/system/cpu/cpu$c/online 2>/dev/null || true
		done
		sleep 1
		continue
	fi
	if [ "$masks" = load ]; then
		sleep 1
		continue
	fi
	r=$((RANDOM % (masks == 1 ? 5 : 2)))
	case $r in
	0) if put 1 "$RESET"; then resets=$((resets + 1)); fi ;;
	1) for c in 1 2 3; do
		put $((RANDOM % 2)) /sys/devices/system/cpu/cpu$c/online || true
	   done
	   cpu_changes=$((cpu_changes + 1)) ;;
	2) if put "${MASKS[RANDOM % ${#MASKS[@]}]}" "$Q/queue_affinity"; then
		mask_writes=$((mask_writes + 1))
	   fi ;;
	3) if put "${MASKS[RANDOM % ${#MASKS[@]}]}" "$Q/completion_affinity"; then
		mask_writes=$((mask_writes + 1))
	   fi ;;
	4) s=ipi
	   [ $((RANDOM % 2)) = 0 ] || s=kthread
	   if put "$s" "$Q/completion_steering"; then
		mask_writes=$((mask_writes + 1))
	   fi ;;
	esac
	sleep 0.2
done
fio_loop=""
runs=0 failed=0
for f in "$tmp"/fio.*.rc; do
	[ -e "$f" ] || continue
	runs=$((runs + 1))
	[ "$(cat "$f")" = 0 ] || failed=$((failed + 1))
done
sleep 1
kill "$kmsg" 2>/dev/null || true
kmsg=""
count() { grep -c -- "$1" "$log" || true; }
echo "seconds=$secs resets=$resets cpu_changes=$cpu_changes mask_writes=$mask_writes" \
	"fio_runs=$runs fio_failed=$failed timeouts=$(count 'nvme.* timeout')" \
	"polled=$(count 'timeout, completion polled')" \
	"ctrl_resets_by_timeout=$(count 'timeout, reset controller')" \
	"hung=$(count 'blocked for more than')" >>"$out"
