#!/bin/bash
# Check of the harness: the worktrees beside build/linux (build/base-src,
# build/series-src, build/mut-src) survive a re-created build/linux. In a
# scratch directory: a repository with a commit tagged "base" and a
# worktree of it; the repository removed and created again with other
# commits (as rm -rf build/linux, or FORCE=1 make tree after a base
# change, does); then scripts/lib.sh's worktree() must check the new
# base out in the old directory, and must fail, not go on with the old
# tree, for a commit the repository lacks.
# Appends one result line to RESULTS. Usage: harness-worktree.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
mkdir -p "$BUILD"
scratch=$(mktemp -d "$BUILD/harness-worktree.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
name="harness: a worktree of a re-created build/linux is repaired"
fail() {
	echo "FAIL $name ($*)" >>"$results"
	exit 0
}

# repo N: a repository in $LINUX whose "base" holds the file "v" = N.
repo() {
	rm -rf "$LINUX"
	git init -q "$LINUX"
	echo "$1" >"$LINUX/v"
	git -C "$LINUX" add v
	git -C "$LINUX" -c user.name=h -c user.email=h@h commit -q -m "v$1"
	git -C "$LINUX" tag base
}
LINUX=$scratch/linux
wt=$scratch/base-src
repo 1
worktree "$wt" base >/dev/null || fail "first checkout"
[ "$(cat "$wt/v")" = 1 ] || fail "first checkout holds v$(cat "$wt/v")"
repo 2
worktree "$wt" base >/dev/null || fail "checkout after the repository was re-created"
[ "$(cat "$wt/v")" = 2 ] || fail "the old tree is still checked out (v$(cat "$wt/v"))"
[ "$(git -C "$wt" rev-parse HEAD)" = "$(git -C "$LINUX" rev-parse base)" ] ||
	fail "HEAD is not the new base"
if worktree "$wt" 0123456789abcdef0123456789abcdef01234567 >/dev/null 2>&1; then
	fail "a commit the repository lacks was accepted"
fi
echo "PASS $name" >>"$results"
