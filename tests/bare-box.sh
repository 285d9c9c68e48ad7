#!/bin/bash
# The newcomer's run: a bare Debian 12, debootstrap's minbase
# variant with the bookworm, bookworm-updates and bookworm-security suites,
# gets make (the one package the README asks for) and a clone of this
# repository at HEAD, then runs make doctor, make and make check in it as
# root, every other package installed by the targets themselves. Not part
# of make check: it needs root, the network and about 80 minutes.
# Usage: bare-box.sh DIR   (DIR: a new or empty directory for the chroot)
# Writes DIR.kv: the box's package count, then per step step= rc= secs=,
# and make check's summary; DIR.packages: the box's packages before make;
# DIR.<step>.log: each step's output.
# Env: BARE_MIRROR, BARE_SECURITY (the Debian and Debian security mirrors;
# default: the host's own apt sources).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

[ "$(id -u)" = 0 ] || die "bare-box.sh needs root (debootstrap, chroot)"
# A mount namespace of its own, private: the box's bind mounts never
# propagate to the host's, and they go when the run ends, however it ends.
if [ -z "${BARE_NS:-}" ]; then
	BARE_NS=1 exec unshare -m --propagation private "$0" "$@"
fi
dir=$(realpath -m "${1:?usage: bare-box.sh DIR}")
[ ! -e "$dir" ] || [ -z "$(ls -A "$dir")" ] || die "$dir is not empty"
command -v debootstrap >/dev/null || apt-get install -y -q debootstrap >/dev/null

# mirror SUITE_PATTERN: the first URI of the host's apt sources that serves
# a suite matching the pattern (deb822 or one-line format).
mirror()
{
	cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v p="$1" '
		/^URIs:/ { u = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i ~ p) { print u; exit } }'
	grep -h '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk -v p="$1" '$3 ~ p { print $2 }'
}
main=${BARE_MIRROR:-$(mirror '^bookworm$' | head -n 1)}
sec=${BARE_SECURITY:-$(mirror '^bookworm-security$' | head -n 1)}
[ -n "$main" ] && [ -n "$sec" ] || die "no bookworm or bookworm-security source on this host: set BARE_MIRROR and BARE_SECURITY"

mounted=()
cleanup()
{
	local i

	for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
		umount -l "${mounted[i]}" 2>/dev/null || true
	done
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$dir"
kv=$dir.kv
: >"$kv"
run_logged "$dir.debootstrap.log" "debootstrap --variant=minbase bookworm" \
	debootstrap --variant=minbase bookworm "$dir" "$main"
cat >"$dir/etc/apt/sources.list" <<EOF
deb $main bookworm main
deb $main bookworm-updates main
deb $sec bookworm-security main
EOF
cp /etc/resolv.conf "$dir/etc/resolv.conf"
for m in proc sys dev dev/pts; do
	mkdir -p "$dir/$m"
	mount --bind "/$m" "$dir/$m"
	mounted+=("$dir/$m")
done
mount -t tmpfs tmpfs "$dir/dev/shm"
mounted+=("$dir/dev/shm")

chroot "$dir" dpkg-query -W -f='${Package} ${Version}\n' >"$dir.packages"
echo "packages=$(wc -l <"$dir.packages")" >>"$kv"
git -c safe.directory="$TOP" clone -q "$TOP" "$dir/root/repo"

# step NAME COMMAND: run COMMAND in the box's clone, timed.
step()
{
	local name=$1 t0 rc=0

	shift
	t0=$(date +%s)
	chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root TERM=dumb \
		LANG=C.UTF-8 bash -c "cd /root/repo && $*" >"$dir.$name.log" 2>&1 || rc=$?
	echo "step=$name rc=$rc secs=$(($(date +%s) - t0))" >>"$kv"
	say "$name: exit $rc in $(($(date +%s) - t0)) s (log: $dir.$name.log)"
	return 0
}
step apt-make "apt-get update -q && apt-get install -y -q make"
step doctor "make doctor"
step make "make"
step check "make check"
echo "check_summary=$(grep -E '^[0-9]+ passed' "$dir.check.log" | tail -n 1)" >>"$kv"
{ grep '^FAIL' "$dir/root/repo/build/check-results" 2>/dev/null || true; } | sed 's/^FAIL /check_fail=/' >>"$kv"
cat "$kv"
