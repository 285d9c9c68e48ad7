#!/bin/bash
# Debian's TuneD and the Python modules it needs that a plain Debian 12 does
# not have (python3-pyudev, python3-linux-procfs), downloaded (apt-get
# download: nothing installed, the host's TuneD state untouched) and
# unpacked into build/tuned/root, with contrib/tuned's plug-in (of
# CONTRIB_DIR if set) copied into its plugins; the guest runs them from
# there (guest/contrib.sh). The versions go to build/tuned/versions.
# Prints the root's path.
# Usage: tuned-root.sh
set -eu
. "$(dirname "$0")/lib.sh"

dir=$BUILD/tuned
root=$dir/root
pkgs=(tuned python3-pyudev python3-linux-procfs)
log=$LOGDIR/tuned-root.log
if [ ! -f "$dir/versions" ]; then
	rm -rf "$dir"
	mkdir -p "$dir/debs"
	(cd "$dir/debs" && apt-get download -q "${pkgs[@]}") >"$log" 2>&1 || {
		apt-get update -q >>"$log" 2>&1 || true
		(cd "$dir/debs" && apt-get download -q "${pkgs[@]}") >>"$log" 2>&1
	} || die "could not download ${pkgs[*]} (see $(rel "$log"))"
	for deb in "$dir"/debs/*.deb; do
		dpkg-deb -x "$deb" "$root"
		# shellcheck disable=SC2016  # dpkg's fields, not the shell's
		dpkg-deb -W --showformat='${Package}=${Version}\n' "$deb" >>"$dir/versions.tmp"
	done
	mv "$dir/versions.tmp" "$dir/versions"
fi
plugins=$root/usr/lib/python3/dist-packages/tuned/plugins
[ -d "$plugins" ] || die "no TuneD plugins directory in $(rel "$root")"
cp "${CONTRIB_DIR:-$TOP/contrib}/tuned/plugin_blk_affinity.py" "$plugins/"
echo "$root"
