# shellcheck shell=bash
# Common settings and helpers for the project's scripts. Sourced, not run.
# shellcheck disable=SC2034  # settings used by the scripts that source it

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# The kernel line, LINE: 7.3 (the default: the series as posted, in
# patches/) or 6.12 (its backport, in patches/6.12/). It is set and read
# here and nowhere else: every script works on the line's base, series,
# tree and build outputs below, and the scripts it runs inherit LINE.
# Both lines' tarballs are kept in build/base/; everything else a line
# makes is under its BUILD (7.3: build/, 6.12: build/6.12/), and its tree
# is a direct child of build/ (build/linux, build/linux-6.12), so that a
# 6.12 run and a 7.3 run never share a tree, an object, a cache or a
# result.
LINES="7.3 6.12"
# The version the series is posted as: [PATCH v4 NN/MM], and the 6.12
# backport [PATCH 6.12 v4 NN/MM] (make export).
SERIES_VERSION=4

# line_settings LINE: set the settings of LINE (the scripts that report
# on both lines, make check and make doctor, call it in a subshell for the
# other line). Fails for an unknown line.
#  BASE_PKG, BASE_VERSION, BASE_SHA256: the tested base, Debian's
#   linux-source-X at this version, the tarball it installs as
#   /usr/src/BASE_PKG.tar.xz with this sha256, kept in BASE_TARBALL
#   (scripts/base.sh);
#  BASE_SUITE: the Debian suite that serves it; BASE_APT: for a suite the
#   host's apt sources do not have, the private apt configuration that
#   downloads it (empty: the host's own sources);
#  PATCHES: the series (git format-patch files, series, cover letter);
#  POSTINGS: on the posted line, the postings the series is sent as, in
#   order (one line each: the directory of PATCHES it is exported to, its
#   subject prefix, its cover letter, the subject of its last patch);
#  COVER_LETTER, SUBJECT_PREFIX: a line sent as one series (no POSTINGS):
#   its cover letter (subject line, blank line, body), what make export
#   puts in [...];
#  LINUX: the tree (base, tagged "base", plus the series);
#  BUILD: the line's build outputs (objects, selftests, the pristine
#   import's cache base.git and base.version, VM runs, logs, results);
#  LINE_MAIN: 1 on the posted line (make check runs everything on it, and
#   the other lines' subset after it);
#  LINE_TAG: what prefixes the other lines' result lines ("6.12: ");
#  DISTRO_CONFIG: the distribution-like kernels' fragments (the lanes, the
#   distribution-like benchmarks): config/distro/distro.config and the
#   line's preemption model, as Debian's kernel of the line has it
#   (DISTRO_CONFIG_NAMES: the same for records, joined by "+");
#  RT_CONFIG: the PREEMPT_RT lane's fragments on top of those:
#   config/rt/rt.config and the line's preemption model (RT_CONFIG_NAMES:
#   for records).
line_settings() {
	case $1 in
	7.3)
		BASE_PKG=linux-source-7.3
		BASE_VERSION=7.3.4-1~bpo13+1
		BASE_SHA256=76df1affb19f24926949369be1d74b60071c963c598ce8780bddd4bbf0fc3bc4
		BASE_SUITE=trixie-backports
		BASE_APT=$TOP/build/apt-$BASE_SUITE
		PATCHES=$TOP/patches
		POSTINGS=$TOP/docs/postings.txt
		COVER_LETTER=""
		SUBJECT_PREFIX=""
		LINUX=$TOP/build/linux
		BUILD=$TOP/build
		LINE_MAIN=1
		LINE_TAG="" ;;
	6.12)
		BASE_PKG=linux-source-6.12
		BASE_VERSION=6.12.117-1~deb12u1
		BASE_SHA256=585a4a074597aefa2b1a68ada83a3184ba351c127544dea80618bbcceaa3961f
		BASE_SUITE=bookworm-security
		BASE_APT=""
		PATCHES=$TOP/patches/6.12
		POSTINGS=""
		COVER_LETTER=$TOP/docs/cover-letter-6.12.txt
		SUBJECT_PREFIX="PATCH 6.12 v$SERIES_VERSION"
		LINUX=$TOP/build/linux-6.12
		BUILD=$TOP/build/6.12
		LINE_MAIN=""
		LINE_TAG="6.12: " ;;
	*)
		return 1 ;;
	esac
	BASE_TARBALL=$TOP/build/base/$BASE_PKG-$BASE_VERSION.tar.xz
	LOGDIR=$BUILD/log
	DISTRO_CONFIG="$TOP/config/distro/distro.config $TOP/config/distro/$1.config"
	DISTRO_CONFIG_NAMES=config/distro/distro.config+config/distro/$1.config
	RT_CONFIG="$TOP/config/rt/rt.config $TOP/config/rt/$1.config"
	RT_CONFIG_NAMES=config/rt/rt.config+config/rt/$1.config
}
LINE=${LINE:-7.3}
line_settings "$LINE" || { printf 'ERROR: LINE=%s: no such line (%s)\n' "$LINE" "$LINES" >&2; exit 1; }
# Paths a script hands to the scripts it runs (KOBJ, KIMAGE...) belong to
# its line: a script of another line (make check runs the 6.12 line's
# from the 7.3 one) starts from its own.
if [ "${BA_LINE:-$LINE}" != "$LINE" ]; then
	unset KOBJ KIMAGE KSFT_OUT SRC LANE_KOBJ BENCH_PATCHED_OBJ EXTRA_CONFIG
fi
export LINE BA_LINE=$LINE
KOBJ=$(realpath -m "${KOBJ:-$BUILD/obj}")

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
T_START=$((150 * TIMEOUT_SCALE))		# a boot to its init's first line (scripts/vm.sh)
T_LANE=$((900 * TIMEOUT_SCALE))		# a boot of the distribution-like lane
T_BENCH=$((3000 * TIMEOUT_SCALE))	# one benchmark boot
T_KILL=10				# after a timeout, until SIGKILL
T_CHECK=$((4800 * TIMEOUT_SCALE))	# make check, to its summary (CI stops it at 90 min)
T_CHECK_FULL=$((9000 * TIMEOUT_SCALE))	# make check-full, to its summary
# One selftest may run for the timeout= of the selftests' settings file
# (tools/testing/selftests/block-affinity/settings), times TIMEOUT_SCALE:
# tests/vm-selftests.sh reads it there.

# Parallel jobs for every kernel and selftests build.
MAKE_JOBS=${MAKE_JOBS:-$(($(nproc) + 1))}

# The selftests' sizes. Their defaults are the short forms (selftests'
# lib.sh, ba_profile): the matrix, LLC and NVMe tests 200 requests per
# case, the matrix's virtio-blk rows and null_blk rows with IPI steering
# (the rows with thread steering use the same tables), the pairing test
# 512 requests per workload with the schedulers none and mq-deadline, the
# stress test 30 s, the completion flood 30 s (the unbounded thread of v1
# starved the busy loop to 4% of the CPU, where the series leaves it half,
# a difference that 30 s shows as well, and 30 s is still past the soft
# lockup detector's 20). BA_FULL=1 gives the long forms: 400 requests,
# every matrix run, 1024 requests and bfq too, 120 s and 60 s.
# What make check (tests/check.sh) passes on the kernel command line: the
# defaults, and any of these variables set in the environment.
# (one word each: the tests take commas where they take spaces).
BA_PROFILE=""
for _ba_v in BA_FULL BA_STRESS_SECS BA_NR_IOS BA_PLUG_IOS BA_PLUG_SCHEDS BA_MATRIX BA_FLOOD_SECS; do
	[ -z "${!_ba_v:-}" ] || BA_PROFILE="$BA_PROFILE${BA_PROFILE:+ }$_ba_v=${!_ba_v// /,}"
done
unset _ba_v
# The other runs' profiles (VM_APPEND, added after them, overrides a value):
# the distribution-like lane's elevator=nosuch boot: the long forms, as a
# distribution's kernel would run them, with the two long tests short;
BA_PROFILE_DISTRO="BA_FULL=1 BA_STRESS_SECS=30 BA_FLOOD_SECS=30"
# the PREEMPT_RT lane: the matrix with thread steering only (what
# PREEMPT_RT changes), 100 requests per row (lockdep makes it slow);
BA_PROFILE_RT="BA_STRESS_SECS=30 BA_NR_IOS=100 BA_MATRIX=nullb-kthread"
# the two-LLC, write-queue and poll-queue boots: 200 requests per case;
BA_PROFILE_LLC="BA_NR_IOS=${BA_NR_IOS:-200}"
# the mutants: the long forms (every matrix run, every scheduler of the
# pairing test) with a 60 s stress test (races need time to show) and 100
# requests per matrix row (a wrong placement shows in every row);
BA_PROFILE_MUTANT="BA_FULL=1 BA_NR_IOS=100 BA_STRESS_SECS=60"
# make demo-matrix: 200 requests per row, every matrix run.
BA_PROFILE_DEMO="BA_NR_IOS=200 BA_MATRIX=virtio,nullb-ipi,nullb-kthread"

# cap_time T: T seconds, or the time left until make check's deadline
# (CHECK_DEADLINE, seconds since the epoch, which tests/check.sh exports)
# if that is less; 0 when it has passed.
cap_time() {
	local left
	if [ -n "${CHECK_DEADLINE:-}" ]; then
		left=$((CHECK_DEADLINE - $(date +%s)))
		[ "$left" -gt 0 ] || left=0
		[ "$left" -ge "$1" ] || { echo "$left"; return; }
	fi
	echo "$1"
}

say() { printf '>>> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }
# rel PATH: PATH as the messages name it, relative to the repository.
rel() { printf '%s\n' "${1#"$TOP"/}"; }
# make_cmd TARGET: the make command line of TARGET on this line.
make_cmd() {
	if [ -n "$LINE_MAIN" ]; then
		printf 'make %s\n' "$1"
	else
		printf 'LINE=%s make %s\n' "$LINE" "$1"
	fi
}

# in_line LINE CMD...: run CMD on LINE (a script of the project, which
# sources this file again and takes that line's settings).
in_line() {
	local line=$1
	shift
	LINE=$line "$@"
}
# tag_results LINE: the result lines on stdin, each tagged with LINE's
# LINE_TAG ("PASS 6.12: kernel builds") unless it has it already.
tag_results() {
	local tag
	tag=$(line_settings "$1" && printf '%s' "$LINE_TAG")
	if [ -z "$tag" ]; then
		cat
	else
		sed -E "/^(PASS|FAIL|SKIP) ${tag//./\\.}/!s/^(PASS|FAIL|SKIP) /\\1 $tag/"
	fi
}

# apt_private [apt-cache] ARGS...: apt-get (or apt-cache) with the line's
# private configuration (BASE_APT): its own sources (BASE_APT/etc),
# package lists and cache, and no installed packages. The host's sources,
# lists, cache and dpkg status are neither read nor written; the rest of
# the host's apt configuration (a proxy) applies.
apt_private() {
	local cmd=apt-get
	[ "$1" != apt-cache ] || { cmd=$1; shift; }
	"$cmd" -o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$BASE_APT/etc" \
		-o Dir::State::Lists="$BASE_APT/lists" -o Dir::Cache="$BASE_APT/cache" \
		-o Dir::State::status=/dev/null "$@"
}
# apt_archive_uri: the Debian archive the host's apt sources use (the
# first source of a suite that is not a security suite), as apt has it.
apt_archive_uri() {
	apt-get indextargets --format '$(REPO_URI) $(RELEASE)' 2>/dev/null |
		awk '$2 != "" && $2 !~ /-security$/ && $1 !~ /security/ { print $1; exit }'
}
# apt_private_setup: BASE_APT's sources: BASE_SUITE from the Debian
# archive of the host's own sources (BASE_APT_URI overrides it), signed by
# Debian's archive keys. Fails when the host's sources name no archive.
apt_private_setup() {
	local uri=${BASE_APT_URI:-$(apt_archive_uri)}
	[ -n "$uri" ] || return 1
	mkdir -p "$BASE_APT/etc" "$BASE_APT/lists/partial" "$BASE_APT/cache/archives/partial"
	rm -f "$BASE_APT"/etc/*.sources "$BASE_APT"/etc/*.list
	printf '%s\n' "Types: deb" "URIs: $uri" "Suites: $BASE_SUITE" "Components: main" \
		"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" >"$BASE_APT/etc/debian.sources"
}

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

# format_series DIR RANGE PREFIX COVER: write RANGE of the line's tree
# (LINUX) as git format-patch files into DIR, [PREFIX NN/MM], and, with
# COVER (subject line, blank line, body), 0000-cover-letter.patch.
# Byte-stable: the same commits always give the same files.
format_series() {
	local dir=$1 range=$2 prefix=$3 cover=$4 extra=()
	[ ! -f "$cover" ] || extra=(--cover-letter)
	# The cover letter is from the series' author (the last patch's), not
	# from whoever runs the export.
	git -C "$LINUX" -c user.name="$(git -C "$LINUX" log -1 --format=%an)" \
		-c user.email="$(git -C "$LINUX" log -1 --format=%ae)" \
		format-patch -q --zero-commit --no-signature --numbered \
		--subject-prefix="$prefix" --abbrev=12 -o "$dir" \
		"${extra[@]}" "$range"
	[ -f "$dir/0000-cover-letter.patch" ] || return 0
	# Dated like the range's last patch: the same tree exports the same file.
	python3 - "$dir/0000-cover-letter.patch" "$cover" \
		"$(git -C "$LINUX" log -1 --format=%aD "${range#*..}")" <<'PY'
import re, sys
path, cover, date = sys.argv[1], sys.argv[2], sys.argv[3]
subject, _, body = open(cover).read().partition("\n\n")
text = open(path).read()
text = re.sub(r"^Date: .*$", "Date: " + date, text, count=1, flags=re.M)
text = text.replace("*** SUBJECT HERE ***", subject.strip())
text = text.replace("*** BLURB HERE ***", body.rstrip("\n"))
open(path, "w").write(text)
PY
}

# postings: the line's POSTINGS without comments, one a line:
# directory|prefix|cover letter|subject of the last patch.
postings() {
	[ -n "$POSTINGS" ] || return 0
	grep -v -E '^[[:space:]]*(#|$)' "$POSTINGS"
}

# export_series DIR: write base..HEAD of the line's tree (LINUX) as
# patches + series into DIR. A line sent as one series gets its patches
# and cover letter in DIR; on the posted line each posting (POSTINGS)
# has its patches numbered from 1, in DIR as N-NNNN-*.patch (N: the
# posting's number), and its cover letter in a directory of DIR named
# after it, the posting ending at the commit with its last subject. series
# lists every patch in order (no cover letter), each posting's under a
# comment line. Fails when a posting's last patch is not found after the
# previous posting's, or commits are left after the last posting.
export_series() {
	local dir=$1 f from=base to d prefix cover last
	: >"$dir/series"
	if [ -z "$POSTINGS" ]; then
		format_series "$dir" base..HEAD "$SUBJECT_PREFIX" "$COVER_LETTER"
		for f in "$dir"/*.patch; do
			[ -e "$f" ] || break
			[ "$(basename "$f")" != 0000-cover-letter.patch ] || continue
			basename "$f" >>"$dir/series"
		done
		return 0
	fi
	while IFS='|' read -r d prefix cover last; do
		to=$(git -C "$LINUX" log --reverse --format='%H %s' "$from..HEAD" |
			awk -v s="$last" 'substr($0, 42) == s { print $1; exit }')
		[ -n "$to" ] || die "$(rel "$POSTINGS"): posting $d: no patch \"$last\" after $from"
		[ -f "$TOP/$cover" ] || die "$(rel "$POSTINGS"): posting $d: no cover letter $cover"
		mkdir -p "$dir/$d"
		format_series "$dir/$d" "$from..$to" "$prefix v$SERIES_VERSION" "$TOP/$cover"
		printf '# %s: [%s v%s], cover letter %s/0000-cover-letter.patch\n' \
			"$d" "$prefix" "$SERIES_VERSION" "$d" >>"$dir/series"
		# The patches side by side in DIR, prefixed with the posting's
		# number (1-0001-..., 2-0001-...: in order as a glob sorts them);
		# the cover letter stays in the posting's directory.
		for f in "$dir/$d"/*.patch; do
			[ "$(basename "$f")" != 0000-cover-letter.patch ] || continue
			mv "$f" "$dir/${d%%-*}-$(basename "$f")"
			echo "${d%%-*}-$(basename "$f")" >>"$dir/series"
		done
		from=$to
	done < <(postings)
	[ "$(git -C "$LINUX" rev-parse HEAD)" = "$(git -C "$LINUX" rev-parse "$from")" ] ||
		die "$(rel "$POSTINGS"): commits after the last posting's last patch"
}

# posting_dirs: the directories of PATCHES the line's postings are
# exported to, one a line (none for a line sent as one series).
posting_dirs() {
	postings | cut -d'|' -f1
}

# series_files: the files of the line's series, relative to PATCHES and
# sorted: its own files and its postings' (another line's directory in
# PATCHES is not part of it).
series_files() {
	local d
	(
		cd "$PATCHES" 2>/dev/null || exit 0
		find . -maxdepth 1 -type f -printf '%P\n'
		posting_dirs | while read -r d; do
			[ ! -d "$d" ] || find "$d" -maxdepth 1 -type f
		done
	) | LC_ALL=C sort
}

# series_pathspec: git pathspecs of the series' files in the repository.
series_pathspec() {
	local r d
	r=$(rel "$PATCHES")
	printf '%s\n' ":(glob)$r/*"
	posting_dirs | while read -r d; do printf '%s\n' ":(glob)$r/$d/*"; done
}

# patches_diff DIR: diff -q of an exported series in DIR against the
# line's PATCHES (its files: another line's directory in it is not part
# of it).
patches_diff() {
	local d skip=(-x '*.orig')
	for d in $LINES; do
		skip+=(-x "$d")
	done
	diff -r -q "${skip[@]}" "$1" "$PATCHES"
}

# BOOT_KEYS: the keys of a boot file (tests/boot.sh says what they mean).
BOOT_KEYS="kernel lines label append profile cpus topology nvme_queues nvme_subsys timeout tests"

# boot_bad_keys FILE: the lines of boot file FILE that set no key of a boot.
boot_bad_keys() {
	grep -v -E "^[[:space:]]*(#|\$)|^(${BOOT_KEYS// /|})=" "$1" || true
}

# boot_names KERNEL [all]: the boots of KERNEL (main, distro, rt), the
# names of their files in tests/boots/; with "all", only those that every
# line's make check runs (lines=all).
boot_names() {
	local f k
	for f in "$TOP"/tests/boots/*.boot; do
		k=$(sed -n 's/^kernel=//p' "$f")
		[ "${k:-main}" = "$1" ] || continue
		[ "${2:-}" != all ] || grep -qx 'lines=all' "$f" || continue
		basename "$f" .boot
	done
}

# series_list: the patches of the line's series file, one a line (none
# when it has no series file yet).
series_list() {
	[ ! -f "$PATCHES/series" ] || grep -v -E '^[[:space:]]*(#|$)' "$PATCHES/series" || true
}

# kernel_code_of TREE: the kernel code of TREE (a tree or commit of the
# line's tree, LINUX), as 12 hex digits: a hash of the blob of every file
# outside tools/ and Documentation/ that differs from the base, by path.
# It names the code that a kernel is built from, whatever the patches that
# made it: the same code from patches in another order, or split
# differently, has the same hash; a new selftest, document or commit
# message keeps it; any change to the kernel's code changes it. A record
# names the code it was made from by it (tree_kernel_code), and
# tests/provenance.sh compares that with the committed series'
# (series_kernel_code).
kernel_code_of() {
	git -C "$LINUX" diff --raw --no-renames --full-index base "$1" -- . \
		':(exclude)tools' ':(exclude)Documentation' | sha256sum | cut -c1-12
}

# series_kernel_code: kernel_code_of the line's committed series (PATCHES
# applied to the base in a scratch index of the line's tree; the work tree
# is not touched), or nothing if the line has no tree yet.
series_kernel_code() {
	local idx p rc=0

	git -C "$LINUX" rev-parse -q --verify 'base^{tree}' >/dev/null 2>&1 || return 0
	idx=$(mktemp)
	GIT_INDEX_FILE=$idx git -C "$LINUX" read-tree base
	while read -r p; do
		GIT_INDEX_FILE=$idx git -C "$LINUX" apply --cached "$PATCHES/$p" || { rc=1; break; }
	done < <(series_list)
	[ "$rc" != 0 ] || kernel_code_of "$(GIT_INDEX_FILE=$idx git -C "$LINUX" write-tree)"
	rm -f "$idx"
	return $rc
}

# tree_kernel_code: kernel_code_of the line's tree (HEAD), with "-dirty"
# when it has uncommitted changes: what a record was made from.
tree_kernel_code() {
	local dirty=""

	[ -z "$(git -C "$LINUX" status --porcelain --untracked-files=no)" ] || dirty=-dirty
	printf '%s%s\n' "$(kernel_code_of HEAD)" "$dirty"
}

# command_line CMD VAR...: CMD as a benchmark was run, each VAR that is
# set before it as VAR=value (shell-quoted, paths relative to the
# repository): the record's "made_by".
command_line()
{
	local cmd=$1 v
	shift

	for v in "$@"; do
		[ -z "${!v:-}" ] || printf '%s=%q ' "$v" "${!v#"$TOP"/}"
	done
	printf '%s' "$cmd"
}

# repo_rev: this repository's commit, with "-dirty" when a file that
# makes records differs from it. The records under bench/records/ do not
# count: a chain of benchmarks leaves the ones it made uncommitted while
# the next one runs.
repo_rev() {
	local dirty=""

	[ -z "$(git -C "$TOP" status --porcelain --untracked-files=no -- . \
		':(exclude)bench/records')" ] || dirty=-dirty
	printf '%s%s\n' "$(git -C "$TOP" rev-parse --short HEAD)" "$dirty"
}

# made_from: what a record was made from, for its "Made by" line: "the
# series at <tree commit> (kernel code <tree_kernel_code>; this repository
# at <commit>)".
made_from() {
	printf 'the series at %s (kernel code %s; this repository at %s)\n' \
		"$(git -C "$LINUX" rev-parse --short=12 HEAD)" "$(tree_kernel_code)" \
		"$(repo_rev)"
}

# tree_matches_patches: true when the tree's commits are exactly PATCHES.
tree_matches_patches() {
	local tmp rc=0
	[ -d "$LINUX/.git" ] && git -C "$LINUX" rev-parse -q --verify base >/dev/null || return 1
	tmp=$(mktemp -d)
	# (a subshell: export_series dies on commits that no posting takes)
	if (export_series "$tmp") >/dev/null 2>&1; then
		patches_diff "$tmp" >/dev/null 2>&1 || rc=1
	else
		rc=1
	fi
	rm -rf "$tmp"
	return $rc
}

# remove_later DIR: remove DIR without waiting for it. DIR is renamed
# (an instant rename on the same file system) to DIR.removing and removed
# by a detached process. A scratch kernel tree's 90k files take minutes to
# remove where the file system discards freed blocks as it goes (mount -o
# discard, as on the machines this was written on: 6 minutes for one
# tree), and nothing needs to wait for that. A removal that a shutdown
# interrupts leaves DIR.removing, which the next make check removes.
remove_later() {
	[ -e "$1" ] || return 0
	if mv -T "$1" "$1.removing" 2>/dev/null; then
		setsid nice -n 19 rm -rf "$1.removing" </dev/null >/dev/null 2>&1 &
	else
		rm -rf "$1"
	fi
}

# lane_kernel LANE FRAGMENTS RESULTS: build a lane's kernel in KOBJ with
# the config FRAGMENTS (scripts/kernel.sh), and say so in RESULTS: a PASS
# line, or a FAIL line naming the build log and a failed status.
lane_kernel() {
	if EXTRA_CONFIG=$2 "$TOP/scripts/kernel.sh"; then
		echo "PASS $1: kernel and modules build" >>"$3"
	else
		echo "FAIL $1: kernel and modules build (see $(rel "$LOGDIR")/build-$(basename "$KOBJ").log)" >>"$3"
		return 1
	fi
}

# harness_start RESULTS NAME WHAT: the start of a harness check that works in a
# scratch clone (tests/harness-git.sh, harness-tree.sh): the line's base
# imported, a scratch directory $scratch (removed by remove_later() when
# the check exits) and an empty log $log, both named NAME; then
# harness_fail MSG appends "FAIL harness: WHAT (MSG, see LOG)" to
# RESULTS and ends the check, whose exit status stays 0: the FAIL line is
# its verdict.
harness_start() {
	[ -d "$BUILD/base.git" ] || "$TOP/scripts/tree.sh" >/dev/null
	harness_results=$1
	scratch=$(mktemp -d "$BUILD/$2.XXXXXX")
	# shellcheck disable=SC2064  # the directory is known now
	trap "remove_later '$scratch'" EXIT
	log=$LOGDIR/$2.log
	: >"$log"
	harness_what=$3
}

harness_fail() {
	echo "FAIL harness: $harness_what ($*, see ${log#"$TOP"/})" >>"$harness_results"
	exit 0
}

# clone_worktree REPO: REPO becomes a clone of this repository as its
# working tree is, uncommitted edits and new files included (committed
# there as one commit), so that the harness tests what is about to be
# committed, not only HEAD.
clone_worktree() {
	git clone -q "$TOP" "$1"
	git -C "$TOP" ls-files -z -c -o --exclude-standard |
		(cd "$TOP" && xargs -0 -r sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
		tar -C "$TOP" --null -T - -cf - | tar -C "$1" -xf -
	git -C "$TOP" ls-files -z -d | (cd "$1" && xargs -0 -r rm -f --)
	git -C "$1" add -A
	git -C "$1" diff --cached --quiet ||
		git -C "$1" -c user.name=harness -c user.email=harness@localhost \
			commit -q -m "the working tree under test"
}

# seed_clone REPO: REPO, a clone of this repository (the harness's
# scratch clones), gets the line's base without a download or an import:
# the tarball (a hard link) and the pristine import's cache (sharing its
# objects), at the same places.
seed_clone() {
	local b tb
	b=$1/$(rel "$BUILD")
	tb=$1/$(rel "$(dirname "$BASE_TARBALL")")
	mkdir -p "$b" "$tb"
	rm -rf "$b/base.git"
	git clone -q --bare --shared "$BUILD/base.git" "$b/base.git"
	cp "$BUILD/base.version" "$b/"
	ln -f "$BASE_TARBALL" "$tb/" 2>/dev/null || cp "$BASE_TARBALL" "$tb/"
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

# tree_differences: what the tree holds that PATCHES does not, and the
# other way round (file names of the exported series), and uncommitted
# changes.
tree_differences() {
	local tmp
	tmp=$(mktemp -d)
	echo "$(rel "$LINUX") against $(rel "$PATCHES")/:"
	if (export_series "$tmp") 2>"$tmp.err"; then
		patches_diff "$tmp" 2>&1 |
			sed -e "s|$tmp/|tree: |g" -e "s|$tmp|tree|g" -e "s|$TOP/||g" -e 's/^/  /'
	else
		sed 's/^/  /' "$tmp.err"
	fi
	rm -f "$tmp.err"
	git -C "$LINUX" status --short | sed 's/^/  uncommitted: /'
	rm -rf "$tmp"
}
# worktree DIR REF: DIR as a worktree of the line's tree (LINUX) with
# REF's commit checked out (detached): added when missing, and removed and
# added again when it belongs to an earlier tree (rm -rf build/linux,
# FORCE=1 make tree), whose worktrees git commands fail in. Fails unless DIR's
# HEAD is REF's commit afterwards.
worktree() {
	local dir want
	dir=$(realpath -m "$1")
	want=$(git -C "$LINUX" rev-parse -q --verify "$2^{commit}") || return 1
	git -C "$LINUX" worktree prune || return 1
	if [ -e "$dir" ] && ! git -C "$LINUX" worktree list --porcelain |
		grep -qxF "worktree $dir"; then
		say "$(rel "$1") belonged to an earlier $(rel "$LINUX"): added again"
		rm -rf "$dir"
	fi
	if [ ! -d "$dir" ]; then
		git -C "$LINUX" worktree add -q --detach "$dir" "$want" || return 1
	fi
	git -C "$dir" checkout -q --detach -f "$want" || return 1
	[ "$(git -C "$dir" rev-parse HEAD)" = "$want" ]
}


# backup_tree: keep everything of the tree (LINUX) in the line's
# BUILD/backup.git (build/backup.git, build/6.12/backup.git) before the
# tree is replaced, under refs named tree-<time>/: every branch and tag,
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
	wt=$(git -C "$LINUX" commit-tree "$tree" -p HEAD -m "$(rel "$LINUX")'s working tree, $ref")
	git -C "$LINUX" push -q "$BUILD/backup.git" "+$wt:refs/heads/$ref/worktree" \
		"+refs/heads/*:refs/heads/$ref/heads/*" "+refs/tags/*:refs/tags/$ref/*"
	while read -r s; do
		git -C "$LINUX" push -q "$BUILD/backup.git" "+$s:refs/heads/$ref/stash-$i"
		i=$((i + 1))
	done < <(git -C "$LINUX" stash list --format=%H)
	say "$(rel "$LINUX") kept as $ref/ in $(rel "$BUILD")/backup.git (branches, tags, $i stash entries, the working tree)"
}
