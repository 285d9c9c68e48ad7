#!/bin/bash
# Runs inside the VM for tests/boot-contrib.sh: the udev rule and the TuneD
# profiles of contrib/, with the real udevd, dbus-daemon, tuned and
# tuned-adm, on the NVMe disk (serial "banvme", given by the harness) and
# null_blk disks made here. Prints KTAP.
# Usage: contrib.sh CONTRIB_DIR TUNED_ROOT
# CONTRIB_DIR: the repository's contrib/; TUNED_ROOT: Debian's tuned and
# the Python modules it needs, unpacked (not installed) with the plug-in
# copied in (tests/boot-contrib.sh). A CONTRIB_DIR whose rule or plug-in
# does nothing makes the cases fail: that is how they are shown able to.
#
# The guest runs on the host's root file system, read-only. /etc is made
# writable for the tools (a tmpfs of links to the host's entries, with
# /etc/tuned and /etc/blk-affinity.conf of its own), and udevd reads the
# rule from /run/udev/rules.d; nothing reaches the host. udevd and the
# tools run only while this script does.
set -eu
contrib=$1 tr=$2
. "$(dirname "$0")/lib.sh"
ISO=3 OTHERS=0-2
ALL=$(cat /sys/devices/system/cpu/possible)

n=0 failed=0
ok() { n=$((n + 1)); echo "ok $n $*"; }
nok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n $*"; }
check() { # check DESC CMD...: ok when CMD succeeds
	local desc=$1

	shift
	if "$@"; then ok "$desc"; else nok "$desc"; fi
}
skip() { n=$((n + 1)); echo "ok $n $1 # SKIP $2"; }
msg() { echo "# $*"; }

udevd_pid="" dbus_pid="" tuned_pid="" part="" CG="" cg_mounted="" cg_enabled=""
cleanup()
{
	set +e
	[ -z "$tuned_pid" ] || { kill "$tuned_pid"; wait "$tuned_pid"; } 2>/dev/null
	[ -z "$dbus_pid" ] || kill "$dbus_pid" 2>/dev/null
	[ -z "$udevd_pid" ] || kill "$udevd_pid" 2>/dev/null
	[ -z "$part" ] || { echo member >"$part/cpuset.cpus.partition"; rmdir "$part"; } 2>/dev/null
	[ -z "$cg_enabled" ] || echo -cpuset >"$CG/cgroup.subtree_control" 2>/dev/null
	[ -z "$cg_mounted" ] || umount "$CG"
	for d in /sys/kernel/config/nullb/ct*; do
		[ -d "$d" ] || continue
		echo 0 >"$d/power"
		rmdir "$d"
	done 2>/dev/null
	for d in ${nvme:-}; do
		echo -1 >"/sys/block/$d/queue/queue_affinity"
		echo -1 >"/sys/block/$d/queue/completion_affinity"
	done 2>/dev/null
}
trap cleanup EXIT

nvme=$(nvme_by_serial banvme) || { echo "1..0 # SKIP no NVMe disk with serial banvme"; exit 0; }
[ -e "/sys/block/$nvme/queue/queue_affinity" ] ||
	{ echo "1..0 # SKIP the kernel has no queue_affinity (CONFIG_BLK_CPU_AFFINITY)"; exit 0; }
[ "$(nproc)" -ge 4 ] || { echo "1..0 # SKIP needs 4 CPUs"; exit 0; }

# masks DISK: "queue_affinity completion_affinity" as the disk reads them.
masks() { echo "$(cat "/sys/block/$1/queue/queue_affinity") $(cat "/sys/block/$1/queue/completion_affinity")"; }
# reads "Q C" DISK...: every DISK reads Q and C in its two files.
reads()
{
	local want=$1 d m rc=0

	shift
	for d in "$@"; do
		m=$(masks "$d")
		[ "$m" = "$want" ] || { msg "$d reads $m, want $want"; rc=1; }
	done
	return $rc
}
# soon "Q C" DISK...: reads, within 10 s (TuneD handles a new disk from
# its udev event, in its own time).
soon()
{
	for _ in $(seq 50); do
		reads "$@" >/dev/null && return 0
		sleep 0.2
	done
	reads "$@"
}
# reset DISK...: the defaults, as without a rule or profile.
reset()
{
	local d

	for d in "$@"; do
		echo -1 >"/sys/block/$d/queue/queue_affinity"
		echo -1 >"/sys/block/$d/queue/completion_affinity"
	done
}
# irq_count DISK: CPU ISO's interrupts of DISK so far.
irq_count()
{
	local irq sum=0

	for irq in $(dev_irqs "$1"); do
		sum=$((sum + $(awk -v i="$irq:" -v c=$((ISO + 2)) '$1 == i { print $c }' /proc/interrupts)))
	done
	echo "$sum"
}
# no_irq DISK: an application pinned to CPU ISO reads 400 4 KiB blocks of
# DISK (O_DIRECT, one at a time) and takes none of its interrupts.
no_irq()
{
	local before after

	before=$(irq_count "$1")
	taskset -c "$ISO" dd if="/dev/$1" of=/dev/null bs=4k count=400 iflag=direct status=none
	after=$(irq_count "$1")
	msg "$1: CPU $ISO took $((after - before)) of its interrupts for 400 reads"
	[ "$after" = "$before" ]
}
# settle: until udevd has handled every queued event.
settle() { udevadm settle --timeout=30 || msg "udevadm settle: timed out"; }

# A writable /etc of links to the host's entries, with the tools' own.
mkdir -p /run/ct/hostetc
mount --bind /etc /run/ct/hostetc
mount -t tmpfs tmpfs /etc
for e in /run/ct/hostetc/* /run/ct/hostetc/.[!.]*; do
	[ -e "$e" ] || [ -L "$e" ] || continue
	case ${e##*/} in tuned | blk-affinity.conf) continue ;; esac
	# A relative link (mtab -> ../proc/self/mounts) is copied as it is.
	if [ -L "$e" ]; then cp -P "$e" /etc/; else ln -s "$e" "/etc/${e##*/}"; fi
done
mkdir -p /etc/tuned /run/udev/rules.d /run/dbus

DEF="$ALL $ALL" MASKED="$OTHERS $OTHERS"
echo "TAP version 13"
echo "1..12"
nullb ct0 queue_mode=2 irqmode=1 size=64 submit_queues=4
msg "disks: $nvme (NVMe, given), ct0 and later ct1, ct2 (null_blk, made here)"

# udev: the present disks through udevadm trigger, a disk added later.
cp "$contrib/udev/60-blk-affinity.rules" /run/udev/rules.d/
printf 'BLK_QUEUE_AFFINITY=%s\nBLK_COMPLETION_AFFINITY=%s\n' $OTHERS $OTHERS >/etc/blk-affinity.conf
/lib/systemd/systemd-udevd --resolve-names=never >/run/ct/udevd.log 2>&1 &
udevd_pid=$!
for _ in $(seq 50); do udevadm control --ping 2>/dev/null && break; sleep 0.2; done
udevadm trigger --action=change --subsystem-match=block --sysname-match="$nvme" --sysname-match=ct0
settle
check "udev: udevadm trigger --action=change gives the present disks the configured masks" reads "$MASKED" "$nvme" ct0
nullb ct1 queue_mode=2 irqmode=1 size=64
settle
check "udev: a disk added later gets them from its add event" reads "$MASKED" ct1
check "udev: an application on CPU $ISO takes none of the NVMe disk's interrupts" no_irq "$nvme"
reset "$nvme" ct0 ct1
printf 'BLK_QUEUE_AFFINITY=\nBLK_COMPLETION_AFFINITY=%s\n' $OTHERS >/etc/blk-affinity.conf
udevadm trigger --action=change --sysname-match=ct1
settle
check "udev: an empty value leaves that file alone" reads "$ALL $OTHERS" ct1
printf 'BLK_QUEUE_AFFINITY=0-99x\nBLK_COMPLETION_AFFINITY=%s\n' $ISO >/etc/blk-affinity.conf
udevadm trigger --action=change --sysname-match=ct1
settle
check "udev: a value the kernel refuses changes nothing, the other file is set" reads "$ALL $ISO" ct1
# The rule out of the way: TuneD alone from here on (it needs udevd's
# events for disks added later).
rm /run/udev/rules.d/60-blk-affinity.rules /etc/blk-affinity.conf
udevadm control --reload
reset ct1

# TuneD: its daemon on a D-Bus system bus of this guest's own, driven by
# tuned-adm, as a system runs it.
cat >/run/ct/dbus.conf <<'CONF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=/run/dbus/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
dbus-daemon --config-file=/run/ct/dbus.conf --nofork --nopidfile >/run/ct/dbus.log 2>&1 &
dbus_pid=$!
cat >/etc/tuned/tuned-main.conf <<'CONF'
daemon = 1
dynamic_tuning = 0
recommend_command = 0
CONF
echo "isolated_cores=$ISO" >/etc/tuned/cpu-partitioning-variables.conf
cp -r "$contrib/tuned/blk-affinity" "$contrib/tuned/blk-affinity-housekeeping" /etc/tuned/
: >/etc/tuned/active_profile
echo manual >/etc/tuned/profile_mode
export PYTHONPATH=$tr/usr/lib/python3/dist-packages
tuned_adm() { python3 "$tr/usr/sbin/tuned-adm" "$@"; }
for _ in $(seq 50); do [ -S /run/dbus/system_bus_socket ] && break; sleep 0.2; done
python3 "$tr/usr/sbin/tuned" -l /run/ct/tuned.log >/run/ct/tuned.out 2>&1 &
tuned_pid=$!
# Until tuned owns its D-Bus name (it does with no profile active), or dies.
for _ in $(seq 150); do
	python3 -c 'import dbus, sys; sys.exit(not dbus.SystemBus().name_has_owner("com.redhat.tuned"))' 2>/dev/null && break
	kill -0 "$tuned_pid" 2>/dev/null || { msg "tuned exited"; break; }
	sleep 0.2
done
if ! tuned_adm profile blk-affinity >/run/ct/adm.out 2>&1; then
	sed 's/^/# tuned-adm: /' /run/ct/adm.out
	tail -n 20 /run/ct/tuned.log 2>/dev/null | sed 's/^/# tuned.log: /'
fi
check "tuned: profile blk-affinity gives the present disks the CPUs outside isolated_cores" \
	reads "$MASKED" "$nvme" ct0 ct1
nullb ct2 queue_mode=2 irqmode=1 size=64
check "tuned: a disk added while the profile is active gets them" soon "$MASKED" ct2
check "tuned: an application on CPU $ISO takes none of the NVMe disk's interrupts" no_irq "$nvme"
tuned_adm off >/run/ct/adm.out 2>&1 || sed 's/^/# tuned-adm: /' /run/ct/adm.out
check "tuned: tuned-adm off restores the defaults" reads "$DEF" "$nvme" ct0 ct1 ct2

# 7.3: the profile that only opts in; the partition alone moves the masks.
if [ "$(uname -r | cut -d. -f1)" -lt 7 ]; then
	skip "tuned: blk-affinity-housekeeping follows an isolated partition" \
		"this kernel has no housekeeping_update() (6.12): the value is fixed when written"
	skip "tuned: the partition dissolved, the masks are every CPU again" "as above"
else
	CG=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	if [ -z "$CG" ]; then
		CG=/run/ct/cgroup
		mkdir -p "$CG"
		mount -t cgroup2 none "$CG"
		cg_mounted=1
	fi
	if ! grep -qw cpuset "$CG/cgroup.subtree_control"; then
		echo +cpuset >"$CG/cgroup.subtree_control"
		cg_enabled=1
	fi
	part=$CG/ct-part
	mkdir "$part"
	tuned_adm profile blk-affinity-housekeeping >/run/ct/adm.out 2>&1 ||
		sed 's/^/# tuned-adm: /' /run/ct/adm.out
	echo $ISO >"$part/cpuset.cpus"
	echo isolated >"$part/cpuset.cpus.partition"
	msg "partition: $(cat "$part/cpuset.cpus.partition")"
	check "tuned: blk-affinity-housekeeping follows an isolated partition" \
		reads "$MASKED" "$nvme" ct0 ct1 ct2
	echo member >"$part/cpuset.cpus.partition"
	check "tuned: the partition dissolved, the masks are every CPU again" \
		reads "$DEF" "$nvme" ct0 ct1 ct2
	rmdir "$part" && part=""
	tuned_adm off >/dev/null 2>&1 || true
fi
check "tuned: the profile switched off, the defaults stay" reads "$DEF" "$nvme" ct0 ct1 ct2
[ "$failed" = 0 ]
