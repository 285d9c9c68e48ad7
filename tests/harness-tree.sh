#!/bin/bash
# Check of the harness: 'make tree' never loses a commit. In a scratch
# clone of this repository (sharing the line's base.git objects), on the
# line (LINE: build/linux and patches/, or build/linux-6.12 and
# patches/6.12/), build the tree, add a commit that the series does not
# have, and then:
#  1. change the series as a pull would: tree.sh must stop, naming both
#     ways out, and leave the commit in the tree;
#  2. FORCE=1: the tree is rebuilt from the series and the commit is kept
#     in the line's backup.git;
#  3. add another commit and change the base version: tree.sh must stop and
#     leave that commit in the tree.
# Appends one result line to RESULTS. Usage: harness-tree.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
harness_start "$results" harness-tree "make tree keeps unexported commits"

repo=$scratch/repo
clone_worktree "$repo"
seed_clone "$repo"
"$repo/scripts/tree.sh" >>"$log" 2>&1 || harness_fail "the scratch tree does not build"
lx=$repo/$(rel "$LINUX")
patches=$repo/$(rel "$PATCHES")
bk=$repo/$(rel "$BUILD")/backup.git

# unexported FILE: commit a change in the scratch build/linux, print its id.
unexported() {
	echo "work that the series does not have" >"$lx/$1"
	git -C "$lx" add "$1"
	git -C "$lx" -c user.name=t -c user.email=t@localhost commit -q -m "unexported $1"
	git -C "$lx" rev-parse HEAD
}

# 1. patches/ changed by a pull.
c1=$(unexported unexported-1)
sed -i '0,/^Subject: /s/$/ (pulled)/' "$patches/$(series_list | head -n 1)"
git -C "$repo" -c user.name=t -c user.email=t@localhost commit -q -am "a pull changes the series"
if "$repo/scripts/tree.sh" >>"$log" 2>&1; then
	harness_fail "tree.sh went on after the series changed"
fi
grep -q "make export" "$log" && grep -q "FORCE=1" "$log" || harness_fail "tree.sh did not name both ways out"
git -C "$lx" merge-base --is-ancestor "$c1" HEAD || harness_fail "the commit left the tree"

# 2. FORCE=1 replaces the tree and keeps the commit.
FORCE=1 "$repo/scripts/tree.sh" >>"$log" 2>&1 || harness_fail "FORCE=1 tree.sh failed"
git -C "$bk" cat-file -e "$c1^{commit}" 2>/dev/null ||
	harness_fail "the commit is not in $(rel "$BUILD")/backup.git"
git -C "$lx" log --format=%s base..HEAD | tail -n 1 | grep -q "(pulled)" || harness_fail "the tree is not the pulled series"

# 3. A base version change.
c3=$(unexported unexported-3)
echo "$BASE_VERSION-changed" >"$repo/$(rel "$BUILD")/base.version"
if "$repo/scripts/tree.sh" >>"$log" 2>&1; then
	harness_fail "tree.sh went on after the base version changed"
fi
grep -q "base version changes" "$log" || harness_fail "tree.sh did not say the base changed"
git -C "$lx" merge-base --is-ancestor "$c3" HEAD || harness_fail "the commit left the tree"

echo "PASS harness: make tree keeps unexported commits (pull: stops, FORCE=1 keeps it in $(rel "$BUILD")/backup.git; base change: stops)" >>"$results"
