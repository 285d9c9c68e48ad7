#!/bin/bash
# make doctor: what this machine lacks for make and make check, without
# changing anything (no root needed). One key=value line per check, then
# "doctor=ok" or "doctor=missing"; exits 1 when something is missing.
# The machine: Debian 12 (bookworm) on x86_64 with the bookworm-security
# suite (linux-source-6.12 comes from it), 2 or more CPUs, 4 GiB of memory
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
# the base source: where scripts/base.sh would find it (snapshot.debian.org
# is its last resort, not checked here: no network use)
sha() { [ -f "$1" ] && sha256sum <"$1" | cut -d' ' -f1; }
if [ -f "$BASE_TARBALL" ] && [ "$(sha "$BASE_TARBALL")" = "$BASE_SHA256" ]; then
	where=build
elif [ "$(sha "/usr/src/$BASE_PKG.tar.xz")" = "$BASE_SHA256" ]; then
	where=usr
elif apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1; then
	where=apt
else
	where=none
fi
check base_source "$where" "$([ "$where" != none ] && echo 1 || echo 0)" \
	"$BASE_PKG $BASE_VERSION: apt sources with bookworm-security, or snapshot.debian.org"
for group in build check vm bench; do
	missing=$("$TOP/scripts/deps.sh" --list "$group")
	check "packages_$group" "$([ -z "$missing" ] && echo installed || echo "$missing" | xargs | tr ' ' ,)" \
		"$([ -z "$missing" ] && echo 1 || echo 0)" "apt-get install, or make (as root) installs them"
done
echo "doctor=$([ $bad = 0 ] && echo ok || echo missing)"
[ $bad = 0 ]
