#!/bin/bash
# Install the Debian packages that the named groups need, when missing.
# Usage: deps.sh build|check|vm|contrib|deb|bench|hw ...
#        deps.sh --list GROUP...   (print the missing ones, install nothing)
#        deps.sh --groups          (print the groups' names)
# --list and --groups only read (dpkg's database) and write nothing, not
# even build/: make doctor runs them. lib.sh, which makes build/ and
# build/log when sourced, is sourced after them, to install.
set -eu

groups="build check vm contrib deb bench hw"
pkgs_for() {
	case $1 in
	# rsync: the kernel's headers_install and the selftests' install
	# use it (it came with linux-source-6.12, which is no longer installed).
	build) echo "git make gcc bc bison flex libelf-dev libssl-dev cpio perl python3 xz-utils kmod rsync" ;;
	# make check and make lint only: shellcheck, and htmldocs (Sphinx,
	# and PyYAML for the netlink specs' pages).
	check) echo "shellcheck python3-sphinx python3-yaml" ;;
	# gawk: blktests' ./check asks for GNU awk (the blktests boot); rtla:
	# make hw-bench's dry run; nvme-cli: a namespace detached and attached
	# again (the nvme-subsys boot).
	vm) echo "qemu-system-x86 fio blktrace mdadm dmsetup util-linux procps kmod jq g++ gawk rtla nvme-cli" ;;
	# make check's cases of contrib/: udevd, and a D-Bus system bus and
	# the Python modules of TuneD that Debian 12 has (TuneD itself is
	# only downloaded, scripts/tuned-root.sh).
	contrib) echo "udev dbus-daemon python3-dbus python3-gi" ;;
	# make deb: bindeb-pkg runs dpkg-buildpackage and debhelper's dh_*.
	deb) echo "dpkg-dev debhelper" ;;
	bench) echo "gnuplot-nox" ;;
	# make hw-bench on the machine that runs it.
	hw) echo "fio rtla jq util-linux gnuplot-nox" ;;
	*) printf "ERROR: unknown package group '%s'\n" "$1" >&2; exit 1 ;;
	esac
}

if [ "${1:-}" = --groups ]; then
	# shellcheck disable=SC2086  # one group per line
	printf '%s\n' $groups
	exit 0
fi

list=0
if [ "${1:-}" = --list ]; then
	list=1
	shift
fi
missing=
for group in "$@"; do
	for p in $(pkgs_for "$group"); do
		if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then
			missing="$missing $p"
		fi
	done
done
if [ $list = 1 ]; then
	# shellcheck disable=SC2086  # one package per line
	[ -z "$missing" ] || printf '%s\n' $missing
	exit 0
fi
[ -z "$missing" ] && exit 0
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || die "missing packages:$missing (run as root to install them)"
say "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >"$LOGDIR/apt-update.log" 2>&1 || die "apt-get update failed, see $(rel "$LOGDIR")/apt-update.log"
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >"$LOGDIR/apt-install.log" 2>&1 ||
	die "apt-get install failed, see $(rel "$LOGDIR")/apt-install.log"
