#!/bin/bash
# The line's base kernel source, content-addressed: the tarball of
# Debian's BASE_PKG (linux-source-7.3, or linux-source-6.12 with LINE=6.12)
# at BASE_VERSION whose sha256 is BASE_SHA256 (all in lib.sh), kept in
# build/base/ (BASE_TARBALL). Found, in this order, in build/base/, as the
# installed package's /usr/src copy (linked or copied, never changed), in
# the package downloaded with apt-get download (no install, no downgrade
# of the host; no root needed), or from snapshot.debian.org's archive of
# every version Debian ever published. Any other version is never used: a
# tree built on another base is not the series that was tested. Prints
# the version on stdout.
# apt: a line whose suite the host's sources have (6.12: bookworm-security)
# downloads with the host's apt; the 7.3 line (trixie-backports, which a
# Debian 12 host does not have) through a private apt configuration in
# BASE_APT (build/apt-trixie-backports/: its own sources, made from the
# Debian archive the host's sources name, package lists and cache, and no
# installed packages), which changes nothing of the host's apt.
# Env: BASE_SOURCES (test hook: the places to try, default "build usr apt
# snapshot"), BASE_USR_TARBALL (default /usr/src/BASE_PKG.tar.xz),
# BASE_APT_PKG (test hook: the package=version apt downloads, default
# BASE_PKG=BASE_VERSION), BASE_APT_URI (the Debian archive of the private
# configuration, default the host's).
set -eu
. "$(dirname "$0")/lib.sh"

sources=${BASE_SOURCES:-build usr apt snapshot}
usr_tarball=${BASE_USR_TARBALL:-/usr/src/$BASE_PKG.tar.xz}
apt_pkg=${BASE_APT_PKG:-$BASE_PKG=$BASE_VERSION}
dl=""
trap 'rm -rf "$dl"' EXIT

# ok FILE: FILE is the pinned tarball.
ok() { [ -f "$1" ] && [ "$(sha256sum <"$1" | cut -d' ' -f1)" = "$BASE_SHA256" ]; }

# keep FILE: move FILE, checked, to BASE_TARBALL.
keep()
{
	ok "$1" || return 1
	mkdir -p "$(dirname "$BASE_TARBALL")"
	mv -f "$1" "$BASE_TARBALL.tmp"
	mv -f "$BASE_TARBALL.tmp" "$BASE_TARBALL"
}

# from_deb DEB: the tarball inside the package DEB, if it is the pinned one.
from_deb()
{
	dpkg-deb --fsys-tarfile "$1" |
		tar -xO "./usr/src/$BASE_PKG.tar.xz" >"$dl/base.tar.xz" 2>/dev/null &&
		keep "$dl/base.tar.xz"
}

# apt_download: the pinned package's file into $dl, nothing installed:
# with the host's apt, or the line's private configuration (BASE_APT).
apt_download()
{
	if [ -n "$BASE_APT" ]; then
		(cd "$dl" && apt_private download -q "$apt_pkg")
	else
		(cd "$dl" && apt-get download -q "$apt_pkg")
	fi
}

# apt_update: the package lists, when the pinned version is not in them.
# The private configuration's are its own (no root needed); the host's
# take root, and apt-get update changes only them.
apt_update()
{
	if [ -n "$BASE_APT" ]; then
		apt_private update -q
	elif [ "$(id -u)" = 0 ]; then
		apt-get update -q
	else
		return 1
	fi
}

# snapshot_url: where snapshot.debian.org keeps the pinned package
# (its machine-readable API: the package file's hash, then the file).
snapshot_url()
{
	local api=https://snapshot.debian.org/mr/binary/$BASE_PKG/$BASE_VERSION/binfiles

	curl -fsS --max-time 60 "$api" | python3 -c '
import json, sys
for f in json.load(sys.stdin)["result"]:
    if f.get("architecture") == "all":
        print("https://snapshot.debian.org/file/" + f["hash"])
        break'
}

log=$LOGDIR/apt-base.log
: >"$log"
found=""
for s in $sources; do
	case $s in
	build)
		ok "$BASE_TARBALL" && found=$s ;;
	usr)
		# a hard link costs no space and survives an upgrade of the
		# package, which replaces the file rather than rewriting it
		# (both by a new name, then renamed: never a write into a file
		# that may be a link to the system's)
		if ok "$usr_tarball"; then
			mkdir -p "$(dirname "$BASE_TARBALL")"
			rm -f "$BASE_TARBALL.tmp"
			ln "$usr_tarball" "$BASE_TARBALL.tmp" 2>/dev/null ||
				cp "$usr_tarball" "$BASE_TARBALL.tmp"
			mv -f "$BASE_TARBALL.tmp" "$BASE_TARBALL"
			found=$s
		fi ;;
	apt)
		command -v apt-get >/dev/null || continue
		if [ -n "$BASE_APT" ] && ! apt_private_setup; then
			echo "no Debian archive in the host's apt sources for $BASE_SUITE (set BASE_APT_URI)" >>"$log"
			continue
		fi
		dl=$(mktemp -d "$BUILD/base-dl.XXXXXX")
		# lists older than the pin (or none yet) are updated first
		# (apt warns that it downloads as root, unsandboxed, into a
		# directory its _apt user cannot write: build/log/apt-base.log)
		if ! apt_download >>"$log" 2>&1 && apt_update >>"$log" 2>&1; then
			apt_download >>"$log" 2>&1 || true
		fi
		if compgen -G "$dl/*.deb" >/dev/null && from_deb "$dl"/*.deb; then
			found=$s
		fi
		rm -rf "$dl" ;;
	snapshot)
		command -v curl >/dev/null || continue
		command -v python3 >/dev/null || continue
		dl=$(mktemp -d "$BUILD/base-dl.XXXXXX")
		if url=$(snapshot_url 2>>"$log") && [ -n "$url" ] &&
			curl -fsS --max-time 1800 -o "$dl/base.deb" "$url" 2>>"$log" &&
			from_deb "$dl/base.deb"; then
			found=$s
		fi
		rm -rf "$dl" ;;
	*) die "BASE_SOURCES: unknown place $s" ;;
	esac
	[ -z "$found" ] || break
done
[ -n "$found" ] || die "no $BASE_PKG $BASE_VERSION (sha256 $BASE_SHA256) in: $sources." \
	"Put the tarball at $(rel "$BASE_TARBALL"), or let apt reach $BASE_SUITE" \
	"(see $(rel "$log"))"
echo "$BASE_VERSION"
