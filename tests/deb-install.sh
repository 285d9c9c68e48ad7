#!/bin/bash
# make check: the Debian package of make deb, built from the VM kernel's
# objects (DEB_KOBJ, default the line's build/obj: Debian's full config
# takes hours on 2 CPUs), installed with dpkg -i into a scratch root of its
# own (a dpkg database and a /bin/sh for the maintainer scripts, nothing of
# the host's): it installs, it holds the kernel that was built and its
# config with the series' option, and the modules the build made, and its
# version names the series. Appends PASS/FAIL/SKIP lines to RESULTS.
# Usage: deb-install.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
label="${LABEL:+$LABEL }deb"
obj=$(realpath "${DEB_KOBJ:-$KOBJ}")
result() { printf '%s %s: %s\n' "$1" "$label" "$2" >>"$results"; }
check() { # check DESC CMD...
	local desc=$1

	shift
	if "$@"; then result PASS "$desc"; else result FAIL "$desc"; fi
}

if [ "$(id -u)" != 0 ]; then
	result SKIP "the scratch install (dpkg runs the maintainer scripts in a chroot: needs root)"
	exit 0
fi
log=$LOGDIR/${label// /-}-install.log
if ! out=$(DEB_KOBJ=$obj "$TOP/scripts/deb.sh" 2>&1); then
	printf '%s\n' "$out" >"$log"
	result FAIL "make deb from $(rel "$obj") (see $(rel "$log"))"
	exit 0
fi
printf '%s\n' "$out" >"$log"
deb=$(printf '%s\n' "$out" | sed -n 's/^deb=//p')
release=$(printf '%s\n' "$out" | sed -n 's/^release=//p')

root=$(mktemp -d "$BUILD/deb/root.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/bin" "$root/tmp"
: >"$root/var/lib/dpkg/status"
# The maintainer scripts run chrooted into the root: a shell and its
# libraries are all they need (no hook directory exists there).
cp /bin/dash "$root/bin/sh"
for lib in $(ldd /bin/dash | grep -o '/[^ ]*'); do
	mkdir -p "$root$(dirname "$lib")"
	cp "$lib" "$root$lib"
done
check "dpkg -i installs $(basename "$deb") into a scratch root" \
	dpkg --root="$root" --log=/dev/null -i "$deb" >>"$log" 2>&1
pkg=linux-image-$release
version=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Version}' "$pkg" 2>>"$log" || true)
status=$(dpkg-query --admindir="$root/var/lib/dpkg" -W -f='${Status}' "$pkg" 2>>"$log" || true)
echo "package=$pkg version=$version status=$status" >>"$log"
check "$pkg is installed" test "$status" = "install ok installed"
# names_series VERSION: VERSION has the series' mark, -blkaffN-.
names_series() { case $1 in *"-blkaff$SERIES_VERSION-"*) return 0 ;; esac; return 1; }
check "its version names the series ($version)" names_series "$version"
check "it holds the kernel that was built (/boot/vmlinuz-$release)" \
	cmp -s "$root/boot/vmlinuz-$release" "$obj/arch/x86/boot/bzImage"
check "its config has the series' option (/boot/config-$release)" \
	grep -qx CONFIG_BLK_CPU_AFFINITY=y "$root/boot/config-$release"
if grep -qx CONFIG_MODULES=y "$obj/.config"; then
	want=$(wc -l <"$obj/modules.order")
	have=$(find "$root/lib/modules/$release" -name '*.ko*' | wc -l)
	check "it holds the $want modules the build made (/lib/modules/$release: $have)" \
		test "$want" = "$have"
else
	result SKIP "the modules: $(rel "$obj") is a kernel without modules (CONFIG_MODULES is off)"
fi
