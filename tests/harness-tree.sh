#!/bin/bash
# Check of the harness: 'make tree' never loses a commit. In a scratch
# clone of this repository (sharing build/base.git's objects), build
# build/linux, add a commit that patches/ does not have, and then:
#  1. change patches/ as a pull would: tree.sh must stop, naming both ways
#     out, and leave the commit in build/linux;
#  2. FORCE=1: the tree is rebuilt from patches/ and the commit is kept in
#     build/backup.git;
#  3. add another commit and change the base version: tree.sh must stop and
#     leave that commit in build/linux.
# Appends one result line to RESULTS. Usage: harness-tree.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
[ -d "$BUILD/base.git" ] || "$TOP/scripts/tree.sh" >/dev/null
scratch=$(mktemp -d "$BUILD/harness-tree.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
log=$LOGDIR/harness-tree.log
: >"$log"
fail() {
	echo "FAIL harness: make tree keeps unexported commits ($*, see ${log#"$TOP"/})" >>"$results"
	exit 0
}

repo=$scratch/repo
git clone -q "$TOP" "$repo"
mkdir -p "$repo/build"
git clone -q --bare --shared "$BUILD/base.git" "$repo/build/base.git"
cp "$BUILD/base.version" "$repo/build/"
"$repo/scripts/tree.sh" >>"$log" 2>&1 || fail "the scratch tree does not build"
lx=$repo/build/linux

# unexported FILE: commit a change in the scratch build/linux, print its id.
unexported() {
	echo "work that patches/ does not have" >"$lx/$1"
	git -C "$lx" add "$1"
	git -C "$lx" -c user.name=t -c user.email=t@localhost commit -q -m "unexported $1"
	git -C "$lx" rev-parse HEAD
}

# 1. patches/ changed by a pull.
c1=$(unexported unexported-1)
sed -i '0,/^Subject: /s/$/ (pulled)/' "$repo/patches/$(head -n 1 "$repo/patches/series")"
git -C "$repo" -c user.name=t -c user.email=t@localhost commit -q -am "a pull changes patches/"
if "$repo/scripts/tree.sh" >>"$log" 2>&1; then
	fail "tree.sh went on after patches/ changed"
fi
grep -q "make export" "$log" && grep -q "FORCE=1" "$log" || fail "tree.sh did not name both ways out"
git -C "$lx" merge-base --is-ancestor "$c1" HEAD || fail "the commit left build/linux"

# 2. FORCE=1 replaces the tree and keeps the commit.
FORCE=1 "$repo/scripts/tree.sh" >>"$log" 2>&1 || fail "FORCE=1 tree.sh failed"
git -C "$repo/build/backup.git" cat-file -e "$c1^{commit}" 2>/dev/null ||
	fail "the commit is not in build/backup.git"
git -C "$lx" log --format=%s base..HEAD | tail -n 1 | grep -q "(pulled)" || fail "the tree is not the pulled patches/"

# 3. A base version change.
c3=$(unexported unexported-3)
echo "6.12.0-changed" >"$repo/build/base.version"
if "$repo/scripts/tree.sh" >>"$log" 2>&1; then
	fail "tree.sh went on after the base version changed"
fi
grep -q "base version changes" "$log" || fail "tree.sh did not say the base changed"
git -C "$lx" merge-base --is-ancestor "$c3" HEAD || fail "the commit left build/linux"

echo "PASS harness: make tree keeps unexported commits (pull: stops, FORCE=1 keeps it in build/backup.git; base change: stops)" >>"$results"
