#!/bin/bash
# The report of make bench-isolation: from the per-run key=value lines of
# bench/isolation.sh, a markdown table per disk (median and range over the
# runs of each row) and a chart of the instructions CPU 3 executed in
# interrupt, softirq and kernel-thread context.
# Usage: isolation-report.sh RAW OUT.md OUT.png
# Env: MADE_BY (the command, commit and config), ELAPSED (s).
set -eu
raw=$1 md=$2 png=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One line per row: "disk label key=median:min:max ...", rows in run order.
awk '
function label(b, c) {
	k = (b ~ /^base/) ? "base" : (b ~ /^rt/) ? "series, PREEMPT_RT" : "series"
	if (b ~ /threadirqs/) k = k ", threadirqs"
	if (b ~ /isolcpus/) k = k ", isolcpus=managed_irq,domain,3 irqaffinity=0-2"
	if (c == "defaults") return k ": defaults"
	if (c == "rq0") return k ": rq_affinity=0"
	if (c == "rq2") return k ": rq_affinity=2"
	if (c == "irqoff") return k ": interrupt moved to CPUs 0-2"
	if (c == "ca") return k ": completion_affinity=0-2"
	if (c == "qaca") return k ": queue_affinity and completion_affinity=0-2"
	if (c == "qacak") return k ": both 0-2, completion_steering=kthread"
	if (c == "qacapoll") return k ": both 0-2, the application polls its completion ring"
	if (c == "sqpoll") return k ": io_uring SQPOLL, its thread on CPU 0"
	if (c == "part") return k ": CPU 3 an isolated cpuset partition"
	if (c == "parthk") return k ": CPU 3 an isolated cpuset partition, both masks housekeeping"
	return k ": " c
}
{
	delete kv
	for (i = 1; i <= NF; i++) { p = index($i, "="); kv[substr($i, 1, p - 1)] = substr($i, p + 1) }
	r = kv["disk"] SUBSEP label(kv["boot"], kv["config"])
	if (!(r in seen)) { seen[r] = 1; order[++nr] = r }
	if (kv["possible"] != 1) { impossible[r] = 1; next }
	n = ++runs[r]
	for (k in kv) if (kv[k] ~ /^-?[0-9]+$/ && k != "rep" && k != "irq_cpu") val[r, k, n] = kv[k]
	for (k in kv) keys[k] = 1
	# Per read of the application (the count of its reads by fio, or in
	# records without it its rate times the run time, not for SQPOLL):
	# counts in thousandths, instructions whole.
	reads = ("ios" in kv) ? kv["ios"] : (r ~ /SQPOLL/) ? 0 : kv["iops"] * rt
	if (reads > 0) {
		val[r, "reads", n] = reads; keys["reads"] = 1
		split("cpu3_irqs_dev cpu3_block_runs cpu3_irqs_ipi cpu3_res_ipis", pc, " ")
		for (j in pc) { val[r, "pr_" pc[j], n] = int(kv[pc[j]] * 1000 / reads + 0.5); keys["pr_" pc[j]] = 1 }
		split("cpu3_hardirq_dev cpu3_hardirq_ipi cpu3_softirq_block cpu3_softirq cpu3_kthread cpu3_irqthread", pi, " ")
		for (j in pi) { val[r, "pri_" pi[j], n] = int(kv[pi[j]] / reads + 0.5); keys["pri_" pi[j]] = 1 }
		for (k in kv) if (k ~ /^cpu3_kt_/) { val[r, "pri_" k, n] = int(kv[k] / reads + 0.5); keys["pri_" k] = 1 }
	}
	irqcpu[r] = kv["irq_cpu"]
}
END {
	for (i = 1; i <= nr; i++) {
		r = order[i]; split(r, dl, SUBSEP)
		printf "%s\t%s", dl[1], dl[2]
		if (r in impossible) { printf "\timpossible\n"; continue }
		printf "\tirq_cpu=%s", irqcpu[r]
		for (k in keys) {
			m = 0
			for (j = 1; j <= runs[r]; j++) if ((r, k, j) in val) a[++m] = val[r, k, j] + 0
			if (!m) continue
			for (x = 2; x <= m; x++) { v = a[x]; for (y = x - 1; y >= 1 && a[y] > v; y--) a[y + 1] = a[y]; a[y + 1] = v }
			med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
			printf "\t%s=%s:%s:%s:%d", k, med, a[1], a[m], m
		}
		printf "\n"
	}
}' rt="${RUNTIME:-10}" "$raw" >"$tmp/rows"

# cell ROWLINE KEY: "median [min-max]", "median" when all runs agree.
table()
{
	local disk=$1

	awk -F'\t' -v disk="$disk" '
	function cell(k,   s) {
		if (!(k in v)) return "-"
		split(v[k], s, ":")
		if (s[2] == s[3]) return s[1]
		return s[1] " [" s[2] "-" s[3] "]"
	}
	function insns(k,   s) {
		if (!(k in v)) return "-"
		split(v[k], s, ":")
		return sprintf("%.2f [%.2f-%.2f]", s[1] / 1e6, s[2] / 1e6, s[3] / 1e6)
	}
	$1 == disk {
		delete v
		if ($3 == "impossible") {
			why = ($2 ~ /interrupt moved/) ? "the interrupts are managed (EIO)" : "this kernel cannot make it"
			printf "| %s | not possible: %s | | | | | | | | | | | | |\n", $2, why
			next
		}
		for (i = 3; i <= NF; i++) { p = index($i, "="); v[substr($i, 1, p - 1)] = substr($i, p + 1) }
		split(v["irq_cpu"], ic, ":")
		printf "| %s | %s | %s | %s | %s | %s / %s / %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $2,
			v["irq_cpu"], cell("irq_dev"), cell("block_softirq"), cell("cal"),
			cell("csd_ttwu"), cell("csd_blk"), cell("csd_other"),
			insns("cpu3_hardirq_dev"), insns("cpu3_hardirq_ipi"),
			insns("cpu3_softirq_block"), insns("cpu3_softirq"),
			insns("cpu3_kthread"), insns("cpu3_irqthread"),
			($2 ~ /SQPOLL/) ? "-" : cell("iops"), ($2 ~ /SQPOLL/) ? "-" : cell("lat_p99_us")
	}' "$tmp/rows"
}

# pertable DISK: the rows per read of the application.
pertable()
{
	awk -F'\t' -v disk="$1" '
	function per(k,   s) {
		if (!(k in v)) return "-"
		split(v[k], s, ":")
		if (s[2] == s[3]) return sprintf("%.2f", s[1] / 1000)
		return sprintf("%.2f [%.2f-%.2f]", s[1] / 1000, s[2] / 1000, s[3] / 1000)
	}
	function ins(k,   s) {
		if (!(k in v)) return "-"
		split(v[k], s, ":")
		if (s[2] == s[3]) return s[1]
		return s[1] " [" s[2] "-" s[3] "]"
	}
	$1 == disk && $3 != "impossible" {
		delete v
		for (i = 3; i <= NF; i++) { p = index($i, "="); v[substr($i, 1, p - 1)] = substr($i, p + 1) }
		split(v["reads"], rd, ":")
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $2,
			("reads" in v) ? rd[1] : "-", per("pr_cpu3_irqs_dev"), per("pr_cpu3_block_runs"),
			per("pr_cpu3_irqs_ipi"), per("pr_cpu3_res_ipis"), ins("pri_cpu3_hardirq_dev"),
			ins("pri_cpu3_hardirq_ipi"), ins("pri_cpu3_softirq_block"),
			ins("pri_cpu3_softirq"), ins("pri_cpu3_kthread"), ins("pri_cpu3_irqthread")
	}' "$tmp/rows"
}

# kttable DISK: the kernel threads' instructions per read, by thread
# (the plugin's tags), those of at least one instruction per read in a
# row, largest first.
kttable()
{
	awk -F'\t' -v disk="$1" '
	function show(t) {
		if (t == "other") return "a thread before its function"
		if (t == "work_unlisted") return "kworker/3: other work"
		if (t ~ /^work_/) return "kworker/3: " substr(t, 6)
		if (t == "kworker") return "kworker/3 (between works)"
		if (t == "irq_thread") return "irq/* (interrupt threads)"
		if (t == "rcu_gp") return "rcu_preempt or rcu_sched (RCU grace periods)"
		if (t == "rcuog" || t == "rcuo") return t "* (RCU callback offload)"
		if (t ~ /^(ksoftirqd|migration|cpuhp|rcuc|ktimers|kblockcomp)$/) return t "/3"
		return t
	}
	$1 == disk && $3 != "impossible" {
		delete v; n = 0
		for (i = 3; i <= NF; i++) { p = index($i, "="); v[substr($i, 1, p - 1)] = substr($i, p + 1) }
		if (!("pri_cpu3_kthread" in v)) next
		for (k in v) if (k ~ /^pri_cpu3_kt_/) {
			split(v[k], s, ":")
			if (s[1] < 1 && s[3] < 1) continue
			t[++n] = k; m[n] = s[1] + 0
		}
		for (x = 2; x <= n; x++) { a = t[x]; b = m[x]; for (y = x - 1; y >= 1 && m[y] < b; y--) { t[y + 1] = t[y]; m[y + 1] = m[y] } t[y + 1] = a; m[y + 1] = b }
		cell = ""
		for (x = 1; x <= n; x++) {
			split(v[t[x]], s, ":")
			c = show(substr(t[x], 13)) " " s[1]
			if (s[2] != s[3]) c = c " [" s[2] "-" s[3] "]"
			cell = cell (x > 1 ? "; " : "") c
		}
		split(v["pri_cpu3_kthread"], s, ":"); kt = s[1]
		split(v["pri_cpu3_irqthread"], s, ":")
		printf "| %s | %s / %s | %s |\n", $2, kt, s[1], (n ? cell : (("pri_cpu3_kt_other" in v) ? "none of 1 or more" : "not counted by thread in this record"))
	}' "$tmp/rows"
}
ktheader='| row | kthread / irq thread insns | by thread: instructions per read, median [range] |
|---|---|---|'

perheader='| row | reads | device interrupts | BLOCK softirq runs | function-call IPIs | reschedule IPIs | device irq insns | IPI insns | BLOCK softirq insns | other softirq insns | kthread insns | irq thread insns |
|---|---|---|---|---|---|---|---|---|---|---|---|'

header='| row | disk irq on | disk interrupts | BLOCK softirqs | function-call IPIs | calls queued: wake-up / completion / other | device irq Minsn | IPI Minsn | BLOCK softirq Minsn | other softirq Minsn | kthread Minsn | irq thread Minsn | app IOPS | app p99 us |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|'
{
	cat <<EOF
# An isolated CPU that submits IO: what it does for others

Made by ${MADE_BY:-bench/isolation.sh} in ${ELAPSED:-?} s.

**Setup.** A 4-vCPU guest under QEMU \`-icount\`. An application (fio,
libaio) pinned to CPU 3 reads 4 KiB blocks at queue depth 1 from a disk for
one run, while three fio jobs on CPUs 0-2 read from the same disk (io_uring,
queue depth 8 each). Every figure is CPU 3's, median and [range] of the
runs of a row: the kernel's counts (\`/proc\`, the tracepoint) around the
whole application process, start-up and exit included, the plugin's from
its io_setup(2) to its io_destroy(2). Two disks:

- **virtio-blk**: one queue and one interrupt, which the kernel lets a user
  move. Each row starts with that interrupt routed to CPU 3 (as the vector
  allocator or irqbalance may place it), except where the row moves it or
  the boot line's \`irqaffinity=\` keeps it off CPU 3.
- **NVMe**: one queue per CPU, managed interrupts: queue 3 serves CPU 3
  only and its interrupt can only fire there (a write to its
  \`smp_affinity\` fails with EIO).

Besides the knobs, rows for what a user can do without the series: the
application submitting through io_uring with an SQPOLL thread on CPU 0
(its window is opened and closed by \`bench/window-mark.c\` around fio,
so it also holds fio's start-up and exit on CPU 3), and CPU 3 made an
isolated cgroup-v2 cpuset partition holding the application; with the
series, the same partition with both masks written \`housekeeping\`,
and the masks with an application that polls its completion ring
(libaio's \`userspace_reap\`: it never sleeps on an IO). fio with an
SQPOLL thread polls its completion ring too (it does not wait in
io_uring_enter(2)); under \`-icount\` its spinning drives the guest's
clock, and fio's rate and latencies for it are not meaningful (a mean
latency longer than the run): its row leaves them out.

**Columns.** *disk interrupts*: CPU 3's column of \`/proc/interrupts\`
over the disk's vectors. *BLOCK softirqs*: \`/proc/softirqs\`. *function-call
IPIs*: the CAL row. *calls queued*: cross-CPU calls queued to CPU 3
(\`csd_queue_cpu\` tracepoint) by purpose: remote wake-ups of a task on CPU 3
(\`sched_ttwu_pending\`: the application's own, one per completed IO it
sleeps on, unless CPU 3 was polling), block-layer completions sent to CPU 3,
anything else; queued calls include those that needed no IPI. *Minsn*:
millions of guest instructions CPU 3 executed, by context, counted by the
insn-context TCG plugin (\`bench/insn-context.c\`: contexts followed
through the interrupt vectors' entry points, irq_enter_rcu, irq_exit_rcu,
handle_softirqs, blk_complete_reqs, kthread, irq_thread and the context
switch) from the application's io_setup(2) to its io_destroy(2): device
interrupts (the disk's, and any other device's), function-call IPIs (the
application's own wake-ups are among them; a reschedule IPI does not go
through irq_enter_rcu: its entries are counted apart, its instructions
in the context it interrupts), the BLOCK
softirq's handler, other softirqs (timers, RCU: the same for every row),
kernel threads (work items, the series' completion threads) and interrupt
threads. The interrupt entry and exit code outside the .irqentry.text
stubs (error_entry, irqentry_enter and _exit, the return path) counts in
the interrupted context, so the interrupt columns are a lower bound.
Local timer interrupts, the application's own system calls and its user
code are not in these columns. *app IOPS*, *p99*: the application's fio figures.

**What the model cannot show.** Under \`-icount\` the guest's time is a count
of instructions: the instruction columns are path length, but IOPS and
latency are not only that (a read also waits for other vCPUs' turns and,
with sleep=off, for the next timer deadline), and none of it is a real
device, cache misses or interrupt latency on hardware; QEMU completes a
virtio-blk or NVMe request on the host, which the counts above do not
include. Counts are exact for this guest; their spread comes from the
interleaving of the vCPUs. One host thread runs the vCPUs in turn, so a
CPU that waits for a lock held on another vCPU waits until that vCPU's
turn comes: a lock shared across CPUs costs far more than on hardware.
With queue_affinity, CPU 3 issues onto its stand-in's hardware queue and
takes that queue's NVMe submission lock with the stand-in's fio; its
reads per second in those rows, on PREEMPT_RT above all (a waiter spins
while the holder is on a CPU), count that cost of the model: in a
two-CPU guest with a host thread per vCPU, the same PREEMPT_RT kernel's
application reads about as much with the masks as at the defaults (wall
clock, the runs' ranges overlapping), and its stack samples seldom wait
for that lock
(\`make bench-rt-model\`, bench/records/rt-model.txt).

**Check of the plugin against the kernel's own counts.** $(awk '
	{ delete kv; for (i = 1; i <= NF; i++) { p = index($i, "="); kv[substr($i, 1, p - 1)] = substr($i, p + 1) } }
	kv["possible"] == 1 && kv["disk"] == "nvme" {
		n++; d = kv["cpu3_irqs_dev"] - kv["irq_dev"]; if (d < 0) d = -d
		if (d == 0) eq++; if (d > max) max = d }
	END { printf "On NVMe, where CPU 3 takes only its own queue'"'"'s interrupt, the plugin'"'"'s count of device interrupts entered on CPU 3 equals the disk'"'"'s CPU 3 column of /proc/interrupts in %d of %d runs (largest difference %d: the plugin counts from io_setup to io_destroy, /proc/interrupts around the whole fio process).", eq, n, max }' "$raw")

## NVMe (managed interrupts, a queue per CPU)

$header
$(table nvme)

Per read of the application: what the plugin counted on CPU 3 in the
application's window (device interrupts of any device, BLOCK softirq
handler runs, function-call IPIs and reschedule IPIs entered;
instructions by context) divided by the reads fio counted, median and [range] of the
runs. The kernel's counts in the table above cover the whole fio
process, whose start-up and exit take a few hundred wake-ups from other
CPUs in every row; the window leaves them out:

$perheader
$(pertable nvme)

The kernel-thread and interrupt-thread instructions per read above, by
thread: the plugin
names a kernel thread by the last function it entered of a list
(\`bench/isolation.sh\`: the thread functions \`kthread()\` calls, the
per-CPU threads' own ones, and work functions), a worker by the work
function it ran last (its loop after a work item counts under that work
until it starts the next); "other work" is a work function not in the
list; threads of at least one instruction per read:

$ktheader
$(kttable nvme)

## virtio-blk (one queue, movable interrupt)

$header
$(table virtio)

Per read of the application, as for NVMe:

$perheader
$(pertable virtio)

By thread, as for NVMe:

$ktheader
$(kttable virtio)
EOF
} >"$md"

# The chart: per row, CPU 3's instructions in each context (medians).
for disk in nvme virtio; do
	awk -F'\t' -v disk="$disk" '$1 == disk && $3 != "impossible" {
		delete v
		for (i = 3; i <= NF; i++) { p = index($i, "="); v[substr($i, 1, p - 1)] = substr($i, p + 1) }
		printf "\"%s\"", $2
		n = split("cpu3_hardirq_dev cpu3_hardirq_ipi cpu3_softirq_block cpu3_kthread cpu3_irqthread", k, " ")
		for (j = 1; j <= n; j++) { split(v[k[j]], s, ":"); printf " %.3f", s[1] / 1e6 }
		printf "\n" }' "$tmp/rows" >"$tmp/$disk.dat"
done
panels=""
for disk in nvme virtio; do
	[ ! -s "$tmp/$disk.dat" ] || panels="$panels $disk"
done
[ -n "$panels" ] || exit 0
# shellcheck disable=SC2086  # a list
{
	cat <<EOF
set terminal pngcairo size 1600,$((520 * $(echo $panels | wc -w))) font ",10"
set output "$png"
set multiplot layout $(echo $panels | wc -w),1 title "CPU 3 runs an application that reads at QD 1; CPUs 0-2 load the same disk.\nMillions of instructions CPU 3 executed in device interrupts, IPIs, the BLOCK softirq and kernel threads per run (QEMU -icount, median)"
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
set key outside right top vertical
set ylabel "million instructions on CPU 3"
set xtics rotate by 25 right noenhanced
set grid ytics
set bmargin 12
EOF
	for disk in $panels; do
		case $disk in
		nvme) echo 'set title "NVMe: a queue per CPU, managed interrupts"' ;;
		virtio) echo 'set title "virtio-blk: one queue, its interrupt on CPU 3 unless moved"' ;;
		esac
		echo "plot \"$tmp/$disk.dat\" using 2:xtic(1) title \"device interrupt\", '' using 3 title \"IPI\", '' using 4 title \"BLOCK softirq\", '' using 5 title \"kernel thread\", '' using 6 title \"interrupt thread\""
	done
	echo "unset multiplot"
} | gnuplot
