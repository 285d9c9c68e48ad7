#!/bin/bash
# Check of the harness: the series is managed the same whatever the user's
# git configuration, and no work is lost. In a scratch clone of this
# repository (sharing the line's base.git objects; LINE: the tree and
# series of that line), with a HOME whose
# .gitconfig sets what changes patches or stops commits (format.signOff,
# diff.noprefix, diff.mnemonicPrefix, commit.gpgSign with a gpg that fails,
# a failing pre-commit and applypatch-msg hook):
#  1. make tree builds the tree, and make export, run right after,
#     writes the series byte for byte as committed;
#  2. a hand edit in the series stops make export, which leaves it in
#     place, and FORCE=1 overwrites it;
#  3. FORCE=1 make tree keeps in the line's backup.git every branch, every
#     stash entry and the working tree with its untracked files.
# HARNESS_REPO: a checkout to test instead of the scratch clone of this one
# (its build/ is replaced); HARNESS_PLAIN=1: no hostile .gitconfig (to see
# steps 2 and 3 alone on a checkout that fails step 1).
# Appends one result line to RESULTS. Usage: harness-git.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
harness_start "$results" harness-git "the series does not depend on the user's git config and keeps work"

home=$scratch/home
mkdir -p "$home/hooks"
printf '#!/bin/sh\nexit 1\n' >"$home/hooks/fail"
chmod +x "$home/hooks/fail"
for h in pre-commit applypatch-msg pre-applypatch commit-msg; do
	ln -s fail "$home/hooks/$h"
done
cat >"$home/.gitconfig" <<EOF
[user]
	name = Hostile Config
	email = hostile@localhost
[format]
	signOff = true
[diff]
	noprefix = true
	mnemonicPrefix = true
[commit]
	gpgSign = true
[gpg]
	program = false
[core]
	hooksPath = $home/hooks
[am]
	threeWay = true
EOF
# user: what the project's scripts run with, this user's config in effect
user() {
	[ -z "${HARNESS_PLAIN:-}" ] || home=$HOME
	env -u BA_GIT_FIXED -u GIT_CONFIG_GLOBAL -u GIT_CONFIG_NOSYSTEM \
		-u GIT_CONFIG_COUNT HOME="$home" "$@" >>"$log" 2>&1
}

repo=${HARNESS_REPO:-$scratch/repo}
if [ -z "${HARNESS_REPO:-}" ]; then
	clone_worktree "$repo"
fi
lx=$repo/$(rel "$LINUX")
bk=$repo/$(rel "$BUILD")/backup.git
patches=$repo/$(rel "$PATCHES")
# the series' files (not another line's directory in it)
mapfile -t series < <(series_pathspec)
rm -rf "$lx" "$bk"
seed_clone "$repo"

# 1. tree and export under the hostile config.
user "$repo/scripts/tree.sh" || harness_fail "make tree failed"
user "$repo/scripts/export.sh" || harness_fail "make export failed"
[ -z "$(git -C "$repo" status --porcelain -- "${series[@]}")" ] ||
	harness_fail "make export rewrote the series: $(git -C "$repo" status --porcelain -- "${series[@]}" | xargs)"

# 2. A hand edit in the series is not overwritten.
p=$patches/$(series_list | head -n 1)
echo "a hand edit" >>"$p"
if user "$repo/scripts/export.sh"; then
	harness_fail "make export overwrote a hand edit in the series"
fi
tail -n 1 "$p" | grep -q "a hand edit" || harness_fail "the hand edit is gone"
FORCE=1 user "$repo/scripts/export.sh" || harness_fail "FORCE=1 make export failed"
[ -z "$(git -C "$repo" status --porcelain -- "${series[@]}")" ] ||
	harness_fail "FORCE=1 make export did not overwrite the hand edit"

# 3. FORCE=1 keeps branches, stash entries and untracked files.
git -C "$lx" -c user.name=t -c user.email=t@localhost -c commit.gpgSign=false \
	checkout -q -b topic
echo topic >"$lx/harness-topic"
git -C "$lx" add harness-topic
git -C "$lx" -c user.name=t -c user.email=t@localhost -c commit.gpgSign=false \
	commit -q -m "a topic branch"
topic=$(git -C "$lx" rev-parse HEAD)
git -C "$lx" checkout -q master
echo stashed >>"$lx/Makefile"
git -C "$lx" -c user.name=t -c user.email=t@localhost stash -q
stash=$(git -C "$lx" rev-parse refs/stash)
echo untracked >"$lx/harness-untracked"
FORCE=1 user "$repo/scripts/tree.sh" || harness_fail "FORCE=1 make tree failed"
git -C "$bk" cat-file -e "$topic^{commit}" 2>/dev/null || harness_fail "the topic branch is not in the backup"
git -C "$bk" cat-file -e "$stash^{commit}" 2>/dev/null || harness_fail "the stash entry is not in the backup"
wt=$(git -C "$bk" for-each-ref --format='%(refname)' 'refs/heads/tree-*/worktree' | head -n 1)
[ -n "$wt" ] && [ "$(git -C "$bk" show "$wt:harness-untracked" 2>/dev/null)" = untracked ] ||
	harness_fail "the untracked file is not in the backup"
[ ! -e "$lx/harness-untracked" ] || harness_fail "FORCE=1 make tree left the old working tree"

echo "PASS harness: the series does not depend on the user's git config and keeps work (tree and export with a hostile ~/.gitconfig; a hand edit in $(rel "$PATCHES")/ kept; FORCE=1 keeps branches, stash, untracked files)" >>"$results"
