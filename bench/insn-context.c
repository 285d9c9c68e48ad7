// SPDX-License-Identifier: GPL-2.0
/*
 * insn-context: a QEMU TCG plugin that counts, per vCPU, the guest
 * instructions executed in each execution context (user space, a user
 * task's kernel code, a kernel thread, the idle task, softirq, hard
 * interrupt) between two marker addresses, for make bench-isolation: what an
 * isolated CPU executes for others.
 *
 * QEMU 7.2's plugin API cannot read guest registers or memory, so the
 * context is followed through kernel functions whose entry, and for two of
 * them whose return, the plugin sees:
 *
 *   hardirq  from the entry of irq_enter_rcu() to the entry of
 *            irq_exit_rcu() or irq_exit(): every device interrupt, IPI and
 *            timer interrupt on x86 goes through them. Hard interrupts do not
 *            nest. The entry and exit code around them (the interrupted
 *            context's share) counts as hardirq too when its address is in
 *            the .irqentry.text section (irqtext=). Split by the vector's
 *            C entry point, entered before irq_enter_rcu(): device
 *            interrupts (common_interrupt(), hdev=), function-call IPIs
 *            (hipi=, up to four), the local timer (htimer=), anything
 *            else. The reschedule IPI's handler does not go through
 *            irq_enter_rcu() (a "simple" system vector): its entries are
 *            counted (hres=), its instructions in the context it
 *            interrupts.
 *   softirq  from the entry of handle_softirqs() to a return instruction
 *            inside it (softirq=START:END; a plain ret, or a jmp to the
 *            return thunk, rethunk=): softirqs run from irq exit, from
 *            local_bh_enable() and in ksoftirqd all go through it. Kept per
 *            task, since on PREEMPT_RT a softirq can be preempted. The
 *            BLOCK softirq's handler (block=START:END, entry to return:
 *            blk_complete_reqs(), which blk_done_softirq() tail-calls) is
 *            counted apart.
 *   kthread  a task that entered kthread() (kthread=), while not in the two
 *            above: work items, the series' completion threads, threaded
 *            interrupt handlers (irqthread= also marks irq_thread(), to tell
 *            those apart).
 *   idle     a task that entered do_idle() (idle=).
 *   kernel   any other kernel address: system calls and page faults of user
 *            tasks.
 *   user     addresses below the kernel's half.
 *
 * Tasks are told apart by the context switch itself: __switch_to_asm()
 * stores the old stack pointer into prev->thread.sp and loads the new one
 * from next->thread.sp (switch=START:END). The two addresses of those
 * accesses name the tasks, so the per-task state (kthread, idle, softirq
 * depth) is saved and restored across switches. A new task starts at
 * ret_from_fork_asm() (fork=) with a clean state, so a task_struct reused by
 * another task inherits nothing.
 *
 * Kernel threads by what they run (tag=NAME:HEX, up to MAX_TAGS): a
 * kernel thread's instructions, in kthread and irqthread context, also
 * count under the tag of the last listed function it entered, or under
 * "other" before it entered any. Listing the thread functions that
 * kthread() calls (worker_thread, smpboot_thread_fn, irq_thread, ...), the
 * per-CPU threads' own functions that smpboot_thread_fn calls
 * (run_ksoftirqd: ksoftirqd/N, ...), process_one_work and the work
 * functions of interest names each kernel thread as ps(1) does, and a
 * worker by the work it last ran: the plugin cannot read a task's comm
 * (QEMU 7.2's API reads no guest memory), but it sees each function's
 * entry. A worker's instructions after a work function returns (its
 * loop, going to sleep) count under that work function until it enters
 * process_one_work() again.
 *
 * Windows are insn-window.c's: from an execution of start= to one of end=
 * (fio's io_setup(2) and io_destroy(2)). At exit the plugin writes, per
 * window and vCPU, one key=value line with the instructions in each context
 * and the number of hard interrupts (all, and per kind) and softirq and BLOCK
 * handler runs entered.
 *
 * Usage: qemu-system-x86_64 -plugin insn-context.so,arg=out=FILE,
 *        arg=start=HEX,arg=end=HEX,arg=hardon=HEX,arg=hardoff=HEX[,...],
 *        arg=softirq=HEX:HEX,arg=switch=HEX:HEX,arg=fork=HEX,
 *        arg=kthread=HEX,arg=idle=HEX[,arg=irqthread=HEX]
 *        [,arg=irqtext=HEX:HEX][,arg=rethunk=HEX][,arg=block=HEX:HEX]
 *        [,arg=hdev=HEX][,arg=htimer=HEX][,arg=hipi=HEX...][,arg=hres=HEX]
 *        [,arg=tag=NAME:HEX...]
 * (hardoff=, hipi= and tag= may be given more than once.)
 *
 * A translation block is counted whole, in the context current when it
 * starts: a block ends at every call, jump and return, so a context change
 * falls between blocks, except an interrupt taken in a block's middle,
 * which counts a few instructions that did not run. Single-threaded TCG
 * (-icount) runs one vCPU at a time: no locking.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"

#define MAX_VCPUS 64
#define MAX_WINDOWS 256
#define MAX_HARDOFF 4
#define NTASKS (1 << 16)		/* hash slots; a guest has far fewer */
#define KERNEL_START 0xffff800000000000ULL

enum ctx { C_USER, C_KERNEL, C_KTHREAD, C_IRQTHREAD, C_IDLE, C_SOFTIRQ,
	   C_SOFTIRQ_BLOCK, C_HARDIRQ, C_HARDIRQ_DEV, C_HARDIRQ_IPI,
	   C_HARDIRQ_TIMER, NCTX };
static const char *const ctx_name[NCTX] = {
	"user", "kernel", "kthread", "irqthread", "idle", "softirq",
	"softirq_block", "hardirq", "hardirq_dev", "hardirq_ipi",
	"hardirq_timer",
};
/*
 * Counters per vCPU: instructions per context, then event counts: hard
 * interrupts (all, and per kind as above), handle_softirqs() runs and
 * BLOCK softirq handler runs.
 */
enum { N_IRQS = NCTX, N_IRQS_DEV, N_IRQS_IPI, N_IRQS_TIMER, N_SOFTIRQS,
       N_BLOCK, N_RES_IPIS, NCOUNT };
static const char *const count_name[NCOUNT - NCTX] = {
	"irqs", "irqs_dev", "irqs_ipi", "irqs_timer", "softirqs", "block_runs",
	"res_ipis",
};
#define MAX_HIPI 4
#define MAX_TAGS 48
#define MAX_TAG_NAME 32
/* Per vCPU, after NCOUNT: kernel-thread instructions per tag (0: other). */
#define NALL (NCOUNT + MAX_TAGS + 1)

/* What a task carries across context switches. */
struct task_state {
	uint8_t kthread, irqthread, idle, soft, block;
	uint8_t tag;			/* 0, or 1 + the last tag entered */
};

struct task {
	uint64_t key;			/* address of thread.sp; 0: free */
	struct task_state s;
};

/*
 * hard: 0, or the hardirq context of the interrupt being handled; s: the
 * running task's state.
 */
struct vcpu {
	uint8_t hard, kind;
	struct task_state s;
	uint64_t count[NALL];
};

static struct vcpu vcpus[MAX_VCPUS];
static struct task tasks[NTASKS];
static unsigned int ntasks;
static uint64_t start_pc, end_pc, hardon_pc, fork_pc, kthread_pc, idle_pc;
static uint64_t irqthread_pc, rethunk_pc;
static uint64_t hardoff_pc[MAX_HARDOFF];
static unsigned int nhardoff;
static uint64_t soft_lo, soft_hi, switch_lo, switch_hi, irqtext_lo, irqtext_hi;
static uint64_t block_lo, block_hi, hdev_pc, htimer_pc, hipi_pc[MAX_HIPI];
static uint64_t hres_pc;
static unsigned int nhipi;
static uint64_t opened[MAX_VCPUS][NALL];
static int open_window;
static uint64_t (*windows)[MAX_VCPUS][NALL];
static char tag_name[MAX_TAGS][MAX_TAG_NAME];
static uint64_t tag_pc[MAX_TAGS];
static unsigned int ntags;
static unsigned int nwindows, nvcpus, switches_seen, switches_in, bad_switches;
static const char *out;

static struct vcpu *vcpu_of(unsigned int i)
{
	if (i >= MAX_VCPUS)
		abort();
	if (i + 1 > nvcpus)
		nvcpus = i + 1;
	return &vcpus[i];
}

static struct task *task_of(uint64_t key)
{
	uint64_t h = (key >> 6) * 0x9e3779b97f4a7c15ULL;
	unsigned int i = (unsigned int)(h >> 48) & (NTASKS - 1);

	while (tasks[i].key && tasks[i].key != key)
		i = (i + 1) & (NTASKS - 1);
	if (!tasks[i].key) {
		if (++ntasks > NTASKS / 2) {
			fprintf(stderr, "insn-context: more than %d tasks\n",
				NTASKS / 2);
			abort();
		}
		tasks[i].key = key;
	}
	return &tasks[i];
}

/* A translation block: its first address and its instruction count. */
struct block {
	uint64_t pc;
	uint64_t insns;
	uint8_t irqtext;
};

/* The context that @v runs @b's instructions in. */
static enum ctx ctx_of(const struct vcpu *v, const struct block *b)
{
	enum ctx c;

	if (v->hard)
		c = v->hard;
	else if (b->irqtext)
		c = v->kind ? v->kind : C_HARDIRQ;
	else if (v->s.soft)
		c = v->s.block ? C_SOFTIRQ_BLOCK : C_SOFTIRQ;
	else if (b->pc < KERNEL_START)
		c = C_USER;
	else if (v->s.irqthread)
		c = C_IRQTHREAD;
	else if (v->s.kthread)
		c = C_KTHREAD;
	else if (v->s.idle)
		c = C_IDLE;
	else
		c = C_KERNEL;
	return c;
}

/* Count @n instructions of @b in its context, and a kernel thread's tag. */
static void count_insns(struct vcpu *v, const struct block *b, uint64_t n)
{
	enum ctx c = ctx_of(v, b);

	v->count[c] += n;
	if (c == C_KTHREAD || c == C_IRQTHREAD)
		v->count[NCOUNT + v->s.tag] += n;
}

static void count_cb(unsigned int i, void *userdata)
{
	const struct block *b = userdata;

	count_insns(vcpu_of(i), b, b->insns);
}

/* The block's last instruction ran (qemu-plugin-v1.h: tb_insns()). */
static void last_cb(unsigned int i, void *userdata)
{
	count_insns(vcpu_of(i), userdata, 1);
}

/* A listed function's entry: a kernel thread now runs under its tag. */
static void tag_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	if (v->s.kthread)
		v->s.tag = (uint8_t)(uintptr_t)userdata;
}

/* The C entry point of a vector: which kind of interrupt this is. */
static void kind_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->kind = (uint8_t)(uintptr_t)userdata;
}

static void hardon_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	v->hard = v->kind ? v->kind : C_HARDIRQ;
	v->count[N_IRQS]++;
	if (v->hard == C_HARDIRQ_DEV)
		v->count[N_IRQS_DEV]++;
	else if (v->hard == C_HARDIRQ_IPI)
		v->count[N_IRQS_IPI]++;
	else if (v->hard == C_HARDIRQ_TIMER)
		v->count[N_IRQS_TIMER]++;
}

/* The reschedule IPI's handler: counted, no context of its own. */
static void res_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->count[N_RES_IPIS]++;
}

static void hardoff_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	v->hard = 0;
	v->kind = 0;
}

static uint64_t soft_ons, soft_offs, block_ons, block_offs;

static void blockon_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	v->s.block = 1;
	v->count[N_BLOCK]++;
	block_ons++;
}

/* A return instruction inside the BLOCK softirq's handler. */
static void blockoff_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->s.block = 0;
	block_offs++;
}

static void softon_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	v->s.soft++;
	v->count[N_SOFTIRQS]++;
	soft_ons++;
}

/* A return instruction inside handle_softirqs(). */
static void softoff_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	if (v->s.soft)
		v->s.soft--;
	soft_offs++;
}

static void fork_cb(unsigned int i, void *userdata)
{
	struct vcpu *v = vcpu_of(i);

	memset(&v->s, 0, sizeof(v->s));
}

static void kthread_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->s.kthread = 1;
}

static void irqthread_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->s.irqthread = 1;
}

static void idle_cb(unsigned int i, void *userdata)
{
	vcpu_of(i)->s.idle = 1;
}

/* __switch_to_asm(): the store of the old stack pointer into prev. */
static void switch_prev_cb(unsigned int i, qemu_plugin_meminfo_t info,
			   uint64_t vaddr, void *userdata)
{
	struct vcpu *v = vcpu_of(i);
	struct task *t = task_of(vaddr);

	t->s = v->s;
	switches_seen++;
	if (v->hard)
		bad_switches++;		/* no switch happens in hardirq */
}

/* ... and the load of the new one from next. */
static void switch_next_cb(unsigned int i, qemu_plugin_meminfo_t info,
			   uint64_t vaddr, void *userdata)
{
	struct vcpu *v = vcpu_of(i);
	struct task *t = task_of(vaddr);

	v->s = t->s;
	switches_in++;
}

static void start_cb(unsigned int vcpu, void *userdata)
{
	unsigned int i;

	for (i = 0; i < MAX_VCPUS; i++)
		memcpy(opened[i], vcpus[i].count, sizeof(opened[i]));
	open_window = 1;
}

static void end_cb(unsigned int vcpu, void *userdata)
{
	unsigned int i, k;

	if (!open_window || nwindows >= MAX_WINDOWS)
		return;
	for (i = 0; i < MAX_VCPUS; i++)
		for (k = 0; k < NALL; k++)
			windows[nwindows][i][k] = vcpus[i].count[k] -
						  opened[i][k];
	nwindows++;
	open_window = 0;
}

/*
 * Whether @insn (at @pc) returns: ret, ret imm16, or a jmp rel32 to the
 * return thunk (what the compiler emits for a return with
 * CONFIG_MITIGATION_RETHUNK, before alternatives patch it).
 */
static int is_return(const struct qemu_plugin_insn *insn, uint64_t pc)
{
	const uint8_t *d = qemu_plugin_insn_data(insn);
	size_t n = qemu_plugin_insn_size(insn);
	int32_t rel;

	if (n >= 1 && (d[0] == 0xc3 || d[0] == 0xc2))
		return 1;
	if (rethunk_pc && n == 5 && d[0] == 0xe9) {
		memcpy(&rel, d + 1, 4);
		return pc + 5 + (int64_t)rel == rethunk_pc;
	}
	return 0;
}

/*
 * The stack switch of __switch_to_asm(): "mov %rsp, disp(%rdi)" (48 89 a7
 * or 48 89 67) and "mov disp(%rsi), %rsp" (48 8b a6 or 48 8b 66).
 */
static int switch_access(const struct qemu_plugin_insn *insn)
{
	const uint8_t *d = qemu_plugin_insn_data(insn);

	if (qemu_plugin_insn_size(insn) < 4 || d[0] != 0x48)
		return 0;
	if (d[1] == 0x89 && (d[2] == 0xa7 || d[2] == 0x67))
		return 1;
	if (d[1] == 0x8b && (d[2] == 0xa6 || d[2] == 0x66))
		return 2;
	return 0;
}

static unsigned int switch_insns_found;

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);
	size_t n = qemu_plugin_tb_n_insns(tb), k;
	struct block *b = calloc(1, sizeof(*b));
	unsigned int j;

	if (!b)
		abort();
	b->pc = pc;
	b->insns = tb_insns(tb);
	b->irqtext = pc >= irqtext_lo && pc < irqtext_hi;
	/* State changes first, so that the block counts in its new context. */
	if (pc == hardon_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, hardon_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	for (j = 0; j < nhardoff; j++)
		if (pc == hardoff_pc[j])
			qemu_plugin_register_vcpu_tb_exec_cb(tb, hardoff_cb,
							     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (pc == soft_lo)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, softon_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (block_lo && pc == block_lo)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, blockon_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (hdev_pc && pc == hdev_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, kind_cb,
						     QEMU_PLUGIN_CB_NO_REGS,
						     (void *)(uintptr_t)C_HARDIRQ_DEV);
	if (htimer_pc && pc == htimer_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, kind_cb,
						     QEMU_PLUGIN_CB_NO_REGS,
						     (void *)(uintptr_t)C_HARDIRQ_TIMER);
	if (hres_pc && pc == hres_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, res_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	for (j = 0; j < nhipi; j++)
		if (pc == hipi_pc[j])
			qemu_plugin_register_vcpu_tb_exec_cb(tb, kind_cb,
							     QEMU_PLUGIN_CB_NO_REGS,
							     (void *)(uintptr_t)C_HARDIRQ_IPI);
	if (pc == fork_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, fork_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (pc == kthread_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, kthread_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (irqthread_pc && pc == irqthread_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, irqthread_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (pc == idle_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, idle_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	for (j = 0; j < ntags; j++)
		if (pc == tag_pc[j])
			qemu_plugin_register_vcpu_tb_exec_cb(tb, tag_cb,
							     QEMU_PLUGIN_CB_NO_REGS,
							     (void *)(uintptr_t)(j + 1));
	if (pc == start_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, start_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	if (pc == end_pc)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, end_cb,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, count_cb,
					     QEMU_PLUGIN_CB_NO_REGS, b);
	/* before the last instruction's own callbacks: the block's context */
	qemu_plugin_register_vcpu_insn_exec_cb(tb_last_insn(tb), last_cb,
					       QEMU_PLUGIN_CB_NO_REGS, b);
	for (k = 0; k < n; k++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, k);
		uint64_t ipc = qemu_plugin_insn_vaddr(insn);

		if (ipc >= soft_lo && ipc < soft_hi && is_return(insn, ipc))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, softoff_cb,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
		if (ipc >= block_lo && ipc < block_hi && is_return(insn, ipc))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, blockoff_cb,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
		if (ipc >= switch_lo && ipc < switch_hi) {
			int a = switch_access(insn);

			if (a)
				switch_insns_found |= a;
			if (a == 1)
				qemu_plugin_register_vcpu_mem_cb(insn, switch_prev_cb,
								 QEMU_PLUGIN_CB_NO_REGS,
								 QEMU_PLUGIN_MEM_RW, NULL);
			else if (a == 2)
				qemu_plugin_register_vcpu_mem_cb(insn, switch_next_cb,
								 QEMU_PLUGIN_CB_NO_REGS,
								 QEMU_PLUGIN_MEM_RW, NULL);
		}
	}
}

static void write_windows(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out, "w");
	unsigned int w, i, c;

	if (!f) {
		perror(out);
		return;
	}
	/*
	 * The plugin's own checks: switches must have been seen, each with
	 * both its accesses (the load from next is registered for reads and
	 * writes: QEMU 7.2 did not call a read-only callback for it); no
	 * switch may happen in hardirq context; every entry of a function
	 * followed to its return must have returned (but for the few that
	 * are running when QEMU stops).
	 */
	fprintf(f, "plugin switches=%u switches_in=%u switch_insns=%u bad_switches=%u tasks=%u soft_on=%llu soft_off=%llu block_on=%llu block_off=%llu\n",
		switches_seen, switches_in, switch_insns_found, bad_switches,
		ntasks, (unsigned long long)soft_ons,
		(unsigned long long)soft_offs, (unsigned long long)block_ons,
		(unsigned long long)block_offs);
	for (w = 0; w < nwindows; w++)
		for (i = 0; i < nvcpus; i++) {
			fprintf(f, "window=%u cpu=%u", w, i);
			for (c = 0; c < NCTX; c++)
				fprintf(f, " %s=%llu", ctx_name[c],
					(unsigned long long)windows[w][i][c]);
			for (c = NCTX; c < NCOUNT; c++)
				fprintf(f, " %s=%llu", count_name[c - NCTX],
					(unsigned long long)windows[w][i][c]);
			if (ntags)
				fprintf(f, " kt_other=%llu",
					(unsigned long long)windows[w][i][NCOUNT]);
			for (c = 0; c < ntags; c++)
				fprintf(f, " kt_%s=%llu", tag_name[c],
					(unsigned long long)windows[w][i][NCOUNT + 1 + c]);
			fprintf(f, "\n");
		}
	fclose(f);
}

/*
 * "NAME:HEX" into the next tag: NAME of letters, digits and '_' (a key of
 * the output lines), at most MAX_TAG_NAME - 1 of them.
 */
static int tag_arg(const char *s)
{
	size_t n = strcspn(s, ":");

	if (ntags >= MAX_TAGS || !n || n >= MAX_TAG_NAME || s[n] != ':' ||
	    strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != n)
		return -1;
	memcpy(tag_name[ntags], s, n);
	tag_pc[ntags] = strtoull(s + n + 1, NULL, 16);
	if (!tag_pc[ntags])
		return -1;
	ntags++;
	return 0;
}

/* "HEX:HEX" into *lo and *hi. */
static int range_arg(const char *s, uint64_t *lo, uint64_t *hi)
{
	char *end;

	*lo = strtoull(s, &end, 16);
	if (*end != ':')
		return -1;
	*hi = strtoull(end + 1, NULL, 16);
	return *hi > *lo ? 0 : -1;
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	int i, bad = 0;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i], *v;

		if (plugin_window_arg(a, &out, &start_pc, &end_pc) ||
		    plugin_hex_arg(a, "hardon", &hardon_pc) ||
		    plugin_hex_arg(a, "fork", &fork_pc) ||
		    plugin_hex_arg(a, "kthread", &kthread_pc) ||
		    plugin_hex_arg(a, "irqthread", &irqthread_pc) ||
		    plugin_hex_arg(a, "idle", &idle_pc) ||
		    plugin_hex_arg(a, "rethunk", &rethunk_pc) ||
		    plugin_hex_arg(a, "hdev", &hdev_pc) ||
		    plugin_hex_arg(a, "htimer", &htimer_pc) ||
		    plugin_hex_arg(a, "hres", &hres_pc))
			continue;
		else if (plugin_arg(a, "hardoff") && nhardoff < MAX_HARDOFF)
			plugin_hex_arg(a, "hardoff", &hardoff_pc[nhardoff++]);
		else if (plugin_arg(a, "hipi") && nhipi < MAX_HIPI)
			plugin_hex_arg(a, "hipi", &hipi_pc[nhipi++]);
		else if ((v = plugin_arg(a, "softirq")))
			bad |= range_arg(v, &soft_lo, &soft_hi);
		else if ((v = plugin_arg(a, "switch")))
			bad |= range_arg(v, &switch_lo, &switch_hi);
		else if ((v = plugin_arg(a, "block")))
			bad |= range_arg(v, &block_lo, &block_hi);
		else if ((v = plugin_arg(a, "irqtext")))
			bad |= range_arg(v, &irqtext_lo, &irqtext_hi);
		else if ((v = plugin_arg(a, "tag")))
			bad |= tag_arg(v);
		else
			bad = 1;
	}
	windows = calloc(MAX_WINDOWS, sizeof(*windows));
	if (bad || !windows || !out || !start_pc || !end_pc || !hardon_pc ||
	    !nhardoff || !soft_lo || !switch_lo || !fork_pc || !kthread_pc ||
	    !idle_pc) {
		fprintf(stderr, "insn-context: bad or missing arguments (see the usage in bench/insn-context.c)\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, write_windows, NULL);
	return 0;
}
