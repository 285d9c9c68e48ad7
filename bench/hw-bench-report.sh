#!/bin/bash
# The report of make hw-bench: from bench/hw-bench.sh's key=value lines
# (DIR/hw-bench.kv, one per setting, and DIR/machine.kv), a Markdown
# report and a plot of the timerlat thread latencies per setting. A dry
# run (make check's, on the VM's emulated disk) says so at the top.
# Usage: hw-bench-report.sh DIR OUT.md OUT.png
set -eu

dir=$1 md=$2 png=$3
kv=$dir/hw-bench.kv
[ -s "$kv" ] || { echo "hw-bench-report: no $kv" >&2; exit 1; }

# get LINE KEY: the value of KEY in a key=value line (quotes removed).
get() {
	awk -v k="$2" '{
		while (match($0, /[a-z0-9_]+=("[^"]*"|[^ ]*)/)) {
			kv = substr($0, RSTART, RLENGTH); $0 = substr($0, RSTART + RLENGTH)
			i = index(kv, "="); key = substr(kv, 1, i - 1); v = substr(kv, i + 1)
			gsub(/"/, "", v)
			if (key == k) { print v; exit }
		} }' <<<"$1"
}
m=$(tr '\n' ' ' <"$dir/machine.kv" 2>/dev/null || true)
v() { local x; x=$(get "$1" "$2"); echo "${x:--}"; }
# rate LINE KEY: KEY per second of the line's window.
rate() {
	local n s
	n=$(get "$1" "$2") s=$(get "$1" secs)
	if [ -n "$n" ] && [ -n "$s" ] && [ "$s" -gt 0 ]; then
		awk -v n="$n" -v s="$s" 'BEGIN { printf "%.1f", n / s }'
	else
		echo -
	fi
}
labels() {
	case $1 in
	defaults) echo "defaults" ;;
	sqpoll) echo "io_uring SQPOLL, poller on a housekeeping CPU (no series)" ;;
	part) echo "isolated cpuset partition (no series)" ;;
	masks) echo "series: both masks the other CPUs" ;;
	parthk) echo "series: partition, both masks housekeeping" ;;
	*) echo "$1" ;;
	esac
}

{
	echo "# What a CPU that does IO sees: rtla on CPU $(v "$m" isolated_cpu) while it reads an NVMe disk"
	echo
	if [ "$(get "$m" dry_run)" = 1 ]; then
		echo "**A dry run**: make check's, on QEMU's emulated NVMe disk under TCG."
		echo "It shows that the script runs end to end; its figures say nothing"
		echo "about hardware (the guest's clock, interrupts and latencies are"
		echo "emulated)."
		echo
	fi
	echo "Made by \`make hw-bench\` (bench/hw-bench.sh, bench/hw-bench-report.sh)"
	echo "on kernel $(v "$m" kernel), $(v "$m" cpu_model); disk $(v "$m" disk)"
	echo "($(v "$m" disk_model), $(v "$m" queues) hardware queues); rtla $(v "$m" rtla)."
	echo "CPU $(v "$m" isolated_cpu) runs the application (fio, 4 KiB random reads at"
	echo "queue depth 1) while CPUs $(v "$m" load_cpus | tr " " ",") read the same disk (io_uring,"
	echo "queue depth 8 each); timerlat, then osnoise, $(v "$m" runtime) s each, on"
	echo "CPU $(v "$m" isolated_cpu) only. Counts are over both tools' runs."
	echo
	echo "## Interrupts on CPU $(v "$m" isolated_cpu), per second"
	echo
	echo "| setting | disk interrupts | BLOCK softirqs | function-call IPIs | rescheduling IPIs | timer interrupts | app IOPS | app p99 us |"
	echo "|---|---|---|---|---|---|---|---|"
	while read -r l; do
		r=$(get "$l" row)
		if [ "$(get "$l" possible)" != 1 ]; then
			echo "| $(labels "$r") | not possible: $(get "$l" why) | | | | | | |"
			continue
		fi
		echo "| $(labels "$r") | $(rate "$l" irq_dev) | $(rate "$l" block_softirq) | $(rate "$l" cal) | $(rate "$l" res) | $(rate "$l" loc) | $(v "$l" app_iops) | $(v "$l" app_p99_us) |"
	done <"$kv"
	echo
	echo "## timerlat: wake-up latency of a SCHED_FIFO 95 thread, us"
	echo
	echo "IRQ: from the timer's expiry to its handler; thread: to the thread"
	echo "running, what a real-time task on the CPU would wait."
	echo
	echo "| setting | samples | IRQ p99 | IRQ max | thread p50 | thread p99 | thread p99.9 | thread max |"
	echo "|---|---|---|---|---|---|---|---|"
	while read -r l; do
		[ "$(get "$l" possible)" = 1 ] || continue
		echo "| $(labels "$(get "$l" row)") | $(v "$l" timerlat_thr_samples) | $(v "$l" timerlat_irq_p99_us) | $(v "$l" timerlat_irq_max_us) | $(v "$l" timerlat_thr_p50_us) | $(v "$l" timerlat_thr_p99_us) | $(v "$l" timerlat_thr_p999_us) | $(v "$l" timerlat_thr_max_us) |"
	done <"$kv"
	echo
	echo "## osnoise: what interrupted a thread on the CPU"
	echo
	echo "The application shares the CPU with osnoise's thread, so the noise"
	echo "includes it (thread); the hardware interrupt and softirq counts are"
	echo "the disk's and the kernel's."
	echo
	echo "| setting | max single noise us | noise us | CPU available % | HW | NMI | IRQ | softirq | thread |"
	echo "|---|---|---|---|---|---|---|---|---|"
	while read -r l; do
		[ "$(get "$l" possible)" = 1 ] || continue
		echo "| $(labels "$(get "$l" row)") | $(v "$l" osnoise_max_single_us) | $(v "$l" osnoise_noise_us) | $(v "$l" osnoise_avail_pct) | $(v "$l" osnoise_hw) | $(v "$l" osnoise_nmi) | $(v "$l" osnoise_irq) | $(v "$l" osnoise_softirq) | $(v "$l" osnoise_thread) |"
	done <"$kv"
	echo
	echo "![timerlat thread latency per setting]($(basename "$png"))"
} >"$md"

data=$(mktemp)
trap 'rm -f "$data"' EXIT
while read -r l; do
	[ "$(get "$l" possible)" = 1 ] || continue
	p99=$(get "$l" timerlat_thr_p99_us) mx=$(get "$l" timerlat_thr_max_us)
	case "$p99$mx" in *[!0-9]* | "") continue ;; esac
	printf '"%s" %s %s\n' "$(get "$l" row)" "$p99" "$mx" >>"$data"
done <"$kv"
if [ -s "$data" ] && command -v gnuplot >/dev/null; then
	gnuplot <<EOF
set terminal pngcairo size 800,450
set output "$png"
set title "timerlat thread latency on the IO CPU$([ "$(get "$m" dry_run)" != 1 ] || echo " (dry run)")"
set ylabel "us"
set logscale y
set style data histograms
set style histogram clustered
set style fill solid 0.8
set boxwidth 0.9
set key top left
plot "$data" using 2:xtic(1) title "p99", "" using 3 title "max"
EOF
fi
