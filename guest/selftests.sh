#!/bin/bash
# Runs inside the VM for tests/vm-selftests.sh: names the scratch disk for
# the selftests (BA_TEST_DEV, the virtio-blk disk with serial "nullco"),
# and the NVMe disk with serial "banvme" (BA_NVME_DEV), runs
# run_kselftest.sh with the given arguments, and checks that the disk
# with serial "decoy", which stands where an ordinary VM has its root disk,
# was left alone: its interrupts' affinity, its queue files and its IO
# counts are the same after the tests as before. Prints
#   HARNESS decoy=unchanged | HARNESS decoy=changed <what>... | HARNESS decoy=absent
# and exits with run_kselftest.sh's status.
# Usage: selftests.sh KSELFTEST_DIR [run_kselftest.sh ARGS...]
set -eu
ks=$1
shift
. "$(dirname "$0")/lib.sh"


# state DISK: what the tests must not change, one "what=value" per line.
state()
{
	local v f irq

	for irq in $(dev_irqs "$1"); do
		echo "irq$irq=$(cat "/proc/irq/$irq/smp_affinity_list")"
	done
	# The scheduler in use; the list of the others grows when a test
	# loads a scheduler module, which changes nothing for this disk.
	for f in /sys/block/"$1"/queue/* /sys/block/"$1"/queue/iosched/*; do
		[ -f "$f" ] && [ -r "$f" ] || continue
		v=$(tr '\n' ' ' <"$f" 2>/dev/null) || continue
		[ "${f##*/}" != scheduler ] || v=$(echo "$v" | sed 's/.*\[\(.*\)\].*/\1/')
		echo "${f#/sys/block/"$1"/queue/}=$v"
	done
	awk '{ print "ios=" $1 "," $5 }' "/sys/block/$1/stat"
}

if BA_TEST_DEV=$(disk_by_serial nullco); then
	export BA_TEST_DEV
fi
# The NVMe disk (serial "banvme", vm.sh's VM_NVME), whose data the tests
# may overwrite.
if BA_NVME_DEV=$(nvme_by_serial banvme); then
	export BA_NVME_DEV
fi
# The VM is the tests' own: CPU hotplug, swap and cgroup cases run
# (BA_DESTRUCTIVE=1; a plain run_tests on a shared machine skips them).
export BA_DESTRUCTIVE=${BA_DESTRUCTIVE:-1}
decoy=$(disk_by_serial decoy) || decoy=""
[ -z "$decoy" ] || state "$decoy" >/tmp/decoy.before
# timed: copy run_kselftest.sh's output, and after each test's start and
# result line add "BA-TIME uptime=SECONDS event=start|end test=NAME", the
# guest's own clock: the console reaches the host in bursts; and write
# "BA-TEST start|end NAME" to the kernel log.
timed()
{
	local l up _ ev name

	while IFS= read -r l; do
		printf '%s\n' "$l"
		case $l in
		'# selftests: block-affinity: '*) ev=start ;;
		'ok '*' selftests: block-affinity: '* | 'not ok '*' selftests: block-affinity: '*) ev=end ;;
		*) continue ;;
		esac
		name=${l##*block-affinity: }
		read -r up _ </proc/uptime
		echo "BA-TIME uptime=$up event=$ev test=${name%% *}"
		# The kernel log says which test ran when (a splat's FAIL line
		# names it: tests/vm-selftests.sh).
		echo "BA-TEST $ev ${name%% *}" >/dev/kmsg 2>/dev/null || true
	done
}
set +e
"$ks/run_kselftest.sh" "$@" | timed
rc=${PIPESTATUS[0]}
set -e
if [ -z "$decoy" ]; then
	echo "HARNESS decoy=absent"
else
	state "$decoy" >/tmp/decoy.after
	if cmp -s /tmp/decoy.before /tmp/decoy.after; then
		echo "HARNESS decoy=unchanged"
	else
		echo "HARNESS decoy=changed $(diff /tmp/decoy.before /tmp/decoy.after |
			sed -n 's/^> //p' | xargs)"
	fi
fi
exit "$rc"
