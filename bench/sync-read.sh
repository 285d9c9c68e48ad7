#!/bin/bash
# make bench-sync-read: a sync reader against async writeback on an SD-card-like
# disk (guest/sync-read.sh, SECS seconds per phase, default 30), RUNS
# boots per kernel (default 3), the kernels interleaved: on the unpatched
# base with none, mq-deadline, mq-deadline with async_depth at 3/4 of
# nr_requests, and bfq; on the patched kernel with none and mq-deadline,
# which the series does not change (a difference there is noise).
# Raw key=value lines go to bench/records/sync-read.raw, the table to
# bench/records/sync-read.md. Wall-clock QEMU throttling, not icount: the disk's
# speed is what the experiment is about.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm

SECS=${SECS:-30}
RUNS=${RUNS:-3}
declare -A configs=(
	[base]="none mq-deadline mq-deadline-ad75 bfq"
	[patched]="none mq-deadline"
)
# The run writes build/; bench/'s files are replaced only once it is
# complete, so that a run that fails leaves the recorded pair as it was.
md=$TOP/bench/records/sync-read.md
raw=$BUILD/sync-read.raw
: >"$raw"

"$TOP/scripts/bench-kernels.sh"
for ((r = 1; r <= RUNS; r++)); do
	for k in base patched; do
		set -- ${configs[$k]}
		say "run $r of $RUNS, $k kernel: $*"
		out=$BUILD/vm/sync-read-$k-$r
		rm -rf "$out"
		KIMAGE=$(bench_kimage "$k") VM_SLOW_DISKS=$# VM_QUIET=1 \
			VM_TIMEOUT=$(($# * (2 * SECS + 150) + 300)) VM_OUT="$out" \
			"$TOP/scripts/vm.sh" "$TOP/guest/sync-read.sh $SECS $* >/run/out/guest.out" ||
			die "run failed, see ${out#"$TOP"/}/console.log"
		grep '^SYNC ' "$out/guest.out" |
			sed "s/^SYNC /kernel=$k run=$r /" >>"$raw"
		[ "$(grep -c "^kernel=$k run=$r " "$raw")" -eq $# ] ||
			die "missing results, see ${out#"$TOP"/}/console.log"
	done
done

# Median and range over the runs of each (kernel, config).
table()
{
	awk '
	function kv(   i, f) { delete v; for (i = 1; i <= NF; i++) {
		split($i, f, "="); v[f[1]] = f[2] } }
	function med(a, n,   i, j, t) { for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	function cell(name, div, fmt,   i, n, a, k) { n = 0
		for (i = 1; i <= cnt[key]; i++) a[++n] = x[key, i, name] / div
		k = med(a, n); return sprintf(fmt " (" fmt "-" fmt ")", k, a[1], a[n]) }
	{ kv(); key = v["kernel"] " " v["config"]
	  if (!(key in cnt)) order[++nk] = key
	  i = ++cnt[key]
	  for (f in v) x[key, i, f] = v[f]
	  x[key, i, "share"] = v["solo_kibs"] ? v["read_kibs"] / v["solo_kibs"] : 0 }
	END { for (j = 1; j <= nk; j++) { key = order[j]; split(key, kc, " ")
		printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", kc[2], kc[1],
			cell("solo_kibs", 1, "%d"), cell("read_kibs", 1, "%d"),
			cell("share", 1, "%.2f"), cell("read_mean_us", 1000, "%.1f"),
			cell("read_max_us", 1000, "%.0f"), cell("write_disk_kibs", 1, "%d") } }
	' "$raw" | sort -t '|' -k2,2 -k3,3
}

{
	echo "# Sync reads against async writeback"
	echo
	echo "Made by \`make bench-sync-read\` (SECS=$SECS RUNS=$RUNS) on $(date -u +%Y-%m-%d); $(made_from), base $(cat "$BUILD/base.version"), built with config/*.config; QEMU $(qemu-system-x86_64 --version | awk 'NR == 1 { print $4 }')."
	echo
	echo "$RUNS boots per kernel,"
	echo "kernels interleaved; median (min-max) over the boots. Raw: \`sync-read.raw\`."
	echo "A virtio-blk disk that QEMU throttles like an SD card (reads 1 MiB/s,"
	echo "writes 12 KiB/s), one per configuration, vm.dirty_bytes 1 MiB, 4 vCPUs"
	echo "(TCG); fio direct 4 KiB random reads alone, then with buffered 4 KiB"
	echo "random writes, ${SECS} s each. mq-deadline-ad75: async_depth set to 3/4 of"
	echo "nr_requests through sysfs (what a udev rule does). Latency: completion"
	echo "latency with the writer, ms. Writes: KiB/s the disk completed during the run."
	echo
	echo "| configuration | kernel | solo read KiB/s | read KiB/s with writer | share of solo | mean ms | max ms | writes KiB/s |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|"
	table
} >"$md.tmp"
mv "$md.tmp" "$md"
cp "$raw" "$TOP/bench/records/sync-read.raw"
say "${md#"$TOP"/} written"
