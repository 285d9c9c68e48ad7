#!/bin/bash
# Check of the harness: the base is content-addressed (scripts/base.sh).
# In a scratch copy of scripts/ with its own build/, and apt-get and
# dpkg-query replaced by stubs that log their calls and fail (the stub
# dpkg-query says a newer linux-source-6.12 is installed, as after an
# apt upgrade):
#  - the installed /usr/src tarball, if it is the pinned one (else the
#    tree's build/base copy in its place), is taken into the copy's
#    build/ and found there on the next call;
#  - a tarball of other content, in build/ or in /usr/src, is never used:
#    base.sh fails and says what it wants;
#  - the host's packages are never installed, upgraded or downgraded
#    (the stub apt-get never sees "install").
# Appends result lines to RESULTS. Usage: harness-base.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
scratch=$(mktemp -d "$BUILD/harness-base.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/top/scripts" "$scratch/bin"
cp "$TOP/scripts/lib.sh" "$TOP/scripts/base.sh" "$scratch/top/scripts/"
cat >"$scratch/bin/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>"$scratch/calls"
exit 1
EOF
cat >"$scratch/bin/dpkg-query" <<EOF
#!/bin/sh
echo "dpkg-query \$*" >>"$scratch/calls"
printf '6.12.999-1~deb12u1'
EOF
chmod +x "$scratch/bin/apt-get" "$scratch/bin/dpkg-query"
: >"$scratch/calls"
# the copy's build/ and its tarball path (lib.sh, sourced in the copy)
tarball=$(bash -c '. "$1/scripts/lib.sh"; echo "$BASE_TARBALL"' sh "$scratch/top")
# This script removes and writes that path: never one outside its scratch
# directory (a lib.sh that keeps the base in /usr/src, as before).
case $tarball in
"$scratch"/*) ;;
*)	echo "FAIL harness: the base tarball is kept in build/ (lib.sh keeps it at $tarball)" >>"$results"
	exit 0 ;;
esac

# base SOURCES [USR_TARBALL]: base.sh of the copy; prints its version or
# nothing, and its exit status
base()
{
	local v rc=0

	v=$(PATH=$scratch/bin:$PATH BASE_SOURCES=$1 BASE_USR_TARBALL=${2:-/nonexistent} \
		"$scratch/top/scripts/base.sh" 2>"$scratch/err") || rc=$?
	echo "${v:-none} rc=$rc"
}

# the installed package's copy, or else the tree's own build/ copy in its
# place (what make tree left; the same content)
usr=/usr/src/$BASE_PKG.tar.xz
is_base() { [ -f "$1" ] && [ "$(sha256sum <"$1" | cut -d' ' -f1)" = "$BASE_SHA256" ]; }
is_base "$usr" || usr=$BASE_TARBALL
name="harness: the installed base tarball is taken into build/ and found there"
if is_base "$usr"; then
	got="$(base "build usr" "$usr") | $(base build)"
	if [ "$got" = "$BASE_VERSION rc=0 | $BASE_VERSION rc=0" ] && [ -f "$tarball" ]; then
		echo "PASS $name" >>"$results"
	else
		echo "FAIL $name (got '$got')" >>"$results"
	fi
	# not a write through the hard link to the system's file: a new file
	rm -f "$tarball"
else
	echo "SKIP $name (no $BASE_PKG $BASE_VERSION tarball in /usr/src or build/base)" >>"$results"
fi

name="harness: a base tarball of other content is never used"
mkdir -p "$(dirname "$tarball")"
echo "not the base" >"$scratch/other.tar.xz"
cp "$scratch/other.tar.xz" "$tarball"
got="$(base build) | $(base usr "$scratch/other.tar.xz")"
if [ "$got" = "none rc=1 | none rc=1" ] && grep -q "sha256 $BASE_SHA256" "$scratch/err"; then
	echo "PASS $name" >>"$results"
else
	echo "FAIL $name (got '$got': $(head -c 200 "$scratch/err"))" >>"$results"
fi

name="harness: finding the base installs nothing on the host"
rm -f "$tarball"
got=$(base "build usr apt" "$scratch/other.tar.xz")
if [ "$got" = "none rc=1" ] && grep -q "apt-get download" "$scratch/calls" &&
	! grep -q "apt-get .*install" "$scratch/calls"; then
	echo "PASS $name" >>"$results"
else
	echo "FAIL $name (got '$got'; calls: $(xargs <"$scratch/calls"))" >>"$results"
fi
