#!/bin/bash
# Rewrite the line's series (patches/; LINE=6.12: patches/6.12/) from its
# tree (build/linux; build/linux-6.12), base..HEAD. Byte-for-byte stable:
# re-exporting an unchanged tree changes nothing.
set -eu
. "$(dirname "$0")/lib.sh"

tree=$(rel "$LINUX")
[ -d "$LINUX/.git" ] || die "no $tree; run '$(make_cmd tree)' first"
[ -z "$(git -C "$LINUX" status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes; commit or fold them first"

# The series' files: those in PATCHES and its postings' directories
# (another line's directory in it is that line's).
mapfile -t pathspec < <(series_pathspec)
# patches_sum: a checksum of every file of the series, as export wrote them.
patches_sum() { series_files | (cd "$PATCHES" 2>/dev/null && xargs -r -d '\n' sha256sum --); }

# Uncommitted changes in the series that the last export did not write are
# someone's edits: they are not overwritten (FORCE=1 does).
if [ "${FORCE:-0}" != 1 ] && [ -n "$(git -C "$TOP" status --porcelain -- "${pathspec[@]}")" ] &&
	! patches_sum | cmp -s - "$BUILD/export.sum" 2>/dev/null; then
	git -C "$TOP" status --short -- "${pathspec[@]}" >&2
	die "$(rel "$PATCHES")/ has uncommitted changes that '$(make_cmd export)' did not write; commit them, or 'FORCE=1 $(make_cmd export)' to overwrite them"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export_series "$tmp"
mkdir -p "$PATCHES"
rm -f "$PATCHES"/*.patch "$PATCHES/series"
while read -r d; do
	rm -rf "${PATCHES:?}/$d"
done < <(posting_dirs)
cp -r "$tmp"/* "$PATCHES/"
patches_sum >"$BUILD/export.sum"
say "exported $(series_list | wc -l) patches to $(rel "$PATCHES")/"
