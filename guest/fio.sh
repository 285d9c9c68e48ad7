#!/bin/bash
# Runs inside the VM for the benchmarks: fio jobs, each repeated, printing
#   RESULT <job> <rep> <iops> <KiB/s> <mean latency, us> <IOs>
# and for the "A Q C" rows, from one extra traced run,
#   COUNTS <job> <Q-local> <Q-remote> <C-local> <C-remote>
# Under QEMU -icount, guest time counts instructions, so IOPS measure
# instructions per IO where the device completes in the guest (null_blk);
# virtio-blk's also include when the host completes the IO. Each fio run is
# also one window of the insn-window plugin (fio's io_setup to io_destroy),
# in the order of the RESULT and COUNTS lines: nothing else here may use AIO.
# Usage: fio.sh KSELFTEST_DIR RUNTIME REPS JOB...
# Jobs (4 KiB random read, queue depth N, fio on CPU 1):
#   nullb-qdN, virtio-qdN           defaults
#   nullb-qremote-qdN               queue_affinity=2: dispatch on CPU 2
#   irq0-{inline,ipi,kthread}-qdN   virtio-blk, interrupt on CPU 0,
#                                   completed there or steered to CPU 1
#   nirq0-{inline,ipi,kthread}-qdN  null_blk signalling on CPU 0, the same
#   nirq0-kfifo-qdN                 the same by thread, the threads at
#                                   SCHED_FIFO 1
#   nmask-qdN                       null_blk signalling on CPU 0,
#                                   completion_affinity = CPUs 2 to the last:
#                                   every completion goes to a stand-in
#   nvme-{none,mq-deadline}-qdN     the NVMe disk (VM_NVME=1, one queue
#                                   per CPU) with that IO scheduler
#   nvme-redirect-qdN               no scheduler, queue_affinity = every
#                                   CPU but fio's: fio submits through a
#                                   stand-in's software queue
#   aqc-<Q>-<C>-<rq>                2008 matrix row on null_blk signalling on
#                                   CPU 0 ("I"), fio on CPU 1 ("A"), X = CPU 2
#                                   (queue) or 3 (completion), - = -1, QD 16
#   tags-{softirq,timer}-qdN        the 2014 tag allocation workload: a
#                                   null_blk disk with one hardware queue of
#                                   64 tags, completing by softirq or timer,
#                                   one fio job per vCPU at depth N
#   ra-K                            the 2004 readahead sweep: buffered
#                                   sequential 4 KiB reads of a null_blk
#                                   disk with read_ahead_kb=K; also one
#                                   traced run of 64 MiB:
#   RA <job> <D> <bytes of the D> <merges (M+F)>
# A job the kernel cannot run (no knob) prints nothing.
set -eu
. "$(dirname "$0")/lib.sh"
ks=$1 runtime=$2 reps=$3
shift 3
APP=1 IRQ=0
cfg=/sys/kernel/config/nullb/bench0
nullb bench0 queue_mode=2 size=1024 irqmode=1 submit_queues="$(nproc)"

# Completion placement jobs route virtio-blk's interrupt to CPU 0.
pin_virtio_irq()
{
	local irq irqs

	irqs=$(dev_irqs vda)
	[ -n "$irqs" ] || { echo "no interrupt found for vda" >&2; exit 2; }
	for irq in $irqs; do
		echo $IRQ >"/proc/irq/$irq/smp_affinity_list"
	done
	dd if=/dev/vda of=/dev/null bs=4k count=8 iflag=direct 2>/dev/null
}

# set_knob FILE VALUE DEFAULT: write VALUE unless FILE already reads DEFAULT.
# The first write to an affinity knob turns the series' static keys on for
# good (checks and counters on every queue), so the defaults jobs, which
# run first, must find the knobs untouched.
set_knob()
{
	[ "$(cat "$1")" = "$3" ] || echo "$2" >"$1"
}

# reset DISK: the queue's knobs back to their defaults, null_blk signalling
# on the submitting CPU.
reset()
{
	local q=/sys/block/$1/queue all

	set_knob $q/rq_affinity 1 1
	[ -e $q/queue_affinity ] || return 0
	all=$(cat /sys/devices/system/cpu/possible)
	set_knob $q/queue_affinity -1 "$all"
	set_knob $q/completion_affinity -1 "$all"
	[ ! -e $q/completion_steering ] ||
		set_knob $q/completion_steering ipi "[ipi] kthread"
	[ "$1" != bench0 ] || [ ! -e $cfg/irq_cpu ] || set_knob $cfg/irq_cpu -1 -1
	return 0
}

# placement DISK MODE: inline (rq_affinity=1, completes on the interrupt CPU
# as all vCPUs share a cache), ipi (rq_affinity=2), kthread (rq_affinity=2,
# completion_steering=kthread, the threads SCHED_OTHER), kfifo (kthread,
# the threads at SCHED_FIFO 1). The threads are never stopped, so each
# mode sets their class. Returns 1 when the kernel cannot do MODE.
placement()
{
	local q=/sys/block/$1/queue

	case $2 in
	inline) echo 1 >$q/rq_affinity ;;
	ipi) echo 2 >$q/rq_affinity ;;
	kthread) echo 2 >$q/rq_affinity
		 echo kthread >$q/completion_steering 2>/dev/null || return 1
		 for p in $(kblockcomp_pids); do chrt -o -p 0 "$p"; done ;;
	kfifo) placement "$1" kthread || return 1
	       for p in $(kblockcomp_pids); do chrt -f -p 1 "$p"; done ;;
	esac
}

# aqc Q C RQ: set a matrix row on bench0 (A, I, X or -).
aqc()
{
	local q=/sys/block/bench0/queue qc cc

	[ -e $q/queue_affinity ] && echo $IRQ >$cfg/irq_cpu 2>/dev/null || return 1
	case $1 in A) qc=$APP ;; I) qc=$IRQ ;; X) qc=2 ;; *) qc=-1 ;; esac
	case $2 in A) cc=$APP ;; I) cc=$IRQ ;; X) cc=3 ;; *) cc=-1 ;; esac
	echo $qc >$q/queue_affinity
	echo $cc >$q/completion_affinity
	echo "$3" >$q/rq_affinity
}

# fio_line: fio's JSON report on stdin as one line "iops KiB/s lat_us IOs".
fio_line()
{
	jq -r '.jobs[0].read |
		"\(.iops | floor) \(.bw) \(.lat_ns.mean / 1000) \(.total_ios)"'
}

# fio_run DEV QD REPS [FIO OPTIONS]: REPS fio runs, one line "iops KiB/s
# lat_us IOs" each. Separate fio processes: runs as jobs of one fio process
# spread more (1.5% against 0.3% at QD 16 on null_blk).
fio_run()
{
	local dev=$1 qd=$2 reps=$3
	shift 3

	for _ in $(seq "$reps"); do
		# fio first, then jq: a pipeline would start jq beside fio,
		# inside the window that the counting plugins measure
		taskset -c $APP fio --name=b --filename="$dev" --direct=1 \
			--rw=randread --bs=4k --ioengine=libaio --iodepth="$qd" \
			--iodepth_batch_submit="$qd" --size=512M --norandommap \
			--output-format=json "$@" >/tmp/fio-run.json
		fio_line </tmp/fio-run.json
	done
}

# traced DISK FIO_ARGS...: one fio run (fio_run's, queue depth 16) traced
# by blktrace on DISK; prints the analyzer's key=value report.
traced()
{
	local d=$1
	shift

	rm -rf /tmp/bt
	trace_start /tmp/bt "$d" || { echo "blktrace did not start on $d" >&2; return 1; }
	fio_run "/dev/$d" 16 1 "$@" >/dev/null
	trace_stop || return 1
	"$ks/block-affinity/blktrace_analyze" -k "/tmp/bt/$d"
}

# counts JOB: one traced run of 2000 requests; the analyzer's Q/C placement.
counts()
{
	local k

	k=$(traced bench0 --number_ios=2000)
	echo "COUNTS $1 $(for f in q_local q_remote c_local c_remote; do
		echo "$k" | sed -n "s/^bench0\.rq\.$f=//p"; done | xargs)"
}

# fio_cpus DEV QD REPS [FIO OPTIONS]: as fio_run, with one fio job per vCPU,
# each on its own CPU, reported as one.
fio_cpus()
{
	local dev=$1 qd=$2 reps=$3
	shift 3

	for _ in $(seq "$reps"); do
		fio --name=b --filename="$dev" --direct=1 --rw=randread --bs=4k \
			--ioengine=libaio --iodepth="$qd" --iodepth_batch_submit="$qd" \
			--size=512M --norandommap --numjobs="$(nproc)" \
			--cpus_allowed="0-$(($(nproc) - 1))" --cpus_allowed_policy=split \
			--group_reporting --output-format=json "$@" >/tmp/fio-run.json
		fio_line </tmp/fio-run.json
	done
}

# The readahead rows: buffered sequential reads, one request at a time.
RA_FIO="--direct=0 --rw=read --iodepth=1 --iodepth_batch_submit=1 --invalidate=1"

[ -e /sys/block/vda ] && reset vda
for job in "$@"; do
	reset bench0
	case $job in
	nullb-qd*) dev=/dev/bench0 qd=${job#nullb-qd} ;;
	nullb-qremote-qd*)
		dev=/dev/bench0 qd=${job#nullb-qremote-qd}
		[ -e /sys/block/bench0/queue/queue_affinity ] || continue
		echo 2 >/sys/block/bench0/queue/queue_affinity ;;
	virtio-qd*) dev=/dev/vda qd=${job#virtio-qd} ;;
	irq0-*-qd*)
		dev=/dev/vda qd=${job##*-qd} mode=${job#irq0-}
		pin_virtio_irq
		reset vda
		placement vda "${mode%-qd*}" || continue ;;
	nirq0-*-qd*)
		dev=/dev/bench0 qd=${job##*-qd} mode=${job#nirq0-}
		echo $IRQ >$cfg/irq_cpu 2>/dev/null || continue
		placement bench0 "${mode%-qd*}" || continue ;;
	nmask-qd*)
		dev=/dev/bench0 qd=${job#nmask-qd}
		echo $IRQ >$cfg/irq_cpu 2>/dev/null || continue
		echo "2-$(($(nproc) - 1))" >/sys/block/bench0/queue/completion_affinity ;;
	nvme-*-qd*)
		qd=${job##*-qd} sched=${job#nvme-}
		sched=${sched%-qd*}
		dev=/dev/$(nvme_by_serial banvme) || continue
		q=/sys/block/${dev#/dev/}/queue
		reset "${dev#/dev/}"
		if [ "$sched" = redirect ]; then
			[ -e "$q/queue_affinity" ] || continue
			echo none >"$q/scheduler"
			echo "$(seq 0 $(($(nproc) - 1)) | grep -vx $APP | paste -sd,)" >"$q/queue_affinity"
		else
			echo "$sched" >"$q/scheduler" || continue
		fi ;;
	aqc-*)
		dev=/dev/bench0 qd=16
		IFS=- read -r _ ql cl rq <<<"$job"
		aqc "$ql" "$cl" "$rq" || continue
		counts "$job" ;;
	tags-*-qd*)
		qd=${job##*-qd} mode=${job#tags-}
		case ${mode%-qd*} in softirq) im=1 ;; timer) im=2 ;; *) exit 2 ;; esac
		[ ! -e /sys/kernel/config/nullb/tags0 ] || rmdir /sys/kernel/config/nullb/tags0
		nullb tags0 queue_mode=2 size=1024 irqmode=$im submit_queues=1 hw_queue_depth=64
		fio_cpus /dev/tags0 "$qd" "$reps" --runtime="$runtime" --time_based |
			awk -v j="$job" '{ print "RESULT", j, NR, $0 }'
		rmdir /sys/kernel/config/nullb/tags0
		continue ;;
	ra-*)
		[ -e /sys/kernel/config/nullb/ra0 ] ||
			nullb ra0 queue_mode=2 size=1024 irqmode=1
		echo "${job#ra-}" >/sys/block/ra0/queue/read_ahead_kb
		# RA_TRACED=0 (bench/defaults-profile.sh, whose plugin counts
		# every fio run): no traced run, so that blktrace's work is not
		# counted as the defaults'
		if [ "${RA_TRACED:-1}" = 1 ]; then
			# shellcheck disable=SC2086  # fio options
			k=$(traced ra0 $RA_FIO --size=64M)
			echo "RA $job $(for f in count.D bytes.D count.M count.F; do
				echo "$k" | sed -n "s/^ra0\.$f=//p"; done | xargs |
				awk '{ print $1, $2, $3 + $4 }')"
		fi
		# shellcheck disable=SC2086  # fio options
		fio_run /dev/ra0 1 "$reps" $RA_FIO --runtime="$runtime" --time_based |
			awk -v j="$job" '{ print "RESULT", j, NR, $0 }'
		continue ;;
	*) echo "unknown job $job" >&2; exit 2 ;;
	esac
	fio_run "$dev" "$qd" "$reps" --runtime="$runtime" --time_based |
		awk -v j="$job" '{ print "RESULT", j, NR, $0 }'
done
reset bench0
