#!/bin/bash
# Sourced by the scripts that run inside the test VM.

# disk_by_serial SERIAL: the name of the virtio-blk disk whose serial is
# SERIAL (vm.sh gives its disks serials); returns 1 if there is none.
disk_by_serial()
{
	local d

	for d in /sys/block/vd*; do
		if [ "$(cat "$d/serial" 2>/dev/null)" = "$1" ]; then
			basename "$d"
			return 0
		fi
	done
	return 1
}

# nvme_by_serial SERIAL: the first namespace of the NVMe controller whose
# serial (space-padded by the controller) is SERIAL; returns 1 if none.
nvme_by_serial()
{
	local c n

	for c in /sys/class/nvme/nvme*; do
		[ "$(sed 's/ *$//' "$c/serial" 2>/dev/null)" = "$1" ] || continue
		for n in /sys/block/"$(basename "$c")"n*; do
			[ -e "$n" ] && { basename "$n"; return 0; }
		done
	done
	return 1
}
