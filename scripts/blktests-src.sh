#!/bin/bash
# Unpack the blktests snapshot (BLKTESTS_TARBALL, sha256 pinned: Debian
# has no package of blktests) into DIR, emptied first, and copy the
# project's cases (BLKTESTS_CASES, default blktests/tests/) into its
# tests/, none of which may replace one of the snapshot's. Exit 0: done;
# 2: no snapshot at BLKTESTS_TARBALL; 1: the tarball is not the pinned
# snapshot, a case would replace one, or another error (on stderr).
# Usage: blktests-src.sh DIR
set -eu
. "$(dirname "$0")/lib.sh"

dir=$1
tarball=${BLKTESTS_TARBALL:-$TOP/../shared/blktests/blktests-a608cb5.tar.gz}
sha=eeda78dbac2cd31a385c183865043b020a7bfe662c350cdb0b0b0f2b95372962
cases=${BLKTESTS_CASES:-$TOP/blktests/tests}

[ -r "$tarball" ] || exit 2
if [ "$(sha256sum <"$tarball" | cut -d' ' -f1)" != "$sha" ]; then
	echo "$tarball is not the pinned blktests snapshot (sha256)" >&2
	exit 1
fi
rm -rf "$dir"
mkdir -p "$dir"
tar -xzf "$tarball" -C "$dir" --strip-components=1
# A case may not replace one of blktests' own.
for f in "$cases"/*/*; do
	t=${f#"$cases"/}
	case $t in */rc) continue ;; esac
	if [ -e "$dir/tests/$t" ]; then
		echo "blktests' snapshot has a tests/$t already" >&2
		exit 1
	fi
done
cp -r "$cases"/. "$dir/tests/"
