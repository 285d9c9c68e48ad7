#!/bin/bash
# make bench-isolation: what an isolated CPU that submits IO pays for
# others, under every tool users have, base against the series. An
# application on CPU 3 reads 4 KiB at queue depth 1 for RUNTIME guest
# seconds while CPUs 0-2 read from the same disk (guest/isolation.sh),
# on virtio-blk (one queue, a movable interrupt) and NVMe (a queue per CPU,
# managed interrupts), under QEMU -icount with the insn-context plugin
# counting CPU 3's instructions per execution context. Writes
# bench/records/isolation.md and bench/records/isolation.png (bench/isolation-report.sh).
# Env: REPS (3), RUNTIME (10), ICOUNT_SHIFT (3), BOOTS (default: all
# below), PAR (boots at a time: host CPUs), RAW (build/isolation.raw, the per-run lines), BENCH_OUT (bench/records/isolation;
# LINE=6.12: bench/records/isolation-6.12, without the parthk rows: on
# 6.12 "housekeeping" is the boot-time set, which a partition made at
# run time does not change).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm bench

made_by=$(command_line "make bench-isolation" BOOTS REPS RUNTIME ICOUNT_SHIFT BENCH_OUT)
[ -n "$LINE_MAIN" ] || made_by="LINE=$LINE $made_by"
REPS=${REPS:-3}
RUNTIME=${RUNTIME:-10}
SHIFT=${ICOUNT_SHIFT:-3}
if [ -n "$LINE_MAIN" ]; then
	BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/isolation}
else
	BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/isolation-$LINE}
fi
raw=${RAW:-$BUILD/isolation.raw}

# A boot: its name, its kernel (base, series, rt: the series on the
# PREEMPT_RT lane's config), extra kernel command line ("-": none), and
# its rows (DISK:CONFIG, guest/isolation.sh). The series' defaults
# rows come first in their boot: a write to an affinity knob turns the
# series' static keys on for the rest of the boot; the partition rows
# come last, after which the kernel has moved its unbound work around.
boot_rows()
{
	case $1 in
	base) echo "base - virtio:defaults virtio:rq0 virtio:rq2 virtio:irqoff virtio:sqpoll nvme:defaults nvme:rq0 nvme:rq2 nvme:irqoff nvme:sqpoll virtio:part nvme:part" ;;
	base-isolcpus) echo "base isolcpus=managed_irq,domain,3+irqaffinity=0-2 virtio:defaults nvme:defaults" ;;
	base-threadirqs) echo "base threadirqs virtio:defaults nvme:defaults" ;;
	series) echo "series - virtio:defaults nvme:defaults virtio:ca virtio:qaca virtio:qacak virtio:qacapoll nvme:ca nvme:qaca nvme:qacak nvme:qacapoll virtio:parthk nvme:parthk" ;;
	series-threadirqs) echo "series threadirqs virtio:ca virtio:qaca nvme:ca nvme:qaca" ;;
	rt) echo "rt - virtio:defaults nvme:defaults virtio:qaca nvme:qaca" ;;
	*) die "unknown boot $1" ;;
	esac | if [ -n "$LINE_MAIN" ]; then cat; else sed -E 's/ [a-z]+:parthk//g'; fi
}
BOOTS=${BOOTS:-base base-isolcpus base-threadirqs series series-threadirqs rt}

# ksym OBJ SYMBOL: the address of a symbol of a kernel ("" when absent).
ksym()
{
	awk -v s="$2" '$3 == s { print $1; exit }' "$1/System.map"
}

# kfunc OBJ SYMBOL: "START:END" of a function of a kernel (nm -S).
kfunc()
{
	local a n

	# also a compiler's clone of it (handle_softirqs.constprop.0 when
	# its callers pass constants), which is then the only copy
	read -r a n < <(nm -S "$1/vmlinux" | awk -v s="$2" '$3 ~ /^[tT]$/ &&
		($4 == s || index($4, s ".") == 1) { print $1, $2; exit }')
	[ -z "${a:-}" ] || printf '%x:%x\n' $((16#$a)) $((16#$a + 16#$n))
}

# plugin_args OBJ: the insn-context plugin's addresses for a kernel.
plugin_args()
{
	local o=$1 a s e v

	for a in start:__x64_sys_io_setup end:__x64_sys_io_destroy \
		hardon:irq_enter_rcu hardoff:irq_exit_rcu fork:ret_from_fork_asm \
		kthread:kthread irqthread:irq_thread idle:do_idle; do
		v=$(ksym "$o" "${a#*:}")
		[ -n "$v" ] || die "no ${a#*:} in ${o#"$TOP"/}/System.map"
		printf ',arg=%s=%s' "${a%%:*}" "$v"
	done
	v=$(ksym "$o" irq_exit)
	[ -z "$v" ] || printf ',arg=hardoff=%s' "$v"
	v=$(ksym "$o" __x86_return_thunk)
	[ -z "$v" ] || printf ',arg=rethunk=%s' "$v"
	s=$(ksym "$o" __irqentry_text_start) e=$(ksym "$o" __irqentry_text_end)
	[ -z "$s" ] || [ -z "$e" ] || printf ',arg=irqtext=%s:%s' "$s" "$e"
	for a in hdev:common_interrupt htimer:sysvec_apic_timer_interrupt \
		hipi:sysvec_call_function_single hipi:sysvec_call_function \
		hres:sysvec_reschedule_ipi; do
		v=$(ksym "$o" "${a#*:}")
		[ -n "$v" ] || die "no ${a#*:} in ${o#"$TOP"/}/System.map"
		printf ',arg=%s=%s' "${a%%:*}" "$v"
	done
	# blk_complete_reqs: blk_done_softirq() only tail-calls it; the
	# plugin follows a function to a return inside it. Where GCC inlines
	# it (the PREEMPT_RT config), blk_done_softirq() holds the work.
	for a in softirq:handle_softirqs switch:__switch_to_asm block:blk_complete_reqs; do
		v=$(kfunc "$o" "${a#*:}")
		[ -n "$v" ] || [ "${a#*:}" != blk_complete_reqs ] || v=$(kfunc "$o" blk_done_softirq)
		[ -n "$v" ] || die "no function ${a#*:} in ${o#"$TOP"/}/vmlinux"
		printf ',arg=%s=%s' "${a%%:*}" "$v"
	done
	# Kernel threads by what they run (the plugin's tag=): the thread
	# functions kthread() calls, the per-CPU threads' own functions (as
	# ps names them: ksoftirqd/3 ...), and the work functions a worker
	# on CPU 3 may run; one a kernel lacks is left out. A worker's
	# instructions outside a listed work function count as work_unlisted
	# from process_one_work() on (or from process_scheduled_works(), which
	# runs a batch of them, where GCC inlines process_one_work()).
	for a in kworker:worker_thread kworker_rescuer:rescuer_thread \
		work_unlisted:process_one_work,process_scheduled_works \
		smpboot:smpboot_thread_fn \
		ksoftirqd:run_ksoftirqd migration:cpu_stopper_thread \
		cpuhp:cpuhp_thread_fun rcuc:rcu_cpu_kthread ktimers:run_ktimerd \
		kblockcomp:blk_kthread_fn irq_thread:irq_thread \
		kthread_worker:kthread_worker_fn rcu_gp:rcu_gp_kthread \
		rcuog:rcu_nocb_gp_kthread rcuo:rcu_nocb_cb_kthread \
		kcompactd:kcompactd kswapd:kswapd \
		work_blk_mq_run_work_fn:blk_mq_run_work_fn \
		work_blk_mq_requeue_work:blk_mq_requeue_work \
		work_blk_mq_timeout_work:blk_mq_timeout_work \
		work_blk_affinity_key_workfn:blk_affinity_key_workfn \
		work_blk_affinity_online_workfn:blk_affinity_online_workfn \
		work_vmstat_update:vmstat_update work_vmstat_shepherd:vmstat_shepherd \
		work_lru_add_drain_per_cpu:lru_add_drain_per_cpu \
		work_psi_avgs_work:psi_avgs_work work_kfree_rcu_monitor:kfree_rcu_monitor \
		work_wb_workfn:wb_workfn work_flush_to_ldisc:flush_to_ldisc \
		work_disk_events_workfn:disk_events_workfn \
		work_sync_hw_clock:sync_hw_clock work_idle_cull_fn:idle_cull_fn \
		work_wq_barrier_func:wq_barrier_func; do
		for f in $(echo "${a#*:}" | tr , ' '); do
			v=$(ksym "$o" "$f")
			[ -z "$v" ] || break
		done
		[ -z "$v" ] || printf ',arg=tag=%s:%s' "${a%%:*}" "$v"
	done
}

start=$(date +%s)
need_rt=""
for b in $BOOTS; do
	[ "$(boot_rows "$b" | cut -d' ' -f1)" != rt ] || need_rt=1
done
"$TOP/scripts/bench-kernels.sh"
# The PREEMPT_RT lane's kernel (its own config: it is not compared with a
# base, only with itself at the defaults).
[ -z "$need_rt" ] || LANE_BUILD_ONLY=1 "$TOP/tests/lane-rt.sh" /dev/null
plugin=$BUILD/insn-context.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/insn-context.c"
# The SQPOLL rows' window marks (their application uses no AIO).
gcc -O2 -Wall -static -o "$BUILD/window-mark" "$TOP/bench/window-mark.c"
# run_boot BOOT: one VM, its per-run lines in build/vm/isolation-BOOT.
run_boot()
{
	local b=$1 kernel append rows obj out t0 args

	read -r kernel append rows <<<"$(boot_rows "$b")"
	case $kernel in
	base) obj=$BUILD/obj-base ;;
	series) obj=$KOBJ ;;
	rt) obj=$BUILD/obj-rt append="$append+VMMODS=$BUILD/obj-rt/modules" ;;
	esac
	append=${append#-}
	out=$BUILD/vm/isolation-$b
	rm -rf "$out"
	mkdir -p "$out"
	args=$(plugin_args "$obj") || die "$b: the plugin's addresses"
	t0=$(date +%s)
	# shellcheck disable=SC2086  # rows: a list
	KIMAGE=$obj/arch/x86/boot/bzImage VM_ICOUNT=$SHIFT VM_NVME=1 VM_QUIET=1 \
		VM_OUT=$out VM_TIMEOUT=$T_BENCH VM_APPEND="${append//+/ }" \
		VM_PLUGIN="$plugin,arg=out=$out/windows$args" \
		"$TOP/scripts/vm.sh" \
		"MARK=$BUILD/window-mark bash $TOP/guest/isolation.sh /run/out/isolation.kv $RUNTIME $REPS $rows" ||
		die "isolation VM failed ($b), see ${out#"$TOP"/}/console.log"
	say "$b: $(echo "$rows" | wc -w) rows in $(($(date +%s) - t0)) s"
}

# join_boot BOOT: the n-th window is the n-th run that was possible: its
# CPU 3 counts join that run's line.
join_boot()
{
	local b=$1 out=$BUILD/vm/isolation-$1 kernel

	kernel=$(boot_rows "$b" | cut -d' ' -f1)
	head -1 "$out/windows" | awk '
		{ for (i = 2; i <= NF; i++) { split($i, kv, "="); p[kv[1]] = kv[2] } }
		END { exit !($1 == "plugin" && p["switches"] > 0 &&
			p["switches"] == p["switches_in"] && p["switch_insns"] == 3 &&
			p["bad_switches"] == 0 && p["soft_on"] > 0 &&
			p["soft_on"] - p["soft_off"] <= 64 && p["soft_on"] >= p["soft_off"] &&
			p["block_on"] - p["block_off"] <= 64 && p["block_on"] >= p["block_off"]) }' ||
		die "$b: the plugin did not follow the contexts: $(head -1 "$out/windows")"
	awk -v boot="$b" -v kernel="$kernel" 'BEGIN { n = 0; nw = 0 }
		FILENAME ~ /windows$/ {
			if ($1 !~ /^window=/) next
			split($1, w, "="); split($2, c, "=")
			if (c[2] == 3) { cpu3[w[2]] = ""; for (i = 3; i <= NF; i++) cpu3[w[2]] = cpu3[w[2]] " cpu3_" $i }
			nw = w[2] + 1; next }
		{ line = "boot=" boot " kernel=" kernel " " $0 }
		/possible=1/ { if (!(n in cpu3)) { print "missing window " n > "/dev/stderr"; exit 1 }
			line = line cpu3[n]; n++ }
		{ print line }
		END { if (n != nw) { print n " runs, " nw " windows" > "/dev/stderr"; exit 1 } }' \
		"$out/windows" "$out/isolation.kv" >>"$raw" ||
		die "$b: runs and instruction windows do not match"
}

# The boots run PAR at a time (default: one per host CPU): each VM is one
# host thread under -icount, and its counts do not depend on host speed.
PAR=${PAR:-$(nproc)}
# shellcheck disable=SC2086  # lists
say "icount runs: $(echo $BOOTS | wc -w) boots, $REPS x ${RUNTIME}s per row, $PAR at a time"
pids=""
for b in $BOOTS; do
	# shellcheck disable=SC2086  # a list
	while [ "$(echo $pids | wc -w)" -ge "$PAR" ]; do
		wait -n || die "an isolation VM failed"
		pids=$(for p in $pids; do
			if kill -0 "$p" 2>/dev/null; then echo "$p"; fi
		done)
	done
	run_boot "$b" &
	pids="$pids $!"
done
for p in $pids; do
	wait "$p" || die "an isolation VM failed"
done
: >"$raw"
for b in $BOOTS; do
	join_boot "$b"
done
config="config/vm.config (rt: + $DISTRO_CONFIG_NAMES + $RT_CONFIG_NAMES)"
export RUNTIME
MADE_BY="\`$made_by\`; $(made_from), built with $config; QEMU -icount shift=$SHIFT, $REPS runs of ${RUNTIME} s per row" \
	ELAPSED=$(($(date +%s) - start)) "$TOP/bench/isolation-report.sh" "$raw" "$BENCH_OUT.md" "$BENCH_OUT.png"
say "${BENCH_OUT#"$TOP"/}.md and .png written ($(($(date +%s) - start)) s)"
