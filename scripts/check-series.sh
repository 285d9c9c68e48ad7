#!/bin/bash
# Build every commit of the series (base..HEAD of build/linux) on its own:
# the block layer, null_blk, md and tracing objects, with the VM config, so that each
# patch is known to compile. Then the tip with the configurations the VM
# kernels never have: CONFIG_BLK_CPU_AFFINITY=n (the series' stubs),
# CONFIG_BLK_DEV_IO_TRACE=n and CONFIG_SMP=n, the same objects with W=1
# and kernel/sched/ (the housekeeping hook) without, each against the base
# built the same way; objects only, no link.
# Usage: check-series.sh [TARGETS...]
set -eu
. "$(dirname "$0")/lib.sh"

targets=${*:-"block/ drivers/block/null_blk/ drivers/md/ kernel/trace/"}
src=$BUILD/series-src
obj=$BUILD/obj-series
mkdir -p "$obj"
cp "$KOBJ/.config" "$obj/.config"
# warnings LOG: the W=1 warnings in LOG, without paths and line numbers, so
# that the same warning matches when a patch moves it.
warnings() {
	grep 'warning:' "$1" | sed -E "s|^$src/||; s|:[0-9]+:[0-9]+:|:|" | sort -u
}

# build COMMIT: check COMMIT out and build the targets (incrementally),
# with the main kernel's config: copied again for each commit, since
# olddefconfig on a commit before the series' options drops them (the
# commits after would then build with CONFIG_BLK_CPU_AFFINITY=n alone).
# Fails, without building, unless the worktree holds COMMIT.
build() {
	worktree "$src" "$1" || return 1
	cp "$KOBJ/.config" "$obj/.config"
	# shellcheck disable=SC2086
	run_logged "$LOGDIR/check-series.log" "building: $(git -C "$src" log -1 --format=%s)" sh -c \
		"make -C '$src' O='$obj' olddefconfig >/dev/null && make -C '$src' O='$obj' -j$MAKE_JOBS W=1 $targets"
}

# The base has W=1 warnings of its own (drivers/md): a patch fails only on
# warnings that the base build does not have.
for t in $targets; do
	[ ! -d "$obj/$t" ] || find "$obj/$t" -name '*.o' -delete
done
build base || die "the base does not build"
warnings "$LOGDIR/check-series.log" >"$obj.base-warnings"
for c in $(git -C "$LINUX" rev-list --reverse base..HEAD); do
	subject=$(git -C "$LINUX" log -1 --format=%s "$c")
	# A patch that changes only selftests and documentation changes no
	# object: the build of the commit before it stands for it.
	if [ -z "$(git -C "$LINUX" diff --name-only "$c^" "$c" | grep -v -E '^(tools/testing|Documentation)/')" ]; then
		echo ">>> nothing to build: $subject"
		continue
	fi
	build "$c" || die "does not build: $subject"
	new=$(warnings "$LOGDIR/check-series.log" | comm -13 "$obj.base-warnings" -)
	if [ -n "$new" ]; then
		printf '%s\n' "$new" | head >&2
		die "warnings: $subject"
	fi
done

# variant OPTION: the base, then the tip, built with the main config and
# OPTION turned off by scripts/config: the option must be off, and the
# tip may have no W=1 warning that the base has not with that config (so
# that a base warning only that config shows is not blamed on the series).
# BLK_CPU_AFFINITY depends on SMP: the SMP=n build compiles the series'
# stubs, not its code, on one CPU.
variant() {
	local opt=$1 cfg=$obj/.config c
	for c in base HEAD; do
		worktree "$src" "$c" || die "no worktree of $c"
		cp "$KOBJ/.config" "$cfg"
		"$src/scripts/config" --file "$cfg" -d "$opt"
		# shellcheck disable=SC2086
		run_logged "$LOGDIR/check-series.log" "building $c with $opt=n" sh -c \
			"make -C '$src' O='$obj' olddefconfig >/dev/null &&
			 make -C '$src' O='$obj' -j$MAKE_JOBS W=1 $targets &&
			 make -C '$src' O='$obj' -j$MAKE_JOBS kernel/sched/" ||
			die "$c does not build with $opt=n"
		! grep -q "^CONFIG_$opt=" "$cfg" || die "CONFIG_$opt is still set"
		[ "$c" = HEAD ] || warnings "$LOGDIR/check-series.log" >"$obj.variant-warnings"
	done
	new=$(warnings "$LOGDIR/check-series.log" | comm -13 "$obj.variant-warnings" -)
	if [ -n "$new" ]; then
		printf '%s\n' "$new" | head >&2
		die "warnings with $opt=n"
	fi
}
variant BLK_CPU_AFFINITY
variant BLK_DEV_IO_TRACE
variant SMP
cp "$KOBJ/.config" "$obj/.config"
