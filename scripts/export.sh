#!/bin/bash
# Rewrite patches/ from build/linux (base..HEAD). Byte-for-byte stable:
# re-exporting an unchanged tree changes nothing.
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$LINUX/.git" ] || die "no build/linux; run 'make tree' first"
[ -z "$(git -C "$LINUX" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes; commit or fold them first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export_series "$tmp"
rm -f "$TOP"/patches/*.patch "$TOP/patches/series"
cp "$tmp"/* "$TOP/patches/"
say "exported $(wc -l <"$TOP/patches/series") patches to patches/"
