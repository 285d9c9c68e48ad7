#!/bin/bash
# Runs inside the VM for make bench-isolation: an application pinned to CPU
# 3 reads 4 KiB blocks at queue depth 1 while CPUs 0-2 read from the same
# disk (io_uring, queue depth 8 each); what lands on CPU 3 meanwhile.
# Usage: isolation.sh OUT RUNTIME REPS DISK:CONFIG...
# DISK: virtio (virtio-blk, one queue, its interrupt routed to CPU 3 unless
# the boot line's irqaffinity= or the config moves it) or nvme (one queue
# per CPU, managed interrupts). CONFIG:
#   defaults   nothing written
#   rq0, rq2   rq_affinity=0 or 2
#   irqoff     the disk's interrupt routed to CPUs 0-2 (a managed one
#              refuses: the row is reported as not possible)
#   ca         completion_affinity=0-2
#   qaca       queue_affinity=0-2 and completion_affinity=0-2
#   qacak      the same with completion_steering=kthread
#   qacapoll   qaca, the application polling its completion ring in user
#              space (libaio, userspace_reap): it never sleeps on the IO
#   sqpoll     nothing written; the application submits through io_uring
#              with an SQPOLL thread on CPU 0 (bracketed by window-mark,
#              MARK: the plugins' window needs io_setup and io_destroy)
#   part       CPU 3 an isolated cgroup-v2 cpuset partition, the
#              application in it (a row that cannot make one: not possible)
#   parthk     part, with both masks written housekeeping
# Each run appends one key=value line to OUT:
#   disk= config= rep= ios= iops= lat_mean_us= lat_p99_us= irq_dev= irq_cpu=
#   block_softirq= cal= res= loc= csd_ttwu= csd_blk= csd_other= cmdline=
# the counts being CPU 3's over the application's run: its hard interrupts
# of the disk's vectors, BLOCK softirqs, function-call, rescheduling and
# local timer interrupts, and the cross-CPU calls queued to it (the
# csd_queue_cpu tracepoint) by purpose: remote wake-ups (sched_ttwu_pending),
# block-layer completions, anything else; irq_cpu is the disk interrupt's
# effective CPU list. The application's run is one window of the
# insn-context plugin (its io_setup(2) to io_destroy(2)), in the order of
# the lines: nothing else here may use AIO (the background load uses
# io_uring).
set -eu
. "$(dirname "$0")/lib.sh"
out=$1 runtime=$2 reps=$3
shift 3
ISO=3 OTHERS=0-2
tr=/sys/kernel/tracing
ev=$tr/events/csd/csd_queue_cpu

cleanup()
{
	echo 0 >"$ev/enable" 2>/dev/null || true
	echo 0 >"$ev/filter" 2>/dev/null || true
	[ -z "${bg:-}" ] || kill "$bg" 2>/dev/null || true
}
trap cleanup EXIT

# cpu_col NAME...: the sum of CPU $ISO's column of /proc/interrupts over
# the rows NAME ("CAL", "123", ...).
cpu_col()
{
	awk -v c=$((ISO + 2)) -v want=" $* " 'NR > 1 {
			n = $1; sub(":", "", n)
			if (index(want, " " n " ")) s += $c }
		END { print s + 0 }' /proc/interrupts
}

block_softirqs()
{
	awk -v c=$((ISO + 2)) '$1 == "BLOCK:" { print $c }' /proc/softirqs
}

# configure DEV DISK CONFIG: returns 1 when the row cannot be made.
configure()
{
	local q=/sys/block/$1/queue irq

	case $3 in
	defaults) ;;
	rq0) echo 0 >"$q/rq_affinity" ;;
	rq2) echo 2 >"$q/rq_affinity" ;;
	irqoff)
		for irq in $(dev_irqs "$1"); do
			echo $OTHERS >"/proc/irq/$irq/smp_affinity_list" 2>/dev/null ||
				return 1
		done ;;
	ca | qaca | qacak | qacapoll)
		[ -e "$q/completion_affinity" ] || return 1
		echo $OTHERS >"$q/completion_affinity"
		[ "$3" = ca ] || echo $OTHERS >"$q/queue_affinity"
		[ "$3" != qacak ] || echo kthread >"$q/completion_steering" ;;
	sqpoll) [ -x "${MARK:-}" ] || return 1 ;;
	part) part_on || return 1 ;;
	parthk)
		[ -e "$q/queue_affinity" ] || return 1
		echo housekeeping >"$q/queue_affinity" || return 1
		echo housekeeping >"$q/completion_affinity" || return 1
		part_on || return 1 ;;
	*) echo "unknown config $3" >&2; exit 2 ;;
	esac
}

# part_on: make CPU $ISO an isolated cgroup-v2 cpuset partition (PART),
# mounting cgroup v2 if nothing has; 1 if that cannot be done.
CG="" PART=""
part_on()
{
	if [ -z "$CG" ]; then
		CG=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
		if [ -z "$CG" ]; then
			CG=/run/ba-cgroup2
			mkdir -p "$CG"
			mount -t cgroup2 none "$CG" || { CG=""; return 1; }
		fi
		grep -qw cpuset "$CG/cgroup.controllers" || return 1
		grep -qw cpuset "$CG/cgroup.subtree_control" ||
			echo +cpuset >"$CG/cgroup.subtree_control" || return 1
	fi
	PART=$CG/ba-isolation
	mkdir -p "$PART"
	echo $ISO >"$PART/cpuset.cpus" &&
		echo isolated >"$PART/cpuset.cpus.partition" &&
		[ "$(cat "$PART/cpuset.cpus.partition")" = isolated ]
}

# part_off: the partition of part_on gone (its tasks have exited).
part_off()
{
	[ -n "$PART" ] || return 0
	echo member >"$PART/cpuset.cpus.partition" 2>/dev/null || true
	rmdir "$PART" 2>/dev/null || true
	PART=""
}

# app CONFIG: the application's run on CPU $ISO, fio's JSON report on
# standard output: libaio at queue depth 1, polling its ring for qacapoll,
# io_uring with an SQPOLL thread on CPU 0 between window-mark's start and
# end for sqpoll; in the partition while there is one.
app()
{
	local opts=(--ioengine=libaio)

	case $1 in
	qacapoll) opts=(--ioengine=libaio --userspace_reap=1 --iodepth_batch_complete_min=0) ;;
	sqpoll) opts=(--ioengine=io_uring --sqthread_poll=1 --sqthread_poll_cpu=0) ;;
	esac
	(
		[ -z "$PART" ] || echo "$BASHPID" >"$PART/cgroup.procs" || exit 1
		[ "$1" != sqpoll ] || taskset -c $ISO "$MARK" start
		taskset -c $ISO fio --name=app --filename="/dev/$dev" \
			--direct=1 --rw=randread --bs=4k "${opts[@]}" \
			--iodepth=1 --norandommap --time_based --runtime="$runtime" \
			--output-format=json && rc=0 || rc=$?
		[ "$1" != sqpoll ] || taskset -c $ISO "$MARK" end
		exit $rc
	)
}

# reset DEV DISK [CONFIG]: the queue's knobs back to their defaults, a virtio
# interrupt back on CPU 3 (unless the boot line keeps CPU 3 from
# interrupts: then where the kernel put it).
reset()
{
	local q=/sys/block/$1/queue all irq

	part_off
	echo 1 >"$q/rq_affinity"
	if [ -e "$q/queue_affinity" ]; then
		all=$(cat /sys/devices/system/cpu/possible)
		# housekeeping reads as every CPU once nothing is isolated
		if [ "$(cat "$q/queue_affinity")" != "$all" ] || [ "${3:-}" = parthk ]; then
			echo -1 >"$q/queue_affinity"
		fi
		if [ "$(cat "$q/completion_affinity")" != "$all" ] || [ "${3:-}" = parthk ]; then
			echo -1 >"$q/completion_affinity"
		fi
		[ ! -e "$q/completion_steering" ] ||
			[ "$(cat "$q/completion_steering")" = "[ipi] kthread" ] ||
			echo ipi >"$q/completion_steering"
	fi
	[ "$2" = virtio ] || return 0
	for irq in $(dev_irqs "$1"); do
		if grep -q 'irqaffinity=' /proc/cmdline; then
			cat /proc/irq/default_smp_affinity >"/proc/irq/$irq/smp_affinity"
		else
			echo $ISO >"/proc/irq/$irq/smp_affinity_list"
		fi
	done
}

# shellcheck disable=SC2086  # irqs: a list
snapshot()
{
	echo "$(cpu_col $irqs) $(block_softirqs) $(cpu_col CAL) $(cpu_col RES) $(cpu_col LOC)"
}

[ -e "$ev/enable" ] || { echo "no csd_queue_cpu tracepoint" >&2; exit 2; }
echo 8192 >$tr/buffer_size_kb
for row in "$@"; do
	disk=${row%%:*} config=${row#*:}
	case $disk in
	virtio) dev=$(disk_by_serial nullco) ;;
	nvme) dev=$(nvme_by_serial banvme) ;;
	*) echo "unknown disk $disk" >&2; exit 2 ;;
	esac
	irqs=$(dev_irqs "$dev" | xargs)
	for rep in $(seq "$reps"); do
		reset "$dev" "$disk" "$config"
		if ! configure "$dev" "$disk" "$config"; then
			echo "disk=$disk config=$config rep=$rep possible=0" >>"$out"
			reset "$dev" "$disk" "$config"
			continue
		fi
		# A few reads, so that interrupt routing changes take effect.
		dd if="/dev/$dev" of=/dev/null bs=4k count=8 iflag=direct 2>/dev/null
		# All of the load's processes on CPUs 0-2: fio's own (unpinned,
		# they would run on CPU 3 and be woken there from the others).
		taskset -c $OTHERS fio --name=bg --filename="/dev/$dev" --direct=1 --rw=randread \
			--bs=4k --ioengine=io_uring --iodepth=8 --numjobs=3 \
			--cpus_allowed=$OTHERS --cpus_allowed_policy=split \
			--norandommap --time_based --runtime=3600 \
			--output=/dev/null &
		bg=$!
		sleep 1
		echo 0 >$tr/tracing_on
		echo >$tr/trace
		echo "cpu == $ISO" >"$ev/filter"
		echo 1 >"$ev/enable"
		echo 1 >$tr/tracing_on
		read -r i0 b0 c0 r0 l0 <<<"$(snapshot)"
		json=$(app "$config")
		read -r i1 b1 c1 r1 l1 <<<"$(snapshot)"
		echo 0 >"$ev/enable"
		kill "$bg"
		wait "$bg" || true
		bg=""
		overrun=$(awk '$1 == "overrun:" { s += $2 } END { print s + 0 }' \
			$tr/per_cpu/cpu*/stats)
		[ "$overrun" -eq 0 ] || { echo "trace buffer overrun" >&2; exit 1; }
		csd=$(awk '/ csd_queue_cpu: / {
				f = $0; sub(/.* func=/, "", f); sub(/ .*/, "", f)
				if (f == "sched_ttwu_pending") t++
				else if (f ~ /^_*blk_/) b++
				else o++ }
			END { printf "csd_ttwu=%d csd_blk=%d csd_other=%d", t, b, o }' \
			$tr/trace)
		eff=$(for irq in $irqs; do cat "/proc/irq/$irq/effective_affinity_list"; done |
			sort -u | paste -sd/)
		echo "disk=$disk config=$config rep=$rep possible=1 $(jq -r '.jobs[0].read |
			"ios=\(.total_ios) iops=\(.iops | floor) lat_mean_us=\(.clat_ns.mean / 1000 | floor) lat_p99_us=\(.clat_ns.percentile["99.000000"] / 1000 | floor)"' <<<"$json") irq_dev=$((i1 - i0)) irq_cpu=$eff block_softirq=$((b1 - b0)) cal=$((c1 - c0)) res=$((r1 - r0)) loc=$((l1 - l0)) $csd cmdline=$(tr ' ' '\n' </proc/cmdline |
			grep -E '^(isolcpus|irqaffinity|threadirqs|preempt)' | paste -sd+ -)" >>"$out"
	done
	reset "$dev" "$disk" "$config"
done
