#!/bin/bash
# The name a record gives the kernel code it was made from
# (scripts/lib.sh: kernel_code_of) keeps when a selftest or a document of
# the series changes and changes when the kernel's code does: trees made
# in a scratch index of the line's tree from its HEAD, with one file of
# tools/, one of Documentation/ and one of block/ changed. The work tree
# and HEAD are not touched. Result line to RESULTS.
# Usage: harness-kernel-code.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
idx=$(mktemp)
trap 'rm -f "$idx"' EXIT
# with PATH: the tree of HEAD with a line added to PATH.
with()
{
	local blob

	blob=$( { git -C "$LINUX" show "HEAD:$1"; echo "# changed"; } |
		git -C "$LINUX" hash-object -w --stdin)
	GIT_INDEX_FILE=$idx git -C "$LINUX" read-tree HEAD
	GIT_INDEX_FILE=$idx git -C "$LINUX" update-index --cacheinfo "100644,$blob,$1"
	GIT_INDEX_FILE=$idx git -C "$LINUX" write-tree
}
head=$(kernel_code_of HEAD)
tools=$(kernel_code_of "$(with tools/testing/selftests/block-affinity/lib.sh)")
doc=$(kernel_code_of "$(with Documentation/block/cpu-affinity.rst)")
code=$(kernel_code_of "$(with block/blk-mq-affinity.c)")
if [ "$tools" = "$head" ] && [ "$doc" = "$head" ] && [ "$code" != "$head" ]; then
	echo "PASS harness: the kernel code's name ignores a selftest and a document and changes with block/ ($head)" >>"$results"
else
	echo "FAIL harness: the kernel code's name: HEAD $head, a selftest changed $tools, a document $doc, block/ $code" >>"$results"
fi
