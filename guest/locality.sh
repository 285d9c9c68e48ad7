#!/bin/bash
# Runs inside the VM for make bench-locality (bench/locality.sh): the 2008
# experiment's shape. The completion is signalled on CPU 0 (null_blk's
# irq_cpu, virtio-blk's interrupt routed there), fio runs on CPU APP and
# reads 4 KiB at random with direct AIO from the first MiB of the disk. One
# fio run of IOS reads per row and repetition, each one window of the cache
# model (fio's io_setup to io_destroy: nothing else here may use AIO);
# appends "ROW <row> <rep> <ios>" to OUT after each.
# Usage: locality.sh OUT APP STANDIN_OWN STANDIN_OTHER IOS REPS ROW...
# Rows, on null_blk (n-) or virtio-blk (v-):
#   rq0, rq1, rq2             rq_affinity=0, 1, 2 (IPI steering)
#   rq2k                      rq_affinity=2, completion_steering=kthread
#   own, ownk                 completion_affinity=STANDIN_OWN (a CPU of
#                             APP's cache), IPI or thread steering
#   other                     completion_affinity=STANDIN_OTHER (a CPU of
#                             the interrupt's cache), IPI steering
# A row the VM cannot run (no such CPU, "-") prints nothing.
set -eu
. "$(dirname "$0")/lib.sh"
OUT=$1 APP=$2 OWN=$3 OTHER=$4 IOS=$5 REPS=$6
shift 6
: >"$OUT"
IRQ=0

nullb bench0 queue_mode=2 size=1024 irqmode=1 irq_cpu=$IRQ submit_queues=1
vda=$(disk_by_serial nullco) || vda=vda
irqs=$(dev_irqs "$vda")
[ -n "$irqs" ] || { echo "no interrupt found for $vda" >&2; exit 2; }
for irq in $irqs; do
	echo $IRQ >"/proc/irq/$irq/smp_affinity_list"
done

# setrow DISK ROW: the queue's knobs for ROW, from the defaults.
setrow()
{
	local q=/sys/block/$1/queue all

	all=$(cat /sys/devices/system/cpu/possible)
	# the mask first: with threaded interrupts "ipi" is refused while a
	# completion_affinity is set
	echo "$all" >"$q"/completion_affinity
	echo ipi >"$q"/completion_steering
	echo 1 >"$q"/rq_affinity
	case $2 in
	rq0) echo 0 >"$q"/rq_affinity ;;
	rq1) ;;
	rq2) echo 2 >"$q"/rq_affinity ;;
	rq2k) echo 2 >"$q"/rq_affinity
	      echo kthread >"$q"/completion_steering ;;
	own) [ "$OWN" != - ] || return 1
	     echo "$OWN" >"$q"/completion_affinity ;;
	ownk) [ "$OWN" != - ] || return 1
	      echo "$OWN" >"$q"/completion_affinity
	      echo kthread >"$q"/completion_steering ;;
	other) [ "$OTHER" != - ] || return 1
	       echo "$OTHER" >"$q"/completion_affinity ;;
	*) echo "unknown row $2" >&2; exit 2 ;;
	esac
}

for row in "$@"; do
	case $row in
	n-*) disk=bench0 ;;
	v-*) disk=$vda ;;
	*) echo "unknown row $row" >&2; exit 2 ;;
	esac
	setrow "$disk" "${row#?-}" || continue
	for rep in $(seq "$REPS"); do
		# fio first, then jq: in a pipeline jq starts beside fio, and
		# its start-up ran inside the cache model's window
		taskset -c "$APP" fio --name=l --filename="/dev/$disk" --direct=1 \
			--rw=randread --bs=4k --size=1M --ioengine=libaio --iodepth=4 \
			--number_ios="$IOS" --norandommap --output-format=json >/tmp/l.json
		ios=$(jq -r '.jobs[0].read.total_ios' /tmp/l.json)
		echo "ROW $row $rep $ios" >>"$OUT"
	done
done
setrow bench0 rq1
setrow "$vda" rq1
