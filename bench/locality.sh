#!/bin/bash
# make bench-locality: cache-line transfers per IO where completions run,
# counted by the coherent cache model (bench/cache-model.c, validated by
# make bench-locality-validate), in the shape of the 2008 experiment
# (bench/guest-locality.sh): the series' kernel, booted twice under
# -icount, once with one last-level cache (4 vCPUs; fio on CPU 1) and once
# with two (2 sockets of 2; fio on CPU 2, the interrupt's cache is CPUs
# 0-1). Writes bench/locality.md and bench/locality.png
# (bench/locality-report.sh); the per-row counts in build/locality.raw.
# Env: IOS (2000 reads per run), REPS (3), ICOUNT_SHIFT (3).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm bench

IOS=${IOS:-2000}
REPS=${REPS:-3}
SHIFT=${ICOUNT_SHIFT:-3}
ROWS="n-rq0 n-rq1 n-rq2 n-rq2k n-own n-ownk n-other v-rq0 v-rq1 v-rq2 v-rq2k v-own v-ownk v-other"
raw=$BUILD/locality.raw
start=$(date +%s)
"$TOP/scripts/kernel.sh"
made_by="make bench-locality (IOS=$IOS REPS=$REPS ICOUNT_SHIFT=$SHIFT); the series at $(git -C "$LINUX" rev-parse --short=12 HEAD) (this repository at $(git -C "$TOP" describe --always --dirty)), built with config/vm.config"
plugin=$BUILD/cache-model.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/cache-model.c"

# cat_ranges OBJ: "START END CATEGORY" of the kernel's functions by where
# they are built (block layer, block drivers, scheduler, IPI, interrupts
# and softirqs), sorted; a name defined twice in vmlinux is left out.
cat_ranges()
{
	local o=$1

	{
		nm --defined-only "$o/block/built-in.a" "$o/kernel/trace/blktrace.o" | sed 's/^/block /'
		nm --defined-only "$o/drivers/block/built-in.a" "$o/drivers/virtio/built-in.a" \
			"$o/drivers/nvme/built-in.a" | sed 's/^/driver /'
		nm --defined-only "$o/kernel/sched/built-in.a" | sed 's/^/sched /'
		nm --defined-only "$o/kernel/smp.o" "$o/arch/x86/kernel/smp.o" \
			"$o/arch/x86/kernel/apic/built-in.a" | sed 's/^/ipi /'
		nm --defined-only "$o/kernel/softirq.o" "$o/kernel/irq/built-in.a" \
			"$o/arch/x86/kernel/irq.o" | sed 's/^/irq /'
	} 2>/dev/null | awk 'NF == 4 && $3 ~ /^[tT]$/ && !($4 in c) { c[$4] = $1 }
		END { for (n in c) print c[n], n }' >"$BUILD/locality.cats"
	nm -S "$o/vmlinux" |
		awk 'NR == FNR { cat[$2] = $1; next }
			NF == 4 && $3 ~ /^[tT]$/ { n[$4]++; a[$4] = $1; s[$4] = $2 }
			END { for (f in n) if (n[f] == 1 && (f in cat)) print a[f], s[f], cat[f] }' \
			"$BUILD/locality.cats" - |
		while read -r a s c; do
			printf '%016x %016x %s\n' $((16#$a)) $((16#$a + 16#$s)) "$c"
		done | sort
}
ksym() { awk -v s="$1" '$3 == s { print $1; exit }' "$KOBJ/System.map"; }

: >"$raw"
ranges=$BUILD/locality.ranges
cat_ranges "$KOBJ" >"$ranges"
args="arg=start=$(ksym __x64_sys_io_setup),arg=end=$(ksym __x64_sys_io_destroy),arg=ranges=$ranges"
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
		"bash $TOP/bench/guest-locality.sh /run/out/rows $app $own $other $IOS $REPS $ROWS" ||
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
	"$TOP/bench/locality-report.sh" "$raw" "$TOP/bench/locality.md" "$TOP/bench/locality.png"
say "bench/locality.md and .png written ($(($(date +%s) - start)) s)"
