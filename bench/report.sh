#!/bin/bash
# Turn the raw bench output into bench/records/results.md and a PNG chart.
# Usage: report.sh RAW OUT.md OUT.png
# RAW lines: "<kernel> RESULT <job> <rep> <iops> <KiB/s> <lat_us> <IOs>",
# "<kernel> INSNS <job> <rep> <guest instructions per IO> <... of them in
# the block layer>" and
# "<kernel> COUNTS <job> <Q-local> <Q-remote> <C-local> <C-remote>" and
# "<kernel> RA <job> <D events> <bytes of the D> <merges>".
# Env: REPS, RUNTIME, SHIFT, ELAPSED (for the method paragraph), MADE_BY
# (the command, commits and config that made it).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

raw=$1 md=$2 png=$3
dat=$BUILD/bench-chart.dat
rm -f "$dat"

awk -v reps="${REPS:-3}" -v runtime="${RUNTIME:-2}" -v shift="${SHIFT:-3}" \
	-v elapsed="${ELAPSED:-0}" -v base="$(cat "$BUILD/base.version")" \
	-v pkg="$BASE_PKG" -v patches="$(rel "$PATCHES")" \
	-v dat="$dat" -v png="$(basename "$png")" '
# the command from the environment: awk -v would eat its shell escapes
BEGIN { made_by = ENVIRON["MADE_BY"] }
function add(key, v, lat, kbs) {
	n[key]++; s[key] += v; sl[key] += lat; sk[key] += kbs
	if (!(key in mn) || v < mn[key]) mn[key] = v
	if (!(key in mx) || v > mx[key]) mx[key] = v
}
function mean(key) { return s[key] / n[key] }
function spread(key) { return (mx[key] - mn[key]) / mean(key) * 100 }
function has(k, j) { return ((k SUBSEP j) in n) }
function fig(k, j) {
	if (!has(k, j)) return "- | -"
	return sprintf("%.0f | %.2f%%%s", mean(k SUBSEP j), spread(k SUBSEP j),
		spread(k SUBSEP j) > 1 ? " (!)" : "")
}
function ratio(a, b) {
	if (a == "" || b == "") return "-"
	return sprintf("%.4f", mean(a) / mean(b))
}
function key(k, j) { return has(k, j) ? k SUBSEP j : "" }
# any(re): whether a job of this run matches re (its section is printed).
function any(re,   i) {
	for (i = 1; i <= nj; i++)
		if (order[i] ~ re) return 1
	return 0
}
# Instructions per IO are kept like IOPS, under the kernel name "I" SUBSEP k,
# those in the block layer under "B" SUBSEP k.
function ik(k) { return "I" SUBSEP k }
function bk(k) { return "B" SUBSEP k }
# cost(job): "added | cost": block layer instructions the series adds per IO,
# and 1 + that over all the base'"'"'s instructions per IO.
function cost(j,   d) {
	if (!has(bk("base"), j) || !has(bk("patched"), j) || !has(ik("base"), j))
		return "- | -"
	d = mean(bk("patched") SUBSEP j) - mean(bk("base") SUBSEP j)
	return sprintf("%+.1f | %.4f", d, 1 + d / mean(ik("base") SUBSEP j))
}
# header(cols, left): a table header; the first "left" columns are text,
# the others numbers (right-aligned).
function header(cols, left,   c, i, nc, rule) {
	nc = split(cols, c, ",")
	rule = "|"
	for (i = 1; i <= nc; i++)
		rule = rule (i <= left ? "---|" : "---:|")
	printf "|"
	for (i = 1; i <= nc; i++)
		printf " %s |", c[i]
	print "\n" rule
}
# defaults(base, patched, unit): the defaults jobs, base against patched.
function defaults(b, p, unit,   i, j) {
	header("job,base " unit ",spread,patched " unit ",spread,patched/base", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /^(nullb|virtio)-qd/) continue
		printf "| %s | %s | %s | %s |\n", j, fig(b, j), fig(p, j),
			ratio(key(p, j), key(b, j))
	}
}
$2 == "RESULT" {
	add($1 SUBSEP $3, $5, $7, $6)
	if (!($3 in seen)) { seen[$3] = 1; order[++nj] = $3 }
}
$2 == "INSNS" { add(ik($1) SUBSEP $3, $5, 0, 0); add(bk($1) SUBSEP $3, $6, 0, 0) }
$2 == "COUNTS" { counts[$3] = $4 " | " $5 " | " $6 " | " $7 }
$2 == "RA" { ra_d[$1, $3] = $4; ra_b[$1, $3] = $5; ra_m[$1, $3] = $6 }
END {
	print "# Benchmarks: the series against the unpatched base\n"
	if (made_by != "")
		print "Made by: " made_by ".\n"
	printf "Base: Debian %s %s; patched: the same plus %s/. ", pkg, base, patches
	printf "Both kernels built with the same config, booted in the same 4-vCPU VM "
	printf "under `qemu -icount shift=%s,sleep=off`, fio 4 KiB random reads (libaio, ", shift
	printf "whole queue depth submitted at once), pinned to CPU 1, %ss of guest time ", runtime
	printf "per run, %s runs per figure. Spread = (max-min)/mean; (!) marks a figure ", reps
	printf "whose spread exceeds 1%%. `make bench` took %d min.\n\n", elapsed / 60
	print "Under icount guest time is a count of guest instructions, so IOPS measure"
	print "the instructions spent per IO (path length) as long as the guest never"
	print "waits. null_blk completes inside the guest and its IOPS repeat within a"
	print "fraction of a percent; virtio-blk IOPS also depend on when QEMU'"'"'s host"
	print "side completes each IO, and vary between runs by more than the effects"
	print "measured here. So each run also counts the guest instructions executed"
	print "(all vCPUs, kernel and fio) from fio'"'"'s io_setup to its io_destroy, with"
	print "a QEMU plugin (bench/insn-window.c): instructions per IO, for every"
	print "device, and those of them in the block layer'"'"'s functions (block/,"
	print "drivers/block/, blktrace), which timer ticks and idle entry, more or"
	print "fewer as the guest waits longer or shorter for the host, never reach."
	print "None of these shows cache locality, the real cost of an IPI or a"
	print "context switch on hardware, or memory bandwidth.\n"

	if (any("^(nullb|virtio)-qd")) {
	print "## Defaults: cost of the series with every knob at its default\n"
	print "These jobs run first: the first write to an affinity knob turns the"
	print "series'"'"' checks and counters on for every queue until reboot."
	print "Expected: patched/base = 1.000 +/- 0.005, in IOPS and in instructions"
	print "per IO.\n"
	defaults("base", "patched", "IOPS")
	print ""
	defaults(ik("base"), ik("patched"), "insns/IO")
	print "\nIn the block layer, where the series changes code: the instructions it"
	print "adds per IO, and the whole IO'"'"'s path length with them (1 + added / all"
	print "instructions per IO on the base), which the noise outside the block"
	print "layer does not blur.\n"
	header("job,base insns/IO,spread,patched insns/IO,spread,added,cost", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /^(nullb|virtio)-qd/) continue
		printf "| %s | %s | %s | %s |\n", j, fig(bk("base"), j),
			fig(bk("patched"), j), cost(j)
		if (has(bk("base"), j) && has(bk("patched"), j))
			printf "%s %.1f %.1f %.1f %.1f %.1f\n", j,
				mean(ik("base") SUBSEP j), mean(bk("base") SUBSEP j),
				mean(bk("patched") SUBSEP j), mn[bk("patched") SUBSEP j],
				mx[bk("patched") SUBSEP j] > dat
	}
	}
	if (any("^(tags|ra)-")) {
	print "\n## The seeds'"'"' workloads: regression rows at the defaults\n"
	print "tags-*: the 2014 tag allocation workload: a null_blk disk with one"
	print "hardware queue of 64 tags, completing by softirq or by timer, one fio"
	print "job per vCPU (4), each at queue depth 64, 4 KiB random reads: tags run"
	print "out and allocation waits. ra-K: the 2004 readahead sweep: buffered"
	print "sequential 4 KiB reads of a null_blk disk at read_ahead_kb=K, one"
	print "request at a time. Instructions per IO (all, and in the block layer)"
	print "and per MiB read; for ra-K also the mean size of the requests"
	print "dispatched and the merges (M+F) from one traced run of 64 MiB per"
	print "kernel. Expected: patched/base within the spread.\n"
	header("job,base insns/IO,spread,patched insns/IO,spread,patched/base,block added,base insns/MiB,patched insns/MiB", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /^(tags|ra)-/) continue
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", j, fig(ik("base"), j),
			fig(ik("patched"), j), ratio(key(ik("patched"), j), key(ik("base"), j)),
			cost(j) == "- | -" ? "-" : substr(cost(j), 1, index(cost(j), " |") - 1),
			has(ik("base"), j) ? sprintf("%.0f", mean(ik("base") SUBSEP j) * 256) : "-",
			has(ik("patched"), j) ? sprintf("%.0f", mean(ik("patched") SUBSEP j) * 256) : "-"
	}
	print ""
	header("job,base requests,base KiB/request,base merges,patched requests,patched KiB/request,patched merges", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /^ra-/) continue
		printf "| %s", j
		for (r = 0; r < 2; r++) {
			k = r ? "patched" : "base"
			if ((k SUBSEP j) in ra_d && ra_d[k, j] > 0)
				printf " | %d | %.1f | %d", ra_d[k, j],
					ra_b[k, j] / ra_d[k, j] / 1024, ra_m[k, j]
			else
				printf " | - | - | -"
		}
		print " |"
	}
	}
	if (any("irq0-")) {
	print "\n## Completion placement\n"
	print "The completion is signalled on CPU 0 (virtio-blk: its interrupt routed"
	print "there, irq0-*; null_blk: irq_cpu=0, nirq0-*), fio runs on CPU 1. inline:"
	print "completed on CPU 0 (rq_affinity=1, all vCPUs share a cache); ipi: steered"
	print "to CPU 1 by IPI (rq_affinity=2); kthread: by CPU 1'"'"'s completion thread"
	print "(completion_steering=kthread). The base has no irq_cpu and no kthread"
	print "steering. \"vs inline\": patched IOPS, and patched instructions per IO,"
	print "over the inline row at the same depth.\n"
	header("job,base IOPS,spread,patched IOPS,spread,patched/base,vs inline,patched insns/IO,spread,vs inline", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /irq0-/) continue
		ref = j; sub(/-(inline|ipi|kthread)-/, "-inline-", ref)
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", j, fig("base", j),
			fig("patched", j), ratio(key("patched", j), key("base", j)),
			ratio(key("patched", j), key("patched", ref)),
			fig(ik("patched"), j),
			ratio(key(ik("patched"), j), key(ik("patched"), ref))
	}
	}
	if (any("qremote")) {
	print "\n## Remote dispatch: queue_affinity away from the submitter\n"
	print "null_blk (irqmode=1), fio on CPU 1, queue_affinity=2: every request is"
	print "handed to CPU 2 and dispatched there. \"vs local\": over nullb-qdN on the"
	print "patched kernel (dispatch on the submitting CPU), in IOPS and in"
	print "instructions per IO.\n"
	header("job,patched IOPS,spread,vs local,patched insns/IO,spread,vs local", 1)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /qremote/) continue
		ref = j; sub(/qremote-/, "", ref)
		printf "| %s | %s | %s | %s | %s |\n", j, fig("patched", j),
			ratio(key("patched", j), key("patched", ref)),
			fig(ik("patched"), j),
			ratio(key(ik("patched"), j), key(ik("patched"), ref))
	}
	}
	if (any("^aqc-")) {
	print "\n## The 2008 \"A Q C\" matrix\n"
	print "null_blk signalling completions on CPU 0 (I), fio on CPU 1 (A) at queue"
	print "depth 16; Q = queue_affinity, C = completion_affinity, each A, I, X (CPU 2"
	print "for Q, CPU 3 for C) or - (-1, all CPUs); rq = rq_affinity. MB/s and mean"
	print "latency (submission to completion, us of guest time) from the timed runs;"
	print "the local/remote counts from one traced run of 2000 requests: Q-local ="
	print "dispatched on the CPU that queued the request, C-local = completed there.\n"
	header("A,Q,C,rq,MB/s,spread,lat us,Q-local,Q-remote,C-local,C-remote", 4)
	for (i = 1; i <= nj; i++) {
		j = order[i]
		if (j !~ /^aqc-/ || !has("patched", j)) continue
		split(j, f, "-")
		k = "patched" SUBSEP j
		printf "| A | %s | %s | %s | %.1f | %.2f%%%s | %.1f | %s |\n",
			(f[2] == "D" ? "-" : f[2]), (f[3] == "D" ? "-" : f[3]), f[4],
			sk[k] / n[k] / 1024, spread(k), (spread(k) > 1 ? " (!)" : ""),
			sl[k] / n[k], ((j in counts) ? counts[j] : "- | - | - | -")
	}
	}
	if (any("^(nullb|virtio)-qd"))
		printf "\n![defaults: cost of the series per IO](%s)\n", png
}' "$raw" >"$md"

# The main comparison as a chart: the cost of the series per IO at defaults
# on null_blk and virtio-blk (1 + added block layer instructions over all
# instructions per IO), the bars from the patched runs' min to max, and the
# +/-0.5% band. Columns: job, all base insns/IO, base block layer insns/IO,
# patched block layer mean, min and max.
[ -s "$dat" ] || { cat "$md"; exit 0; }
gnuplot <<EOF
set terminal pngcairo noenhanced size 800,420 font ",10"
set output "$png"
set title "defaults: cost of the series per IO, 4 KiB random read, QEMU -icount"
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.6
set ylabel "patched / base instructions per IO"
set yrange [*<0.99:1.01<*]
set grid ytics
set key off
set arrow from graph 0, first 0.995 to graph 1, first 0.995 nohead dt 2 lc rgb "red"
set arrow from graph 0, first 1.005 to graph 1, first 1.005 nohead dt 2 lc rgb "red"
set style histogram errorbars lw 1
plot "$dat" using (1 + (\$4 - \$3) / \$2):(1 + (\$5 - \$3) / \$2):(1 + (\$6 - \$3) / \$2):xtic(1) lc rgb "#4477aa"
EOF
cat "$md"
