#!/bin/bash
# make doctor: what this machine lacks for make and make check, without
# changing anything (no root needed). One key=value line per check, then
# "doctor=ok" or "doctor=missing"; exits 1 when something is missing.
# The machine: Debian 12 (bookworm) on x86_64 with the bookworm-security
# suite (linux-source-6.12 comes from it; linux-source-7.3, from
# trixie-backports, through a private apt configuration made from the
# host's Debian archive), 2 or more CPUs, 4 GiB of memory
# and 30 GiB free under build/ (a full make check leaves about 7 GiB of
# objects; the base source, the lanes' kernels and QEMU's disks need the
# rest while they run).
set -eu
. "$(dirname "$0")/lib.sh"

bad=0
check()	# check KEY VALUE OK(0/1) [HINT]
{
	printf '%s=%s%s\n' "$1" "$2" "$([ "$3" = 1 ] || printf ' missing=%s' "${4:-yes}")"
	[ "$3" = 1 ] || bad=1
}

os=$(. /etc/os-release 2>/dev/null && echo "${ID:-?}-${VERSION_CODENAME:-?}")
check os "$os" "$([ "$os" = debian-bookworm ] && echo 1 || echo 0)" "Debian 12 (bookworm)"
check arch "$(uname -m)" "$([ "$(uname -m)" = x86_64 ] && echo 1 || echo 0)" x86_64
check cpus "$(nproc)" "$([ "$(nproc)" -ge 2 ] && echo 1 || echo 0)" "2 or more"
mem=$(awk '/^MemTotal:/ { print int($2 / 1048576) }' /proc/meminfo)
check mem_gib "$mem" "$([ "$mem" -ge 4 ] && echo 1 || echo 0)" "4 GiB"
mkdir -p "$BUILD" 2>/dev/null || true
free=$(df -P -k "$BUILD" 2>/dev/null | awk 'NR == 2 { print int($4 / 1048576) }')
check build_free_gib "${free:-0}" "$([ "${free:-0}" -ge 30 ] && echo 1 || echo 0)" "30 GiB free under build/"
sec=$(apt-cache policy 2>/dev/null | grep -c 'bookworm-security' || true)
check apt_bookworm_security "$([ "$sec" -gt 0 ] && echo yes || echo no)" \
	"$([ "$sec" -gt 0 ] && echo 1 || echo 0)" "deb http://deb.debian.org/debian-security bookworm-security main"
# the bases, per line (base_7.3=, base_6.12=): where scripts/base.sh would
# find each (snapshot.debian.org is its last resort, not checked here: no
# network use): build (build/base/), usr (the installed package's copy),
# apt (the host's package lists have it; for the 7.3 line, the lists of
# its private apt configuration, or, before it has any, the Debian
# archive of the host's sources that base.sh makes it from), or missing.
sha() { [ -f "$1" ] && sha256sum <"$1" | cut -d' ' -f1; }
for line in $LINES; do
	where=$(
		line_settings "$line"
		if [ -f "$BASE_TARBALL" ] && [ "$(sha "$BASE_TARBALL")" = "$BASE_SHA256" ]; then
			echo build
		elif [ "$(sha "/usr/src/$BASE_PKG.tar.xz")" = "$BASE_SHA256" ]; then
			echo usr
		elif [ -z "$BASE_APT" ]; then
			apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1 && echo apt || echo missing
		elif compgen -G "$BASE_APT/lists/*_Packages*" >/dev/null; then
			apt_private apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1 && echo apt || echo missing
		else
			[ -n "$(apt_archive_uri)" ] && echo apt || echo missing
		fi
	)
	hint=$(line_settings "$line" && echo "$BASE_PKG $BASE_VERSION: apt sources with $BASE_SUITE${BASE_APT:+ (or any Debian archive: a private configuration gets it)}, or snapshot.debian.org")
	check "base_$line" "$where" "$([ "$where" != missing ] && echo 1 || echo 0)" "$hint"
done
for group in build check vm bench; do
	missing=$("$TOP/scripts/deps.sh" --list "$group")
	check "packages_$group" "$([ -z "$missing" ] && echo installed || echo "$missing" | xargs | tr ' ' ,)" \
		"$([ -z "$missing" ] && echo 1 || echo 0)" "apt-get install, or make (as root) installs them"
done
echo "doctor=$([ $bad = 0 ] && echo ok || echo missing)"
[ $bad = 0 ]
