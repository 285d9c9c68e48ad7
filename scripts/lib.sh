# shellcheck shell=bash
# Common settings and helpers for the project's scripts. Sourced, not run.
# shellcheck disable=SC2034  # settings used by the scripts that source it

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$TOP/build
LINUX=$BUILD/linux
KOBJ=$(realpath -m "${KOBJ:-$BUILD/obj}")
LOGDIR=$BUILD/log

# The tested base: Debian's linux-source-6.12 at this version, the
# tarball it installs as /usr/src/linux-source-6.12.tar.xz with this
# sha256, kept in build/ (scripts/base.sh).
BASE_PKG=linux-source-6.12
BASE_VERSION=6.12.117-1~deb12u1
BASE_SHA256=585a4a074597aefa2b1a68ada83a3184ba351c127544dea80618bbcceaa3961f
BASE_TARBALL=$BUILD/base/$BASE_PKG-$BASE_VERSION.tar.xz
# The version the series is posted as: [PATCH vN NN/MM] (make export).
SERIES_VERSION=3

mkdir -p "$BUILD" "$LOGDIR"

# The harness's own git commands run with a fixed configuration: none of
# the user's or the system's settings (format.signOff, diff.noprefix,
# commit.gpgSign, core.hooksPath... would change an exported patch or stop
# a commit). Only safe.directory, git's check of a repository's owner, is
# carried over from the user's and the system's configuration, as the
# user set it.
if [ -z "${BA_GIT_FIXED:-}" ]; then
	_n=0
	while IFS= read -r _d; do
		export "GIT_CONFIG_KEY_$_n=safe.directory" "GIT_CONFIG_VALUE_$_n=$_d"
		_n=$((_n + 1))
	done < <(git config --system --get-all safe.directory 2>/dev/null || true
		git config --global --get-all safe.directory 2>/dev/null || true)
	export GIT_CONFIG_COUNT=$_n GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
	export BA_GIT_FIXED=1
	unset _n _d
fi

# Time limits in seconds, set here and nowhere else. TIMEOUT_SCALE
# multiplies them for slow kernels (make check-debug: KASAN and lockdep
# under TCG make every test several times slower).
TIMEOUT_SCALE=${TIMEOUT_SCALE:-1}
T_VM=$((600 * TIMEOUT_SCALE))		# make vm, one ad hoc command
T_SELFTESTS=$((3000 * TIMEOUT_SCALE))	# one boot running every selftest
T_BOOT=$((300 * TIMEOUT_SCALE))		# an extra boot running one test
T_LANE=$((900 * TIMEOUT_SCALE))		# a boot of the distribution-like lane
T_BENCH=$((3000 * TIMEOUT_SCALE))	# one benchmark boot
T_KILL=10				# after a timeout, until SIGKILL
# One selftest may run for the timeout= of the selftests' settings file
# (tools/testing/selftests/block-affinity/settings), times TIMEOUT_SCALE:
# tests/vm-selftests.sh reads it there.

# Parallel jobs for every kernel and selftests build.
MAKE_JOBS=${MAKE_JOBS:-$(($(nproc) + 1))}

# The selftests' short profile: what make check (tests/check.sh) passes on
# the kernel command line, each value overridable from the environment.
# The tests' own defaults (selftests' lib.sh): stress 120 s, the A Q C
# matrix 400 requests per row on every device and steering, the pairing
# test 1024 requests per workload, the completion flood 60 s.
# Here: the stress test 30 s; the matrix 200 requests per row on
# virtio-blk and on null_blk with IPI steering (the null_blk rows with
# thread steering, whose placement comes from the same tables, are left to
# a plain run_tests or BA_MATRIX); the pairing test 512 requests; the
# completion flood 30 s (the unbounded thread of v1 starved the busy loop
# to 4% of the CPU, where the series leaves it half, a difference that
# 30 s shows as well, and 30 s is still past the soft lockup detector's 20).
BA_PROFILE="BA_STRESS_SECS=${BA_STRESS_SECS:-30} BA_NR_IOS=${BA_NR_IOS:-200} BA_PLUG_IOS=${BA_PLUG_IOS:-512} BA_MATRIX=${BA_MATRIX:-virtio,nullb-ipi} BA_FLOOD_SECS=${BA_FLOOD_SECS:-30}"
# The other runs' profiles, fixed as they were before this file held them
# (VM_APPEND, added after them, overrides a value; the tests' defaults
# apply to what they do not name):
# the distribution-like lane's elevator=nosuch boot: every matrix row at
# 400 requests, as a distribution's kernel runs them, and the two long
# tests short;
BA_PROFILE_DISTRO="BA_STRESS_SECS=30 BA_FLOOD_SECS=30"
# the PREEMPT_RT lane: the matrix with thread steering only (what
# PREEMPT_RT changes), 100 requests per row (lockdep makes it slow);
BA_PROFILE_RT="BA_STRESS_SECS=30 BA_NR_IOS=100 BA_MATRIX=nullb-kthread"
# the two-LLC boot: its cache-sharing rows at 200 requests;
BA_PROFILE_LLC="BA_NR_IOS=${BA_NR_IOS:-200}"
# the mutants: a 60 s stress test (races need time to show), 100 requests
# per matrix row (a wrong placement shows in every row);
BA_PROFILE_MUTANT="BA_NR_IOS=100 BA_STRESS_SECS=60"
# make demo-matrix: 200 requests per row.
BA_PROFILE_DEMO="BA_NR_IOS=200"

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
	# The cover letter is from the series' author (the last patch's), not
	# from whoever runs the export.
	git -C "$LINUX" -c user.name="$(git -C "$LINUX" log -1 --format=%an)" \
		-c user.email="$(git -C "$LINUX" log -1 --format=%ae)" \
		format-patch -q --zero-commit --no-signature --numbered \
		--subject-prefix="PATCH v$SERIES_VERSION" --abbrev=12 -o "$dir" \
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
# worktree DIR REF: DIR as a worktree of build/linux with REF's commit
# checked out (detached): added when missing, and removed and added again
# when it belongs to an earlier build/linux (rm -rf build/linux, FORCE=1
# make tree), whose worktrees git commands fail in. Fails unless DIR's
# HEAD is REF's commit afterwards.
worktree() {
	local dir want
	dir=$(realpath -m "$1")
	want=$(git -C "$LINUX" rev-parse -q --verify "$2^{commit}") || return 1
	git -C "$LINUX" worktree prune || return 1
	if [ -e "$dir" ] && ! git -C "$LINUX" worktree list --porcelain |
		grep -qxF "worktree $dir"; then
		say "${1#"$TOP"/} belonged to an earlier build/linux: added again"
		rm -rf "$dir"
	fi
	if [ ! -d "$dir" ]; then
		git -C "$LINUX" worktree add -q --detach "$dir" "$want" || return 1
	fi
	git -C "$dir" checkout -q --detach -f "$want" || return 1
	[ "$(git -C "$dir" rev-parse HEAD)" = "$want" ]
}


# backup_tree: keep everything of build/linux in build/backup.git before
# the tree is replaced, under refs named tree-<time>/: every branch and tag,
# every stash entry, and the working tree as it is (uncommitted changes and
# untracked files, not ignored ones: the objects live outside the tree) as
# a commit on top of HEAD.
backup_tree() {
	local ref idx tree wt s i=0
	ref=tree-$(date -u +%Y%m%d-%H%M%S)
	[ -d "$BUILD/backup.git" ] || git init -q --bare "$BUILD/backup.git"
	idx=$(mktemp)
	cp "$LINUX/.git/index" "$idx" 2>/dev/null || rm -f "$idx"
	GIT_INDEX_FILE=$idx git -C "$LINUX" add -A
	tree=$(GIT_INDEX_FILE=$idx git -C "$LINUX" write-tree)
	rm -f "$idx"
	wt=$(git -C "$LINUX" commit-tree "$tree" -p HEAD -m "build/linux's working tree, $ref")
	git -C "$LINUX" push -q "$BUILD/backup.git" "+$wt:refs/heads/$ref/worktree" \
		"+refs/heads/*:refs/heads/$ref/heads/*" "+refs/tags/*:refs/tags/$ref/*"
	while read -r s; do
		git -C "$LINUX" push -q "$BUILD/backup.git" "+$s:refs/heads/$ref/stash-$i"
		i=$((i + 1))
	done < <(git -C "$LINUX" stash list --format=%H)
	say "build/linux kept as $ref/ in build/backup.git (branches, tags, $i stash entries, the working tree)"
}
