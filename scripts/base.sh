#!/bin/bash
# Make sure the base kernel source package is installed: the pinned
# BASE_VERSION if the archive still serves it, else the newest 6.12 with a
# warning. Prints the installed version on stdout.
set -eu
. "$(dirname "$0")/lib.sh"

installed() { dpkg-query -W -f='${Version}' "$BASE_PKG" 2>/dev/null || true; }

have=$(installed)
if [ "$have" != "$BASE_VERSION" ]; then
	[ "$(id -u)" -eq 0 ] || die "$BASE_PKG $BASE_VERSION is not installed (run as root)"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >"$LOGDIR/apt-update.log" 2>&1 || true
	if ! apt-get install -y -q --allow-downgrades "$BASE_PKG=$BASE_VERSION" \
		>"$LOGDIR/apt-base.log" 2>&1; then
		if [ -z "$have" ]; then
			apt-get install -y -q "$BASE_PKG" >>"$LOGDIR/apt-base.log" 2>&1 ||
				die "cannot install $BASE_PKG, see build/log/apt-base.log"
		fi
		warn "pinned base $BASE_PKG $BASE_VERSION is not available;" \
			"using $(installed) instead"
	fi
fi
[ -f "$BASE_TARBALL" ] || die "$BASE_TARBALL missing after installing $BASE_PKG"
installed
echo
