#!/bin/bash
# Debian's kernel config of a flavour, for the line's base: the
# config.amd64_none_FLAVOUR that linux-config-X (linux-config-7.3;
# LINE=6.12: linux-config-6.12) carries at BASE_VERSION, downloaded the way
# scripts/base.sh downloads the base (7.3: through the private apt
# configuration in build/apt-trixie-backports/; 6.12: with the host's apt),
# never installed, and kept uncompressed in the line's
# build/debian-config/VERSION/. Prints the config's path.
# Usage: debian-config.sh [FLAVOUR]   (amd64, the default; rt-amd64,
# cloud-amd64)
set -eu
. "$(dirname "$0")/lib.sh"

flavour=${1:-amd64}
pkg=linux-config-${BASE_PKG#linux-source-}
dir=$BUILD/debian-config/$BASE_VERSION
log=$LOGDIR/apt-config.log
if [ ! -s "$dir/config.$flavour" ]; then
	dl=$(mktemp -d "$BUILD/config-dl.XXXXXX")
	trap 'rm -rf "$dl"' EXIT
	# download: the package into $dl, nothing installed
	download() {
		if [ -n "$BASE_APT" ]; then
			(cd "$dl" && apt_private download -q "$pkg=$BASE_VERSION")
		else
			(cd "$dl" && apt-get download -q "$pkg=$BASE_VERSION")
		fi
	}
	[ -z "$BASE_APT" ] || apt_private_setup ||
		die "no Debian archive in the host's apt sources for $BASE_SUITE (set BASE_APT_URI)"
	if ! download >"$log" 2>&1; then
		if [ -n "$BASE_APT" ]; then
			apt_private update -q >>"$log" 2>&1 || true
		fi
		download >>"$log" 2>&1 || die "$pkg $BASE_VERSION: no download (see $(rel "$log"))"
	fi
	mkdir -p "$dir"
	rm -rf "$dl/x"
	mkdir "$dl/x"
	dpkg-deb -x "$dl"/*.deb "$dl/x"
	for f in "$dl/x/usr/src/$pkg"/config.amd64_none_*.xz; do
		[ -f "$f" ] || continue
		name=${f##*/config.amd64_none_}
		xz -dc "$f" >"$dir/config.${name%.xz}.tmp"
		mv "$dir/config.${name%.xz}.tmp" "$dir/config.${name%.xz}"
	done
fi
[ -s "$dir/config.$flavour" ] ||
	die "$pkg $BASE_VERSION has no config for $flavour: $(cd "$dir" && ls | sed 's/^config\.//' | xargs)"
echo "$dir/config.$flavour"
