#!/bin/bash
# (Re)create the line's tree (build/linux; LINE=6.12: build/linux-6.12):
# the pristine base imported into git and tagged 'base', then every patch
# of the line's series (patches/series; patches/6.12/series) applied with
# git am.
set -eu
. "$(dirname "$0")/lib.sh"

version=$("$TOP/scripts/base.sh")
say "base: $BASE_PKG $version"
tree=$(rel "$LINUX")
cache=$BUILD/base.git

# tree_base: the base version of the tree: what the pristine import's
# cache records, or, for a tree without one (imported by hand, or by an
# earlier layout of build/), what its base commit says.
tree_base() {
	cat "$BUILD/base.version" 2>/dev/null ||
		git -C "$LINUX" log -1 --format=%s base |
		sed -n "s/^Linux \(.*\) (Debian $BASE_PKG)\$/\1/p"
}

# cache_from_tree: the pristine import's cache from the tree's base.
cache_from_tree() {
	rm -rf "$cache" "$BUILD/base.version"
	git init -q --bare -b master "$cache"
	git -C "$cache" fetch -q "$LINUX" refs/tags/base:refs/tags/base
	git -C "$cache" update-ref refs/heads/master "base^{commit}"
	echo "$version" >"$BUILD/base.version"
}

# Never throw away work. A tree that already matches the series is kept as
# it is, so that incremental kernel builds stay incremental. A tree that
# differs from the series (unexported commits, or a series changed by a
# pull) or holds uncommitted changes stops here, whatever the base
# version, and is only replaced with FORCE=1; even then its commits stay
# reachable from the line's backup.git (one branch per replaced tree).
if [ -d "$LINUX/.git" ] && git -C "$LINUX" rev-parse -q --verify base >/dev/null; then
	same_base=0
	[ "$(tree_base)" = "$version" ] && same_base=1
	clean=0
	[ -z "$(git -C "$LINUX" status --porcelain)" ] && clean=1
	if [ $same_base = 1 ] && [ $clean = 1 ] && tree_matches_patches; then
		[ -d "$cache" ] || cache_from_tree
		say "$tree already matches $(rel "$PATCHES")/ ($(series_list | wc -l) patches)"
		exit 0
	fi
	if [ $clean = 1 ] && [ -z "$(git -C "$LINUX" rev-list base..HEAD)" ]; then
		: # nothing but the base: nothing to lose
	elif [ "${FORCE:-0}" != 1 ]; then
		tree_differences >&2
		[ $same_base = 1 ] ||
			echo "The base version changes: $(tree_base) -> $version." >&2
		die "$tree is not what $(rel "$PATCHES")/ holds. Either '$(make_cmd export)' (the tree has the newer work), or 'FORCE=1 $(make_cmd tree)' ($(rel "$PATCHES")/ has it; the tree's commits are kept in $(rel "$BUILD")/backup.git)"
	else
		backup_tree
	fi
fi

# Reuse a cached pristine import of the same version: unpacking and
# committing 80k files takes a minute.
if [ "$(cat "$BUILD/base.version" 2>/dev/null)" != "$version" ] || [ ! -d "$cache" ]; then
	rm -rf "$cache" "$BUILD/base.version" "$LINUX"
	mkdir -p "$LINUX"
	run_logged "$LOGDIR/unpack.log" "unpacking $(rel "$BASE_TARBALL")" \
		tar -xJf "$BASE_TARBALL" -C "$LINUX" --strip-components=1
	# Debian's packaging .gitignore hides the whole top level and every
	# dot-file; drop that block so the tree behaves like upstream's.
	sed -i '/^# Debian packaging/,$d' "$LINUX/.gitignore"
	rm -rf "$LINUX/debian"
	(
		cd "$LINUX"
		git init -q -b master
		git config user.name "$(git -C "$TOP" config user.name || echo builder)"
		git config user.email "$(git -C "$TOP" config user.email || echo builder@localhost)"
		git add -A -f
		git -c core.hooksPath=/dev/null commit -q -m "Linux $version (Debian $BASE_PKG)"
		git tag base
	) >"$LOGDIR/import.log" 2>&1 || die "git import failed, see $(rel "$LOGDIR")/import.log"
	git clone -q --bare "$LINUX" "$cache"
	echo "$version" >"$BUILD/base.version"
else
	if [ ! -d "$LINUX/.git" ]; then
		git clone -q "$cache" "$LINUX"
		git -C "$LINUX" config user.name "$(git -C "$TOP" config user.name || echo builder)"
		git -C "$LINUX" config user.email "$(git -C "$TOP" config user.email || echo builder@localhost)"
	fi
	git -C "$LINUX" fetch -q "$cache" 'refs/tags/base:refs/tags/base'
	git -C "$LINUX" am --abort >/dev/null 2>&1 || true
	git -C "$LINUX" checkout -q -B master base
	git -C "$LINUX" reset -q --hard base
	git -C "$LINUX" clean -q -fdx
fi

n=0
while read -r p; do
	if ! git -C "$LINUX" am -q --keep-cr "$PATCHES/$p" >"$LOGDIR/am.log" 2>&1; then
		cat "$LOGDIR/am.log" >&2
		git -C "$LINUX" am --abort >/dev/null 2>&1 || true
		die "patch does not apply: $p"
	fi
	n=$((n + 1))
done < <(series_list)
say "$tree: base $version + $n patches"
