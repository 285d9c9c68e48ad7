#!/bin/bash
# The benchmarks' tools build warning-free: the QEMU plugins (make bench,
# bench-isolation, bench-locality) against bench/qemu-plugin-v1.h, and the
# guest programs (a .c with a main(): pingpong.c) as the static programs
# they are. Objects in build/, result lines to RESULTS.
# Usage: bench-tools.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
for c in "$TOP"/bench/*.c; do
	[ -e "$c" ] || continue
	p=$(basename "$c" .c)
	if grep -q '^int main(' "$c"; then
		what="bench guest program builds" flags=(-static -pthread -o "$BUILD/$p")
	else
		what="bench plugin builds" flags=(-Wno-unused-parameter -shared -fPIC -o "$BUILD/$p.so")
	fi
	if gcc -O2 -Wall -Wextra -Werror "${flags[@]}" "$c" >"$LOGDIR/plugin-$p.log" 2>&1; then
		echo "PASS $what: $p" >>"$results"
	else
		echo "FAIL $what: $p (see $(rel "$LOGDIR")/plugin-$p.log)" >>"$results"
	fi
done
