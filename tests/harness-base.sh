#!/bin/bash
# Check of the harness: the base of every line (LINES) is content-addressed
# (scripts/base.sh). In a scratch copy of scripts/ with its own build/, and
# apt-get and dpkg-query replaced by stubs that log their calls and fail
# (the stub dpkg-query says a newer linux-source-X is installed, as after
# an apt upgrade), per line:
#  - the installed /usr/src tarball, if it is the pinned one (else the
#    tree's build/base copy in its place), is taken into the copy's
#    build/base and found there on the next call;
#  - a tarball of other content, in build/ or in /usr/src, is never used:
#    base.sh fails and says what it wants;
#  - the host's packages are never installed, upgraded or downgraded
#    (the stub apt-get never sees "install").
# And with the real apt-get, for a line that downloads through a private
# apt configuration (7.3: BASE_APT): its package lists are updated and a
# package of its suite downloaded (linux-config-X, a megabyte, not the base
# package: it holds no base tarball, which base.sh must refuse), and the
# host's apt sources (/etc/apt/sources.list*), package lists
# (/var/lib/apt/lists), cache (/var/cache/apt) and dpkg status are byte for
# byte what they were. SKIP when the archive cannot be reached.
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
printf '99.0.999-1'
EOF
chmod +x "$scratch/bin/apt-get" "$scratch/bin/dpkg-query"

# setting LINE VAR: VAR of LINE in the copy (lib.sh, sourced there)
setting() { LINE=$1 bash -c '. "$1/scripts/lib.sh"; eval "echo \"\$$2\""' sh "$scratch/top" "$2"; }

# base LINE SOURCES [USR_TARBALL]: base.sh of the copy on LINE, with the
# stubs; prints its version or nothing, and its exit status
base()
{
	local v rc=0

	v=$(LINE=$1 PATH=$scratch/bin:$PATH BASE_SOURCES=$2 BASE_USR_TARBALL=${3:-/nonexistent} \
		BASE_APT_URI=file:///nonexistent/ "$scratch/top/scripts/base.sh" 2>"$scratch/err") || rc=$?
	echo "${v:-none} rc=$rc"
}

# host_apt: the host's apt sources, lists, cache and dpkg status, a
# checksum per file.
host_apt()
{
	find /etc/apt/sources.list /etc/apt/sources.list.d /var/lib/apt/lists \
		/var/cache/apt /var/lib/dpkg/status -type f -print0 2>/dev/null |
		sort -z | xargs -0 -r sha256sum 2>/dev/null || true
}

for line in $LINES; do
	# the line's settings, in the copy and in this tree
	eval "$(line_settings "$line" && declare -p BASE_PKG BASE_VERSION BASE_SHA256 BASE_TARBALL BASE_APT BASE_SUITE)"
	tarball=$(setting "$line" BASE_TARBALL)
	: >"$scratch/calls"
	# This script removes and writes that path: never one outside its
	# scratch directory (a lib.sh that keeps the base in /usr/src, as
	# before).
	case $tarball in
	"$scratch"/*) ;;
	*)	echo "FAIL harness: base $line: the base tarball is kept in build/ (lib.sh keeps it at $tarball)" >>"$results"
		continue ;;
	esac

	# the installed package's copy, or else the tree's own build/ copy in
	# its place (what make tree left; the same content)
	usr=/usr/src/$BASE_PKG.tar.xz
	is_base() { [ -f "$1" ] && [ "$(sha256sum <"$1" | cut -d' ' -f1)" = "$BASE_SHA256" ]; }
	is_base "$usr" || usr=$BASE_TARBALL
	name="harness: base $line: the installed base tarball is taken into build/ and found there"
	if is_base "$usr"; then
		got="$(base "$line" "build usr" "$usr") | $(base "$line" build)"
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

	name="harness: base $line: a base tarball of other content is never used"
	mkdir -p "$(dirname "$tarball")"
	echo "not the base" >"$scratch/other.tar.xz"
	cp "$scratch/other.tar.xz" "$tarball"
	got="$(base "$line" build) | $(base "$line" usr "$scratch/other.tar.xz")"
	if [ "$got" = "none rc=1 | none rc=1" ] && grep -q "sha256 $BASE_SHA256" "$scratch/err"; then
		echo "PASS $name" >>"$results"
	else
		echo "FAIL $name (got '$got': $(head -c 200 "$scratch/err"))" >>"$results"
	fi

	name="harness: base $line: finding the base installs nothing on the host"
	rm -f "$tarball"
	got=$(base "$line" "build usr apt" "$scratch/other.tar.xz")
	if [ "$got" = "none rc=1" ] && grep -q "apt-get .*download" "$scratch/calls" &&
		! grep -q "apt-get .*install" "$scratch/calls"; then
		echo "PASS $name" >>"$results"
	else
		echo "FAIL $name (got '$got'; calls: $(xargs <"$scratch/calls"))" >>"$results"
	fi

	# The private apt configuration, for real.
	[ -n "$BASE_APT" ] || continue
	name="harness: base $line: the private apt configuration ($BASE_SUITE) changes nothing of the host's apt"
	config=linux-config-${BASE_PKG#linux-source-}
	before=$(host_apt)
	rc=0
	LINE=$line BASE_SOURCES=apt BASE_APT_PKG="$config=$BASE_VERSION" \
		"$scratch/top/scripts/base.sh" >/dev/null 2>"$scratch/err" || rc=$?
	after=$(host_apt)
	log=$(setting "$line" LOGDIR)/apt-base.log
	if [ "$before" != "$after" ]; then
		echo "FAIL $name (the host's files changed: $(diff <(echo "$before") <(echo "$after") | grep '^[<>]' | head -n 3 | xargs))" >>"$results"
	elif [ "$rc" = 0 ] || [ -f "$tarball" ]; then
		echo "FAIL $name ($config was taken for the base tarball)" >>"$results"
	elif ! grep -q "^Get:.* $config " "$log" 2>/dev/null; then
		echo "SKIP $name (no download from $BASE_SUITE: $(grep -m 1 -E '^(E|W|Err):' "$log" 2>/dev/null | head -c 160))" >>"$results"
	elif ! grep -q "sha256 $BASE_SHA256" "$scratch/err"; then
		echo "FAIL $name (base.sh did not say what it wants: $(head -c 200 "$scratch/err"))" >>"$results"
	else
		echo "PASS $name (lists updated, $config downloaded and refused as the base, the host's sources, lists, cache and dpkg status unchanged)" >>"$results"
	fi
done
