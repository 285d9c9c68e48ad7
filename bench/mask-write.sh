#!/bin/bash
# Latency of a completion_affinity write with IO in flight, on one or more
# kernels (KIMAGES, space-separated bzImage paths; default: the patched
# kernel of the main config). Wall-clock TCG, 4 vCPUs; the write includes
# the shell's fork and exec of echo's redirection, the same for every
# kernel. Writes BENCH_OUT (bench/records/mask-write.txt): the lines of provenance
# (bench/bench-lib.sh), then <kernel>.<completion_nsec>.p50_us=... etc.
# Env: KIMAGES, NSECS ("100000 1000000 10000000"), WRITES (20), BENCH_OUT.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm
made_by=$(command_line "bench/mask-write.sh" KIMAGES NSECS WRITES BENCH_OUT)
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/mask-write.txt}

KIMAGES=${KIMAGES:-$KOBJ/arch/x86/boot/bzImage}
NSECS=${NSECS:-100000 1000000 10000000}
WRITES=${WRITES:-20}
for img in $KIMAGES; do
	[ -f "$img" ] || die "no ${img#"$TOP"/}; run make kernel first"
done
provenance "$made_by" "tcg=multi cpus=4 writes=$WRITES" "config/*.config" >"$BENCH_OUT.tmp"
for img in $KIMAGES; do
	name=$(basename "${img%/arch/x86/boot/bzImage}")
	for nsec in $NSECS; do
		run=$(mktemp -d "$BUILD/vm/mw.XXXXXX")
		KIMAGE=$img VM_TIMEOUT=$T_BENCH VM_OUT=$run "$TOP/scripts/vm.sh" \
			"bash $TOP/guest/mask-write.sh $nsec $WRITES >/run/out/guest.out" \
			>"$run/out.txt" 2>&1 || die "VM failed, see ${run#"$TOP"/}"
		grep -o 'MASKW [0-9 ]*' "$run/guest.out" |
			awk '{ print $4 / 1000 }' |
			sort -n | awk -v k="$name.$nsec" '{ v[NR] = $1 }
			END { printf "%s.writes=%d\n%s.min_us=%.0f\n%s.p50_us=%.0f\n%s.max_us=%.0f\n",
				k, NR, k, v[1], k, v[int((NR + 1) / 2)], k, v[NR] }'
	done
done >>"$BENCH_OUT.tmp"
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
