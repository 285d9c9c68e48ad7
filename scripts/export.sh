#!/bin/bash
# Rewrite patches/ from build/linux (base..HEAD). Byte-for-byte stable:
# re-exporting an unchanged tree changes nothing.
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$LINUX/.git" ] || die "no build/linux; run 'make tree' first"
[ -z "$(git -C "$LINUX" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes; commit or fold them first"

# patches_sum: a checksum of every file in patches/, as export wrote them.
patches_sum() { (cd "$TOP/patches" && sha256sum -- *); }

# Uncommitted changes in patches/ that the last export did not write are
# someone's edits: they are not overwritten (FORCE=1 does).
if [ "${FORCE:-0}" != 1 ] && [ -n "$(git -C "$TOP" status --porcelain -- patches)" ] &&
	! patches_sum | cmp -s - "$BUILD/export.sum" 2>/dev/null; then
	git -C "$TOP" status --short -- patches >&2
	die "patches/ has uncommitted changes that 'make export' did not write; commit them, or 'FORCE=1 make export' to overwrite them"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export_series "$tmp"
rm -f "$TOP"/patches/*.patch "$TOP/patches/series"
cp "$tmp"/* "$TOP/patches/"
patches_sum >"$BUILD/export.sum"
say "exported $(wc -l <"$TOP/patches/series") patches to patches/"
