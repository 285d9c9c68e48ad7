#!/bin/sh
# PID 1 of the test VM. The host root is mounted read-only over 9p; the
# run directory (writable 9p share "out") holds the command to run. The
# command's exit status goes to out/rc and a sentinel line on the console,
# the kernel log to out/dmesg. Then the VM powers off.
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export PATH HOME=/root TERM=dumb LC_ALL=C

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm

# The guest gets its own /tmp, /run and /root. When the project itself
# lives under one of them on the host, keep it visible at the same path:
# park it on a bind mount, then put it back on top of the new tmpfs.
case ${VMTOP:-} in
/tmp/* | /run/* | /root/*)
	mkdir -p /dev/.vmtop
	mount --bind "$VMTOP" /dev/.vmtop
	;;
*) VMTOP="" ;;
esac
mount -t tmpfs tmpfs /tmp
mount -t tmpfs tmpfs /run
mount -t tmpfs tmpfs /root 2>/dev/null
if [ -n "$VMTOP" ]; then
	mkdir -p "$VMTOP"
	mount --bind /dev/.vmtop "$VMTOP"
fi
mount -t debugfs debugfs /sys/kernel/debug
mount -t configfs configfs /sys/kernel/config
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
# A modular kernel's modules (VMMODS=<dir> on the command line, with
# <dir>/lib/modules/<release>, made by scripts/kernel.sh): modprobe, run by
# hand or by the kernel (request_module), loads them from there.
if [ -n "${VMMODS:-}" ] && [ -d "$VMMODS/lib/modules/$(uname -r)" ]; then
	mkdir -p /run/vmbin
	printf '#!/bin/sh\nexec /sbin/modprobe -d "%s" "$@"\n' "$VMMODS" >/run/vmbin/modprobe
	chmod +x /run/vmbin/modprobe
	echo /run/vmbin/modprobe >/proc/sys/kernel/modprobe
	PATH=/run/vmbin:$PATH
fi
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin
ln -sf /proc/self/fd/1 /dev/stdout
ln -sf /proc/self/fd/2 /dev/stderr
mkdir -p /run/out
mount -t 9p -o trans=virtio,version=9p2000.L out /run/out

# VMWATCH=N (vm.sh's VM_WATCH): the kernel log goes to out/dmesg.live as it
# comes, and after N s guest/watch.sh prints on the console what the tasks
# are doing, so that a guest the host stops at its timeout says where it
# hung. On CPU 0, which no test takes offline or isolates.
if [ -n "${VMWATCH:-}" ]; then
	taskset -c 0 dmesg -w >/run/out/dmesg.live 2>/dev/null &
	taskset -c 0 sh "$(dirname "$0")/watch.sh" "$VMWATCH" </dev/null &
fi
cd /tmp || exit 1
echo "@@VM-START@@ $(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
sh /run/out/cmd </dev/null
rc=$?
dmesg >/run/out/dmesg 2>/dev/null
echo "$rc" >/run/out/rc
sync
echo "@@VM-EXIT@@ $rc"
echo o >/proc/sysrq-trigger
sleep 60
