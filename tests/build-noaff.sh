#!/bin/bash
# The series at Kconfig's default: CONFIG_BLK_CPU_AFFINITY=n, the stubs
# of block/blk-mq-affinity.h instead of its code. The line's tree (LINUX,
# HEAD) with the main kernel's config and that option off builds the
# objects the series touches (block/, null_blk, md, tracing, the
# housekeeping hook's kernel/sched/), in BUILD/obj-noaff; objects only, no
# link. (make check-full's scripts/check-series.sh also builds every patch
# and compares W=1 warnings with the base; this is its one check that a
# default build compiles, in make check.) Appends "PASS|FAIL ..." to RESULTS.
# Usage: build-noaff.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
obj=$BUILD/obj-noaff
log=$LOGDIR/build-noaff.log
mkdir -p "$obj"
cp "$KOBJ/.config" "$obj/.config"
"$LINUX/scripts/config" --file "$obj/.config" -d BLK_CPU_AFFINITY
targets="block/ drivers/block/null_blk/ drivers/md/ kernel/trace/ kernel/sched/"
if run_logged "$log" "building $targets with CONFIG_BLK_CPU_AFFINITY=n" sh -c \
	"make -C '$LINUX' O='$obj' olddefconfig >/dev/null && make -C '$LINUX' O='$obj' -j$MAKE_JOBS $targets" &&
	! grep -q '^CONFIG_BLK_CPU_AFFINITY=' "$obj/.config"; then
	echo "PASS the series builds at Kconfig's default, CONFIG_BLK_CPU_AFFINITY=n ($targets)" >>"$results"
else
	echo "FAIL the series at CONFIG_BLK_CPU_AFFINITY=n (see $(rel "$log"))" >>"$results"
fi
