#!/bin/bash
# make SPHINXDIRS=block htmldocs on the base and on the series (build/linux):
# the series must add no Sphinx or kernel-doc warning. The base's warnings
# are kept in build/ per base version. Appends one result line to RESULTS.
# Usage: htmldocs.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
if ! command -v sphinx-build >/dev/null; then
	echo "SKIP htmldocs: sphinx-build is not installed (Debian: python3-sphinx)" >>"$results"
	exit 0
fi

# doc_warnings SRC OUT: build the block documents of SRC into OUT and print
# their warnings with the source path and line numbers taken out, sorted.
doc_warnings() {
	rm -rf "$2"
	mkdir -p "$2"
	make -C "$1" O="$2" SPHINXDIRS=block htmldocs >"$2.log" 2>&1 || return 1
	grep -E 'WARNING|ERROR' "$2.log" |
		sed -E "s|$1/||g; s|$2/||g; s|:[0-9]+:|:|g" | sort -u
}

base_warn=$BUILD/htmldocs-base-$BASE_VERSION.warnings
if [ ! -f "$base_warn" ]; then
	worktree "$BUILD/base-src" base || {
		echo "FAIL htmldocs: cannot check the base out in $(rel "$BUILD")/base-src" >>"$results"
		exit 0
	}
	doc_warnings "$BUILD/base-src" "$BUILD/htmldocs-base" >"$base_warn.tmp" || {
		echo "FAIL htmldocs: the base's documents do not build ($(rel "$BUILD")/htmldocs-base.log)" >>"$results"
		exit 0
	}
	mv "$base_warn.tmp" "$base_warn"
fi
if ! doc_warnings "$LINUX" "$BUILD/htmldocs" >"$BUILD/htmldocs.warnings"; then
	echo "FAIL htmldocs: the series' documents do not build ($(rel "$BUILD")/htmldocs.log)" >>"$results"
	exit 0
fi
new=$(comm -13 "$base_warn" "$BUILD/htmldocs.warnings")
if [ -n "$new" ]; then
	echo "FAIL htmldocs: the series adds $(printf '%s\n' "$new" | wc -l) warning(s)" >>"$results"
	printf '%s\n' "$new" | sed 's/^/    /' >&2
else
	echo "PASS htmldocs: SPHINXDIRS=block, $(wc -l <"$BUILD/htmldocs.warnings") warning(s), as on the base ($(wc -l <"$base_warn"))" >>"$results"
fi
