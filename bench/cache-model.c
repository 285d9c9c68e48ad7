// SPDX-License-Identifier: GPL-2.0
/*
 * cache-model: a QEMU TCG plugin that models the data caches of the guest's
 * vCPUs with write-invalidate coherence, for `make bench-locality`.
 *
 * -icount counts instructions, not cache misses, and QEMU's own cache
 * plugin keeps per-core caches without coherence: a store never invalidates
 * another vCPU's copy, so it cannot see the cache lines that move between
 * CPUs when a request is submitted on one and completed on another, which
 * is what completion locality (rq_affinity, completion_affinity) is about.
 *
 * Model, per vCPU: a private L1D and L2 (L2 inclusive of L1), with a state
 * per line, shared (S) or modified (M); per socket: a shared LLC (tags
 * only). A load or store that misses the vCPU's private caches while the
 * line is modified in another vCPU's is a cross-core transfer, counted as
 * local (same socket) or remote; the other copy becomes shared (load) or
 * invalid (store). A store to a shared line invalidates the other copies
 * (an invalidation, not a transfer). A private miss with no modified copy
 * elsewhere is an LLC hit or miss in the vCPU's socket. LRU replacement,
 * 64-byte lines, physical addresses.
 *
 * Not modelled: prefetch, DMA (a device's writes do not invalidate), timing
 * and bandwidth, the exclusive state (a private miss always probes the
 * other vCPUs), instruction fetches, and accesses that straddle two lines
 * (counted on the first).
 *
 * Counts are kept per vCPU and per category of the instruction's address:
 * the ranges file gives "START END NAME" (hex, END exclusive, sorted, not
 * overlapping); other kernel addresses are "kernel", the rest "user". The
 * windows are those of insn-window.c: from the first execution of the start
 * address to the end address that balances it (fio's io_setup and io_destroy,
 * or a program's own calls to them). Deterministic under single-threaded
 * TCG (-icount) with a guest that does not wait for its host.
 *
 * Usage: qemu-system-x86_64 -plugin cache-model.so,arg=out=FILE,
 *   arg=start=HEX,arg=end=HEX[,arg=ranges=FILE][,arg=cpus=N][,arg=cores=N]
 *   [,arg=l1=KIB:WAYS][,arg=l2=KIB:WAYS][,arg=llc=KIB:WAYS]
 * cpus: the guest's vCPUs (4, at most 16); cores: vCPUs per socket (vCPU n
 * is on socket n / cores; default all on one). Defaults: L1D 48 KiB 12-way, L2 2048 KiB 16-way, LLC 32768 KiB
 * 16-way per socket (a current server core). Output, per window, vCPU and
 * category with accesses: "window=W cpu=C cat=NAME insns=N accesses=N
 * l1_miss=N l2_miss=N llc_miss=N xfer_local=N xfer_remote=N inval=N".
 *
 * Built against the plugin API of QEMU 7.2 (version 1, qemu-plugin-v1.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"

#define LINE_SHIFT	6
#define MAX_CPUS	16
#define MAX_CATS	32
#define MAX_RANGES	65536
#define MAX_WINDOWS	256
#define KERNEL_START	0xffff800000000000ULL

enum { S_INVALID, S_SHARED, S_MODIFIED };

enum {
	C_INSNS, C_ACCESSES, C_L1_MISS, C_L2_MISS, C_LLC_MISS,
	C_XFER_LOCAL, C_XFER_REMOTE, C_INVAL, C_NR
};

static const char *const count_name[C_NR] = {
	"insns", "accesses", "l1_miss", "l2_miss", "llc_miss",
	"xfer_local", "xfer_remote", "inval",
};

struct way {
	uint64_t	tag;		/* line address */
	uint64_t	used;		/* LRU stamp */
	int		state;
};

struct cache {
	unsigned int	sets, ways;
	struct way	*w;		/* sets * ways */
};

static struct cache l1[MAX_CPUS], l2[MAX_CPUS], llc[MAX_CPUS];
static unsigned int ncpus = 4, cores = MAX_CPUS;	/* vCPUs, per socket */
static unsigned int l1_kib = 48, l1_ways = 12;
static unsigned int l2_kib = 2048, l2_ways = 16;
static unsigned int llc_kib = 32768, llc_ways = 16;
static uint64_t stamp;

static uint64_t count[MAX_CPUS][MAX_CATS][C_NR];
static uint64_t opened[MAX_CPUS][MAX_CATS][C_NR];
static uint64_t (*windows)[MAX_CPUS][MAX_CATS][C_NR];
static unsigned int nwindows;

static uint64_t range[MAX_RANGES][2];
static unsigned char range_cat[MAX_RANGES];
static unsigned int nranges;
static char *cat_name[MAX_CATS];
static unsigned int ncats;
static uint64_t start_pc, end_pc;
static const char *out;

static int cache_init(struct cache *c, unsigned int kib, unsigned int ways)
{
	c->ways = ways;
	c->sets = (kib << 10) / ways >> LINE_SHIFT;
	if (!c->sets || (c->sets & (c->sets - 1))) {
		fprintf(stderr, "cache-model: %u KiB %u-way gives %u sets, not a power of two\n",
			kib, ways, c->sets);
		return -1;
	}
	c->w = calloc((size_t)c->sets * ways, sizeof(*c->w));
	return c->w ? 0 : -1;
}

static struct way *find(struct cache *c, uint64_t line)
{
	struct way *set = c->w + (line & (c->sets - 1)) * c->ways;
	unsigned int i;

	for (i = 0; i < c->ways; i++)
		if (set[i].state != S_INVALID && set[i].tag == line)
			return &set[i];
	return NULL;
}

/* Put @line in @c with @state; returns the line it evicted (state 0: none). */
static struct way fill(struct cache *c, uint64_t line, int state)
{
	struct way *set = c->w + (line & (c->sets - 1)) * c->ways;
	struct way *victim = &set[0], old;
	unsigned int i;

	for (i = 0; i < c->ways; i++) {
		if (set[i].state == S_INVALID) {
			victim = &set[i];
			break;
		}
		if (set[i].used < victim->used)
			victim = &set[i];
	}
	old = *victim;
	victim->tag = line;
	victim->state = state;
	victim->used = ++stamp;
	return old;
}

static void set_state(struct cache *c, uint64_t line, int state)
{
	struct way *w = find(c, line);

	if (w)
		w->state = state;
}

static unsigned int socket_of(unsigned int cpu)
{
	return cpu / cores;
}

/* Another vCPU whose private caches hold @line modified, or -1. */
static int modified_elsewhere(unsigned int cpu, uint64_t line)
{
	struct way *w;
	unsigned int o;

	for (o = 0; o < ncpus; o++) {
		if (o == cpu)
			continue;
		w = find(&l2[o], line);
		if (w && w->state == S_MODIFIED)
			return o;
	}
	return -1;
}

/* Drop the other vCPUs' copies of @line before @cpu writes it. */
static void invalidate_others(unsigned int cpu, uint64_t line, uint64_t *cnt)
{
	struct way *w;
	unsigned int o;

	for (o = 0; o < ncpus; o++) {
		if (o == cpu)
			continue;
		w = find(&l2[o], line);
		if (!w)
			continue;
		w->state = S_INVALID;
		set_state(&l1[o], line, S_INVALID);
		cnt[C_INVAL]++;
	}
}

static void access_line(unsigned int cpu, unsigned int cat, uint64_t line,
			int store)
{
	uint64_t *cnt = count[cpu][cat];
	struct way *w1, *w2, old;
	int o, state;

	cnt[C_ACCESSES]++;
	w1 = find(&l1[cpu], line);
	if (w1) {
		w1->used = ++stamp;
		if (!store || w1->state == S_MODIFIED)
			return;
		invalidate_others(cpu, line, cnt);
		w1->state = S_MODIFIED;
		set_state(&l2[cpu], line, S_MODIFIED);
		return;
	}
	cnt[C_L1_MISS]++;
	w2 = find(&l2[cpu], line);
	if (w2) {
		w2->used = ++stamp;
		if (store && w2->state != S_MODIFIED) {
			invalidate_others(cpu, line, cnt);
			w2->state = S_MODIFIED;
		}
		fill(&l1[cpu], line, w2->state);
		return;
	}
	cnt[C_L2_MISS]++;
	o = modified_elsewhere(cpu, line);
	if (o >= 0) {
		cnt[socket_of(o) == socket_of(cpu) ? C_XFER_LOCAL : C_XFER_REMOTE]++;
		state = store ? S_INVALID : S_SHARED;
		set_state(&l2[o], line, state);
		set_state(&l1[o], line, state);
		if (state == S_INVALID)
			cnt[C_INVAL]++;
		/* the line is written back on its way: our LLC has it now */
		if (!find(&llc[socket_of(cpu)], line))
			fill(&llc[socket_of(cpu)], line, S_SHARED);
	} else {
		if (store)
			invalidate_others(cpu, line, cnt);
		w2 = find(&llc[socket_of(cpu)], line);
		if (w2) {
			w2->used = ++stamp;
		} else {
			cnt[C_LLC_MISS]++;
			fill(&llc[socket_of(cpu)], line, S_SHARED);
		}
	}
	state = store ? S_MODIFIED : S_SHARED;
	old = fill(&l2[cpu], line, state);
	/* inclusion: what leaves L2 leaves L1; a dirty line goes to the LLC */
	if (old.state != S_INVALID) {
		set_state(&l1[cpu], old.tag, S_INVALID);
		if (old.state == S_MODIFIED && !find(&llc[socket_of(cpu)], old.tag))
			fill(&llc[socket_of(cpu)], old.tag, S_SHARED);
	}
	fill(&l1[cpu], line, state);
}

static void mem_cb(unsigned int cpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *userdata)
{
	struct qemu_plugin_hwaddr *h = qemu_plugin_get_hwaddr(info, vaddr);

	if (cpu >= ncpus || !h || qemu_plugin_hwaddr_is_io(h))
		return;
	access_line(cpu, (unsigned int)(uintptr_t)userdata,
		    qemu_plugin_hwaddr_phys_addr(h) >> LINE_SHIFT,
		    qemu_plugin_mem_is_store(info));
}

/* A translation block's instructions, counted for its first one's category. */
static void tb_cb(unsigned int cpu, void *userdata)
{
	uintptr_t v = (uintptr_t)userdata;

	if (cpu < ncpus)
		count[cpu][v & 0xff][C_INSNS] += v >> 8;
}

/* Single-threaded TCG (icount) runs one vCPU at a time: no locking. */
/* Windows: window_open() and window_close() (qemu-plugin-v1.h). */
static void start_cb(unsigned int cpu, void *userdata)
{
	if (!window_open())
		return;
	memcpy(opened, count, sizeof(count));
}

static void end_cb(unsigned int cpu, void *userdata)
{
	unsigned int c, k, i;

	if (!window_close() || nwindows >= MAX_WINDOWS)
		return;
	for (c = 0; c < MAX_CPUS; c++)
		for (k = 0; k < MAX_CATS; k++)
			for (i = 0; i < C_NR; i++)
				windows[nwindows][c][k][i] =
					count[c][k][i] - opened[c][k][i];
	nwindows++;
}

static unsigned int cat_of(uint64_t pc)
{
	int i = range_find(range, nranges, pc);

	if (i >= 0)
		return range_cat[i];
	return pc >= KERNEL_START ? 1 : 0;	/* "kernel", "user" */
}

static unsigned int cat_id(const char *name)
{
	unsigned int i;

	for (i = 0; i < ncats; i++)
		if (!strcmp(cat_name[i], name))
			return i;
	if (ncats == MAX_CATS)
		return 1;
	cat_name[ncats] = strdup(name);
	return ncats++;
}

static int read_ranges(const char *path)
{
	unsigned long long a, b;
	char name[64];
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	while (nranges < MAX_RANGES &&
	       fscanf(f, "%llx %llx %63s", &a, &b, name) == 3) {
		range[nranges][0] = a;
		range[nranges][1] = b;
		range_cat[nranges] = cat_id(name);
		nranges++;
	}
	fclose(f);
	return 0;
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);
	size_t i, n = qemu_plugin_tb_n_insns(tb);
	struct qemu_plugin_insn *insn;

	window_cbs(tb, start_pc, end_pc, start_cb, end_cb);
	/* the last instruction at its own execution (qemu-plugin-v1.h) */
	qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_cb, QEMU_PLUGIN_CB_NO_REGS,
					     (void *)(uintptr_t)(cat_of(pc) |
								 tb_insns(tb) << 8));
	qemu_plugin_register_vcpu_insn_exec_cb(tb_last_insn(tb), tb_cb,
					       QEMU_PLUGIN_CB_NO_REGS,
					       (void *)(uintptr_t)(cat_of(pc) | 1 << 8));
	for (i = 0; i < n; i++) {
		insn = qemu_plugin_tb_get_insn(tb, i);
		qemu_plugin_register_vcpu_mem_cb(insn, mem_cb,
				QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
				(void *)(uintptr_t)cat_of(qemu_plugin_insn_vaddr(insn)));
	}
}

static void write_windows(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out, "w");
	unsigned int w, c, k, i;

	if (!f) {
		perror(out);
		return;
	}
	for (w = 0; w < nwindows; w++)
		for (c = 0; c < ncpus; c++)
			for (k = 0; k < ncats; k++) {
				if (!windows[w][c][k][C_ACCESSES] &&
				    !windows[w][c][k][C_INSNS])
					continue;
				fprintf(f, "window=%u cpu=%u cat=%s", w, c,
					cat_name[k]);
				for (i = 0; i < C_NR; i++)
					fprintf(f, " %s=%llu", count_name[i],
						(unsigned long long)windows[w][c][k][i]);
				fputc('\n', f);
			}
	fclose(f);
}

static int size_arg(const char *v, unsigned int *kib, unsigned int *ways)
{
	return sscanf(v, "%u:%u", kib, ways) == 2 ? 0 : -1;
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	const char *v;
	unsigned int c;
	int i, bad = 0;

	cat_id("user");
	cat_id("kernel");
	for (i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (plugin_window_arg(a, &out, &start_pc, &end_pc))
			continue;
		if ((v = plugin_arg(a, "ranges")))
			bad |= read_ranges(v);
		else if ((v = plugin_arg(a, "cpus")))
			ncpus = strtoul(v, NULL, 10);
		else if ((v = plugin_arg(a, "cores")))
			cores = strtoul(v, NULL, 10);
		else if ((v = plugin_arg(a, "l1")))
			bad |= size_arg(v, &l1_kib, &l1_ways);
		else if ((v = plugin_arg(a, "l2")))
			bad |= size_arg(v, &l2_kib, &l2_ways);
		else if ((v = plugin_arg(a, "llc")))
			bad |= size_arg(v, &llc_kib, &llc_ways);
		else
			bad = -1;
	}
	if (bad || !out || !start_pc || !end_pc || !cores || !ncpus ||
	    ncpus > MAX_CPUS) {
		fprintf(stderr, "cache-model: needs out=, start= and end=; see its header\n");
		return -1;
	}
	windows = calloc(MAX_WINDOWS, sizeof(*windows));
	if (!windows)
		return -1;
	for (c = 0; c < ncpus; c++)
		if (cache_init(&l1[c], l1_kib, l1_ways) ||
		    cache_init(&l2[c], l2_kib, l2_ways) ||
		    (c % cores == 0 && cache_init(&llc[c / cores], llc_kib, llc_ways)))
			return -1;
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, write_windows, NULL);
	return 0;
}
