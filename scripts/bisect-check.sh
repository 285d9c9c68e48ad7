#!/bin/bash
# Build every commit of the series (base..HEAD of build/linux) on its own:
# the block layer and null_blk objects, with the VM config, so that each
# patch is known to compile. Usage: bisect-check.sh [TARGETS...]
set -eu
. "$(dirname "$0")/lib.sh"

targets=${*:-"block/ drivers/block/null_blk/ kernel/trace/"}
src=$BUILD/bisect-src
obj=$BUILD/obj-bisect
[ -d "$src" ] || git -C "$LINUX" worktree add -q --detach "$src" base
mkdir -p "$obj"
cp "$KOBJ/.config" "$obj/.config"
for c in $(git -C "$LINUX" rev-list --reverse base..HEAD); do
	git -C "$src" checkout -q --detach "$c"
	subject=$(git -C "$src" log -1 --format=%s)
	# shellcheck disable=SC2086
	if ! run_logged "$LOGDIR/bisect.log" "building: $subject" sh -c \
		"make -C '$src' O='$obj' olddefconfig >/dev/null && make -C '$src' O='$obj' -j3 W=1 $targets"; then
		die "does not build: $subject"
	fi
	if grep -q 'warning:' "$LOGDIR/bisect.log"; then
		grep 'warning:' "$LOGDIR/bisect.log" | sort -u | head >&2
		die "warnings: $subject"
	fi
done
