# shellcheck shell=bash
# Common settings and helpers for the project's scripts. Sourced, not run.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$TOP/build
LINUX=$BUILD/linux
KOBJ=$(realpath -m "${KOBJ:-$BUILD/obj}")
LOGDIR=$BUILD/log

# The tested base: Debian's linux-source-6.12 at this version.
BASE_PKG=linux-source-6.12
BASE_VERSION=6.12.117-1~deb12u1
BASE_TARBALL=/usr/src/linux-source-6.12.tar.xz

mkdir -p "$BUILD" "$LOGDIR"

say() { printf '>>> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# run_logged LOG DESC CMD...: run CMD with its output in LOG, one status line.
run_logged() {
	local log=$1 desc=$2 start rc
	shift 2
	start=$(date +%s)
	printf '>>> %s (log: %s) ... ' "$desc" "${log#"$TOP"/}"
	if "$@" >"$log" 2>&1; then rc=0; else rc=$?; fi
	if [ "$rc" -eq 0 ]; then
		printf 'done in %ss\n' $(($(date +%s) - start))
	else
		printf 'FAILED (exit %s) after %ss\n' "$rc" $(($(date +%s) - start))
		tail -n 30 "$log" >&2
	fi
	return "$rc"
}

# export_series DIR: write base..HEAD of build/linux as patches + series
# into DIR. Byte-stable: the same commits always give the same files.
export_series() {
	local dir=$1 f
	git -C "$LINUX" format-patch -q --zero-commit --no-signature --no-numbered \
		--abbrev=12 -o "$dir" base..HEAD
	: >"$dir/series"
	for f in "$dir"/*.patch; do
		[ -e "$f" ] || break
		basename "$f" >>"$dir/series"
	done
}

# tree_matches_patches: true when build/linux's commits are exactly patches/.
tree_matches_patches() {
	local tmp rc=0
	[ -d "$LINUX/.git" ] && git -C "$LINUX" rev-parse -q --verify base >/dev/null || return 1
	tmp=$(mktemp -d)
	export_series "$tmp"
	diff -r -q -x '*.orig' "$tmp" "$TOP/patches" >/dev/null 2>&1 || rc=1
	rm -rf "$tmp"
	return $rc
}

# bench_kimage KERNEL: the image that scripts/bench-kernels.sh built for
# "base" (the unpatched base) or "patched".
bench_kimage() {
	case $1 in
	base) echo "$BUILD/obj-base/arch/x86/boot/bzImage" ;;
	patched) echo "$KOBJ/arch/x86/boot/bzImage" ;;
	*) die "no benchmark kernel '$1'" ;;
	esac
}
