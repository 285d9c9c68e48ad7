# shellcheck shell=bash
# Common settings and helpers for the project's scripts. Sourced, not run.
# shellcheck disable=SC2034  # settings used by the scripts that source it

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

# Time limits in seconds, set here and nowhere else. TIMEOUT_SCALE
# multiplies them for slow kernels (make check-debug: KASAN and lockdep
# under TCG make every test several times slower).
TIMEOUT_SCALE=${TIMEOUT_SCALE:-1}
T_VM=$((600 * TIMEOUT_SCALE))		# make vm, one ad hoc command
T_SELFTESTS=$((3000 * TIMEOUT_SCALE))	# one boot running every selftest
T_BOOT=$((300 * TIMEOUT_SCALE))		# an extra boot running one test
T_LANE=$((900 * TIMEOUT_SCALE))		# a boot of the distribution-like lane
T_KSFT=$((1200 * TIMEOUT_SCALE))	# one selftest (its settings file: 1200)
T_BENCH=$((3000 * TIMEOUT_SCALE))	# one benchmark boot

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
# With docs/cover-letter.txt (subject line, blank line, body) it also
# writes 0000-cover-letter.patch, which patches/series does not list.
export_series() {
	local dir=$1 f cover=$TOP/docs/cover-letter.txt extra=()
	[ ! -f "$cover" ] || extra=(--cover-letter)
	git -C "$LINUX" format-patch -q --zero-commit --no-signature --numbered \
		--subject-prefix="PATCH v2" --abbrev=12 -o "$dir" \
		"${extra[@]}" base..HEAD
	if [ -f "$dir/0000-cover-letter.patch" ]; then
		# Dated like the last patch: the same tree exports the same file.
		python3 - "$dir/0000-cover-letter.patch" "$cover" \
			"$(git -C "$LINUX" log -1 --format=%aD)" <<'PY'
import re, sys
path, cover, date = sys.argv[1], sys.argv[2], sys.argv[3]
subject, _, body = open(cover).read().partition("\n\n")
text = open(path).read()
text = re.sub(r"^Date: .*$", "Date: " + date, text, count=1, flags=re.M)
text = text.replace("*** SUBJECT HERE ***", subject.strip())
text = text.replace("*** BLURB HERE ***", body.rstrip("\n"))
open(path, "w").write(text)
PY
	fi
	: >"$dir/series"
	for f in "$dir"/*.patch; do
		[ -e "$f" ] || break
		[ "$(basename "$f")" != 0000-cover-letter.patch ] || continue
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

# tree_differences: what build/linux holds that patches/ does not, and the
# other way round (file names of the exported series), and uncommitted
# changes.
tree_differences() {
	local tmp
	tmp=$(mktemp -d)
	export_series "$tmp"
	echo "build/linux against patches/:"
	diff -r -q -x '*.orig' "$tmp" "$TOP/patches" 2>&1 |
		sed -e "s|$tmp/|tree: |g" -e "s|$TOP/||g" -e 's/^/  /'
	git -C "$LINUX" status --short | sed 's/^/  uncommitted: /'
	rm -rf "$tmp"
}

# backup_tree: keep build/linux's commits (and uncommitted changes, as a
# commit on top) in build/backup.git before the tree is replaced.
backup_tree() {
	local ref stash
	ref=tree-$(date -u +%Y%m%d-%H%M%S)
	[ -d "$BUILD/backup.git" ] || git init -q --bare "$BUILD/backup.git"
	stash=$(git -C "$LINUX" stash create 2>/dev/null || true)
	git -C "$LINUX" push -q "$BUILD/backup.git" "+${stash:-HEAD}:refs/heads/$ref"
	say "build/linux's commits kept as $ref in build/backup.git"
}
