#!/bin/bash
# make bench-locality: cache-line transfers per IO where completions run,
# counted by the coherent cache model (bench/cache-model.c, validated by
# make bench-locality-validate), in the shape of the 2008 experiment
# (guest/locality.sh): the series' kernel, booted twice under
# -icount, once with one last-level cache (4 vCPUs; fio on CPU 1) and once
# with two (2 sockets of 2; fio on CPU 2, the interrupt's cache is CPUs
# 0-1). Writes bench/records/locality.md and bench/records/locality.png
# (bench/locality-report.sh); the per-row counts in build/locality.raw.
# Env: IOS (2000 reads per run), REPS (3), ICOUNT_SHIFT (3).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm bench

IOS=${IOS:-2000}
REPS=${REPS:-3}
SHIFT=${ICOUNT_SHIFT:-3}
ROWS="n-rq0 n-rq1 n-rq2 n-rq2k n-own n-ownk n-other v-rq0 v-rq1 v-rq2 v-rq2k v-own v-ownk v-other"
raw=$BUILD/locality.raw
start=$(date +%s)
"$TOP/scripts/kernel.sh"
made_by="make bench-locality (IOS=$IOS REPS=$REPS ICOUNT_SHIFT=$SHIFT); $(made_from), built with config/vm.config"
plugin=$BUILD/cache-model.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/cache-model.c"

: >"$raw"
ranges=$BUILD/locality.ranges
cat_ranges "$KOBJ" >"$ranges"
img=$KOBJ/arch/x86/boot/bzImage
args="arg=start=$(ksym "$img" __x64_sys_io_setup),arg=end=$(ksym "$img" __x64_sys_io_destroy),arg=ranges=$ranges"
for llc in one two; do
	case $llc in
	one) topo="" cores=4 app=1 own=3 other=- ;;
	two) topo=sockets=2,cores=2 cores=2 app=2 own=3 other=1 ;;
	esac
	out=$BUILD/vm/locality-$llc
	rm -rf "$out"
	mkdir -p "$out"
	say "locality: $llc LLC, $(echo "$ROWS" | wc -w) rows x $REPS x $IOS reads"
	t0=$(date +%s)
	KIMAGE=$KOBJ/arch/x86/boot/bzImage VM_ICOUNT=$SHIFT VM_TOPOLOGY=$topo VM_QUIET=1 \
		VM_OUT=$out VM_TIMEOUT=$T_BENCH \
		VM_PLUGIN="$plugin,arg=out=$out/windows,$args,arg=cpus=4,arg=cores=$cores" \
		"$TOP/scripts/vm.sh" \
		"bash $TOP/guest/locality.sh /run/out/rows $app $own $other $IOS $REPS $ROWS" ||
		die "locality VM failed ($llc), see ${out#"$TOP"/}/console.log"
	nrows=$(grep -c '^ROW' "$out/rows" || true)
	nwin=$(cut -d' ' -f1 "$out/windows" | sort -u | wc -l)
	[ "$nrows" = "$nwin" ] || die "$llc: $nwin model windows for $nrows fio runs"
	# raw: the n-th window is the n-th ROW line: one line per window, vCPU
	# and category, "llc=L row=R rep=N ios=N cpu=C cat=X insns=N ..."
	awk -v llc="$llc" 'NR == FNR { if ($1 == "ROW") r[n++] = "row=" $2 " rep=" $3 " ios=" $4; next }
		{ split($1, w, "="); $1 = "llc=" llc " " r[w[2]]; print }' \
		"$out/rows" "$out/windows" >>"$raw"
	say "$llc: $(($(date +%s) - t0)) s"
done
ELAPSED=$(($(date +%s) - start)) MADE_BY=$made_by IOS=$IOS REPS=$REPS SHIFT=$SHIFT \
	"$TOP/bench/locality-report.sh" "$raw" "$TOP/bench/records/locality.md" "$TOP/bench/records/locality.png"
say "bench/records/locality.md and .png written ($(($(date +%s) - start)) s)"
