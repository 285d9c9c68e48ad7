#!/bin/bash
# The selftests' config declares every kernel option they need: each
# CONFIG_ option that a test names (in a probe or a skip reason) is set
# there, and each option set there exists in the line's tree (a typo
# would be dropped by merge_config.sh without a word). scripts/kernel.sh
# merges that config into every VM kernel, so a test whose option is
# missing there would skip for kselftest-merge users and pass here.
# Usage: config-lint.sh RESULTS [DIR]: DIR is the selftests' directory
# (default the line's tree's); one result line to RESULTS.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
dir=${2:-$LINUX/tools/testing/selftests/block-affinity}
[ -f "$dir/config" ] || { echo "FAIL selftests' config lists the options the tests name (no $(rel "$dir")/config)" >>"$results"; exit 0; }
set_opts=$(grep -oE '^CONFIG_[A-Z0-9_]+=[ym]' "$dir/config" | cut -d= -f1 | sort -u)
named=$(cat "$dir"/*.sh | grep -oE 'CONFIG_[A-Z0-9_]+' | sort -u)
missing=$(comm -23 <(printf '%s\n' "$named") <(printf '%s\n' "$set_opts") | paste -sd, -)
# The tree's Kconfig symbols, when DIR is in a kernel tree.
src=$(cd "$dir/../../../.." && pwd)
unknown=""
if [ -f "$src/Kconfig" ]; then
	symbols=$(grep -rhs --include='Kconfig*' -E '^(menu)?config [A-Z0-9_]+' "$src" |
		sed -E 's/^(menu)?config ([A-Z0-9_]+).*/CONFIG_\2/' | sort -u)
	unknown=$(comm -23 <(printf '%s\n' "$set_opts") <(printf '%s\n' "$symbols") | paste -sd, -)
fi
what="selftests' config lists the options the tests name"
if [ -z "$missing$unknown" ]; then
	echo "PASS $what ($(printf '%s\n' "$named" | grep -c .) named, $(printf '%s\n' "$set_opts" | grep -c .) set)" >>"$results"
else
	echo "FAIL $what (named but not set: ${missing:-none}; set but not in the tree's Kconfig: ${unknown:-none})" >>"$results"
fi
