#!/bin/bash
# (Re)create build/linux: the pristine base imported into git and tagged
# 'base', then every patch of patches/series applied with git am.
set -eu
. "$(dirname "$0")/lib.sh"

version=$("$TOP/scripts/base.sh")
say "base: $BASE_PKG $version"

# Never throw away work. A tree that already matches patches/ is kept as it
# is, so that incremental kernel builds stay incremental. A tree that
# differs from patches/ (unexported commits, or patches/ changed by a pull)
# or holds uncommitted changes stops here, whatever the base version, and
# is only replaced with FORCE=1; even then its commits stay reachable from
# build/backup.git (one branch per replaced tree).
if [ -d "$LINUX/.git" ] && git -C "$LINUX" rev-parse -q --verify base >/dev/null; then
	same_base=0
	[ "$(cat "$BUILD/base.version" 2>/dev/null)" = "$version" ] && same_base=1
	clean=0
	[ -z "$(git -C "$LINUX" status --porcelain)" ] && clean=1
	if [ $same_base = 1 ] && [ $clean = 1 ] && tree_matches_patches; then
		say "build/linux already matches patches/ ($(wc -l <"$TOP/patches/series") patches)"
		exit 0
	fi
	if [ $clean = 1 ] && [ -z "$(git -C "$LINUX" rev-list base..HEAD)" ]; then
		: # nothing but the base: nothing to lose
	elif [ "${FORCE:-0}" != 1 ]; then
		tree_differences >&2
		[ $same_base = 1 ] ||
			echo "The base version changes: $(cat "$BUILD/base.version" 2>/dev/null) -> $version." >&2
		die "build/linux is not what patches/ holds. Either 'make export' (the tree has the newer work), or 'FORCE=1 make tree' (patches/ has it; the tree's commits are kept in build/backup.git)"
	else
		backup_tree
	fi
fi

# Reuse a cached pristine import of the same version: unpacking and
# committing 80k files takes a minute.
cache=$BUILD/base.git
if [ "$(cat "$BUILD/base.version" 2>/dev/null)" != "$version" ] || [ ! -d "$cache" ]; then
	rm -rf "$cache" "$BUILD/base.version" "$LINUX"
	mkdir -p "$LINUX"
	run_logged "$LOGDIR/unpack.log" "unpacking $BASE_TARBALL" \
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
	) >"$LOGDIR/import.log" 2>&1 || die "git import failed, see build/log/import.log"
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
	case $p in '' | '#'*) continue ;; esac
	if ! git -C "$LINUX" am -q --keep-cr "$TOP/patches/$p" >"$LOGDIR/am.log" 2>&1; then
		cat "$LOGDIR/am.log" >&2
		git -C "$LINUX" am --abort >/dev/null 2>&1 || true
		die "patch does not apply: $p"
	fi
	n=$((n + 1))
done <"$TOP/patches/series"
say "build/linux: base $version + $n patches"
