#!/bin/bash
# The boot files (tests/boots/*.boot) say only what tests/boot.sh reads:
# every line a key of a boot, a known kernel and profile, and every test
# they name a selftest of the line's tree (on the main line every boot's;
# on another, those it runs: lines=all). A typo would otherwise leave a
# test out of its boot without a word. Result lines to RESULTS.
# Env: BOOTS_DIR (tests/boots/: another one shows the lint failing).
# Usage: boot-lint.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
dir=$LINUX/tools/testing/selftests/block-affinity
bad=""
n=0
for f in "${BOOTS_DIR:-$TOP/tests/boots}"/*.boot; do
	b=$(basename "$f" .boot)
	get() { sed -n "s/^$1=//p" "$f" | tail -n 1; }
	[ -n "$LINE_MAIN" ] || grep -qx 'lines=all' "$f" || continue
	n=$((n + 1))
	[ -z "$(boot_bad_keys "$f")" ] || bad="$bad $b(key: $(boot_bad_keys "$f" | head -n 1))"
	case $(get kernel) in "" | main | distro | rt) ;; *) bad="$bad $b(kernel $(get kernel))" ;; esac
	case $(get profile) in "" | llc | distro | rt) ;; *) bad="$bad $b(profile $(get profile))" ;; esac
	[ -n "$(get tests)" ] || bad="$bad $b(no tests)"
	for t in $(get tests); do
		[ -f "$dir/$t" ] || bad="$bad $b($t)"
	done
done
if [ -z "$bad" ] && [ "$n" -gt 0 ]; then
	echo "PASS boot files: keys, kernels, profiles and tests known ($n boots)" >>"$results"
else
	echo "FAIL boot files:${bad:- none found}" >>"$results"
fi
