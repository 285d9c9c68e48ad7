#!/bin/bash
# make doctor: can this machine run make and make check? Changes nothing
# on disk (no build/, no apt or dpkg state, no temporary file) and needs
# no root. Prints key=value lines only, no spaces in a value (lists are
# comma-separated), then advice on lines that start with "# ", and last
# "doctor=ready" (exit 0) or "doctor=not_ready" (exit 1, the keys at
# fault in blocking=).
# What decides: the machine (Debian 12 bookworm, x86_64, 2 or more CPUs,
# 4 GiB of memory, 30 GiB free for build/: a full make check leaves
# about 7 GiB of objects, the base source, the lanes' kernels and QEMU's
# disks need the rest while they run), root (make and make check run as
# root, for apt and the VM; make doctor does not need it), the package
# groups that make (scripts/demo.sh: deps.sh build vm) and make check
# (tests/check.sh: deps.sh build check vm contrib deb) install, which
# count only without root (as root they install them), and both lines'
# bases (make check builds both), each present or with a way to download
# it. What does not (informational): the other package groups (bench,
# for make bench...), the host's apt suites, and whether the blktests
# snapshot is there (its cases skip without it).
# The network is not used: a download is reported as possible, not tried.
set -eu
# lib.sh makes the line's build/ and build/log when sourced: its mkdir is
# a no-op here (and no code below makes a directory).
mkdir() { :; }
. "$(dirname "$0")/lib.sh"
unset -f mkdir

required_groups="build check vm contrib deb"
blocking=""
advice=()
# kv KEY VALUE: one output line.
kv() { printf '%s=%s\n' "$1" "$2"; }
# need KEY VALUE OK(0/1): a line that decides the verdict.
need() {
	kv "$1" "$2"
	[ "$3" = 1 ] || blocking="$blocking${blocking:+,}$1"
}
yes01() { if "$@"; then echo 1; else echo 0; fi; }

os=$(. /etc/os-release 2>/dev/null && echo "${ID:-unknown}-${VERSION_CODENAME:-unknown}")
need os "$os" "$(yes01 [ "$os" = debian-bookworm ])"
arch=$(uname -m)
need arch "$arch" "$(yes01 [ "$arch" = x86_64 ])"
cpus=$(nproc)
need cpus "$cpus" "$(yes01 [ "$cpus" -ge 2 ])"
# MemTotal is what the kernel leaves of the installed memory: a 4 GiB
# machine shows about 3.8 GiB, so it is rounded to the nearest GiB.
mem=$(awk '/^MemTotal:/ { printf "%d\n", $2 / 1048576 + 0.5 }' /proc/meminfo)
need mem_gib "$mem" "$(yes01 [ "$mem" -ge 4 ])"
# Free space where build/ is, or would be made (its nearest existing
# parent): nothing is created to measure it.
dir=$TOP/build
while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
free=$(df -P -k "$dir" 2>/dev/null | awk 'NR == 2 { print int($4 / 1048576) }')
need build_free_gib "${free:-0}" "$(yes01 [ "${free:-0}" -ge 30 ])"
# make and make check run as root (CI runs them so): they install what
# is missing, and the VM shares the host's root file system.
root=0
[ "$(id -u)" != 0 ] || root=1
need root "$([ $root = 1 ] && echo yes || echo no)" $root
[ $root = 1 ] ||
	advice+=("make and make check run as root (apt installs, the VM); make doctor does not need it")

# Every apt call here, lib.sh's too (apt_private, apt_archive_uri), runs
# with apt's binary caches off: as root, apt-cache and even apt-get
# indextargets write them (/var/cache/apt/*.bin, or the private
# configuration's cache) otherwise.
apt-get() { command apt-get -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= "$@"; }
apt-cache() { command apt-cache -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= "$@"; }

# The host's apt suites, as its package lists have them (none before a
# first apt-get update).
suites=""
if type -P apt-get >/dev/null; then
	# shellcheck disable=SC2016  # apt's format, not the shell's
	suites=$(apt-get indextargets --format '$(RELEASE)' 2>/dev/null | sort -u | paste -s -d, -)
fi
kv apt_suites "${suites:-none}"

# The package groups: those of make and make check decide, the others
# (deps.sh --groups) are reported. deps.sh --list only reads dpkg's
# database.
for group in $("$TOP/scripts/deps.sh" --groups); do
	missing=$("$TOP/scripts/deps.sh" --list "$group" | paste -s -d, -)
	ok=1
	[ -z "$missing" ] || ok=0
	case " $required_groups " in
	# as root, make and make check install a missing group themselves
	*" $group "*) need "packages_$group" "$([ $ok = 1 ] && echo installed || echo missing)" \
		"$([ $ok = 1 ] || [ $root = 1 ] && echo 1 || echo 0)" ;;
	*) kv "packages_$group" "$([ $ok = 1 ] && echo installed || echo missing)" ;;
	esac
	[ $ok = 1 ] || kv "packages_${group}_missing" "$missing"
done
[ -z "$blocking" ] || case ",$blocking," in *,packages_*)
	advice+=("make and make check install their missing packages when run as root (scripts/deps.sh)") ;;
esac

# The bases (base_7.3=, base_6.12=), as scripts/base.sh finds them:
# present (the pinned tarball in build/base/, or the installed package's
# /usr/src copy, which base.sh links; base_LINE_at= says which), or
# to_download, with base_LINE_via= the ways base.sh would try, in its
# order: apt (the package lists apt has now hold the pinned version: the
# host's, or for the 7.3 line, those of its private configuration in
# build/apt-trixie-backports/), apt_update (after an update of those
# lists: the private configuration's, made from the Debian archive the
# host's lists name; the host's, which base.sh updates as root only),
# snapshot (snapshot.debian.org, with curl and python3), or none. No
# list is updated and nothing is downloaded here.
sha() { [ -f "$1" ] && [ -r "$1" ] && sha256sum <"$1" | cut -d' ' -f1; }
for line in $LINES; do
	(
		line_settings "$line"
		usr=/usr/src/$BASE_PKG.tar.xz
		if [ "$(sha "$BASE_TARBALL" || true)" = "$BASE_SHA256" ]; then
			kv "base_$line" present
			kv "base_${line}_at" "$(rel "$BASE_TARBALL")"
			exit 0
		elif [ "$(sha "$usr" || true)" = "$BASE_SHA256" ]; then
			kv "base_$line" present
			kv "base_${line}_at" "$usr"
			exit 0
		fi
		via=""
		if type -P apt-get >/dev/null; then
			if [ -z "$BASE_APT" ]; then
				if apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1; then
					via=apt
				else
					via=apt_update
				fi
			elif compgen -G "$BASE_APT/lists/*_Packages*" >/dev/null &&
				apt_private apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1; then
				via=apt
			elif [ -n "${BASE_APT_URI:-$(apt_archive_uri)}" ]; then
				via=apt_update
			fi
		fi
		if command -v curl >/dev/null && command -v python3 >/dev/null; then
			via="$via${via:+,}snapshot"
		fi
		kv "base_$line" to_download
		kv "base_${line}_via" "${via:-none}"
		[ -n "$via" ]
	) || blocking="$blocking${blocking:+,}base_$line"
done
case ",$blocking," in *,base_*)
	advice+=("a base with no way to download: put its tarball in build/base/ (scripts/lib.sh has its name and sha256), or give apt its suite") ;;
esac

# The blktests snapshot (not packaged by Debian): without it make check
# runs, and its blktests cases skip (an expected skip).
bt=${BLKTESTS_TARBALL:-$TOP/../shared/blktests/blktests-a608cb5.tar.gz}
if [ -r "$bt" ]; then
	kv blktests_snapshot present
else
	kv blktests_snapshot missing
	advice+=("no blktests snapshot at BLKTESTS_TARBALL: make check skips its blktests cases")
fi

kv blocking "${blocking:-none}"
for a in ${advice[@]+"${advice[@]}"}; do
	printf '# %s\n' "$a"
done
if [ -z "$blocking" ]; then
	kv doctor ready
else
	kv doctor not_ready
	exit 1
fi
