#!/bin/bash
# make deb: a Debian kernel package of the line (7.3; LINE=6.12) with the
# series, built with the kernel's own bindeb-pkg: Debian's config of the
# line's base version (linux-config-7.3 / linux-config-6.12, flavour amd64;
# FLAVOUR=rt: rt-amd64) with CONFIG_BLK_CPU_AFFINITY=y, its release named
# after the series (-blkaff<version>), into the line's build/deb/ (objects in
# build/deb/obj-FLAVOUR). Debian's full config takes hours on 2 CPUs.
# DEB_KOBJ=DIR packages the objects already built in DIR instead (make
# check: the VM kernel's), with no configuration and no new build of its
# own beyond what bindeb-pkg relinks.
# Prints the linux-image package's path last, as "deb=PATH".
# Usage: deb.sh
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build deb

flavour=${FLAVOUR:-amd64}
case $flavour in amd64) ;; rt) flavour=rt-amd64 ;; *) die "FLAVOUR: amd64 (the default) or rt" ;; esac
[ -f "$LINUX/Makefile" ] || die "no kernel tree at $(rel "$LINUX"); run '$(make_cmd tree)' first"
out=$BUILD/deb
mkdir -p "$out"
suffix=-blkaff$SERIES_VERSION

# DEB_KOBJ: the release those objects were built with, "+" and all.
localversion=()
if [ -n "${DEB_KOBJ:-}" ]; then
	obj=$(realpath "$DEB_KOBJ")
	[ -f "$obj/.config" ] || die "no kernel objects in $DEB_KOBJ"
	name=$(basename "$obj")
else
	obj=$out/obj-$flavour
	name=deb-$flavour
	mkdir -p "$obj"
	config=$("$TOP/scripts/debian-config.sh" "$flavour")
	if ! cmp -s "$config" "$obj/.config.debian"; then
		cp "$config" "$obj/.config"
		cp "$config" "$obj/.config.debian"
		# Debian signs with keys that only its build has: the kernel
		# makes a key of its own instead. The release names the series.
		"$LINUX/scripts/config" --file "$obj/.config" \
			--enable BLK_CPU_AFFINITY \
			--set-str SYSTEM_TRUSTED_KEYS "" \
			--set-str SYSTEM_REVOCATION_KEYS "" \
			--set-str LOCALVERSION "$suffix" \
			--disable LOCALVERSION_AUTO \
			--disable DEBUG_INFO_BTF \
			--disable DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
			--disable DEBUG_INFO_DWARF4 --disable DEBUG_INFO_DWARF5 \
			--enable DEBUG_INFO_NONE
		run_logged "$LOGDIR/config-$name.log" "configuring kernel ($name)" \
			make -C "$LINUX" O="$obj" olddefconfig
		grep -qx CONFIG_BLK_CPU_AFFINITY=y "$obj/.config" ||
			die "CONFIG_BLK_CPU_AFFINITY=y did not take effect"
		grep -qx CONFIG_DEBUG_INFO_NONE=y "$obj/.config" ||
			die "CONFIG_DEBUG_INFO_NONE=y did not take effect"
	fi
	# The release is the config's: no "+" for a tree past its tag.
	localversion=(LOCALVERSION=)
fi
grep -qx CONFIG_BLK_CPU_AFFINITY=y "$obj/.config" ||
	die "$(rel "$obj") is a kernel without the series' option"

# The package version: the base's upstream version, then the series.
release=$(make -s -C "$LINUX" O="$obj" "${localversion[@]}" kernelrelease 2>/dev/null | tail -n 1)
pkgversion=${BASE_VERSION%%-*}$suffix-1
rm -f "$(dirname "$obj")"/linux-*_"$pkgversion"_*.deb "$(dirname "$obj")"/linux-upstream_"$pkgversion"_*
# DPKG_FLAGS=-d: the build dependencies the generated package declares
# (libdw-dev, ...) serve what this build leaves out (BTF, the -dbg
# package); deps.sh installs what bindeb-pkg runs.
run_logged "$LOGDIR/deb-$name.log" "building the packages ($name, $release, -j$MAKE_JOBS)" \
	make -C "$LINUX" O="$obj" -j"$MAKE_JOBS" "${localversion[@]}" KDEB_PKGVERSION="$pkgversion" \
	DPKG_FLAGS=-d bindeb-pkg
# bindeb-pkg writes next to the objects' directory.
for f in "$(dirname "$obj")"/linux-*_"$pkgversion"_*.deb "$(dirname "$obj")"/linux-upstream_"$pkgversion"_*; do
	[ -e "$f" ] || continue
	[ "$(dirname "$f")" = "$out" ] || mv "$f" "$out/"
done
image=$out/linux-image-${release}_${pkgversion}_amd64.deb
[ -f "$image" ] || die "bindeb-pkg made no $(rel "$image")"
echo "release=$release"
echo "deb=$image"
