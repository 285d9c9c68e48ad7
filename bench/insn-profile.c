// SPDX-License-Identifier: GPL-2.0
/*
 * insn-profile: a QEMU TCG plugin that counts the guest instructions executed
 * between two marker addresses, on all vCPUs, per kernel function, for
 * bench/steering-profile.sh: where the instructions that one completion
 * mechanism costs more than another go.
 *
 * The markers and windows are insn-window.c's (fio's io_setup(2) to its
 * io_destroy(2): one window per fio run). The symbols file has one
 * "ADDRESS NAME" line per kernel function, sorted by address (from
 * System.map); an instruction is counted for the function whose address is
 * the nearest at or below its translation block's, user space as "[user]".
 * At exit it writes one "WINDOW NAME INSNS" line per window and function
 * that ran in it.
 *
 * Usage: qemu-system-x86_64 -plugin insn-profile.so,arg=out=FILE,
 *        arg=start=HEXADDR,arg=end=HEXADDR,arg=syms=FILE ...
 *
 * A callback per executed translation block, not an inline add: several
 * times slower than insn-window, which is why make bench does not use it.
 * Single-threaded TCG (-icount) runs one vCPU at a time: no locking.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"


#define MAX_WINDOWS 16
#define MAX_SYMS (1 << 18)
#define KERNEL_START 0xffff800000000000ULL

/* A translation block, as translated: its function and its counts. */
struct tb_count {
	unsigned int sym;		/* index in syms, or nsyms for user */
	uint64_t insns;			/* in the block */
	uint64_t count[MAX_WINDOWS];	/* instructions executed, per window */
	struct tb_count *next;
};

static struct tb_count *tbs;
static uint64_t start_pc, end_pc;
static int window = -1, nwindows;
static const char *out;
static uint64_t sym_addr[MAX_SYMS];
static char *sym_name[MAX_SYMS];
static unsigned int nsyms;

static void start_cb(unsigned int vcpu, void *userdata)
{
	if (window_open())
		window = nwindows < MAX_WINDOWS ? nwindows++ : -1;
}

static void end_cb(unsigned int vcpu, void *userdata)
{
	if (window_close())
		window = -1;
}

static void count_cb(unsigned int vcpu, void *userdata)
{
	struct tb_count *t = userdata;

	if (window >= 0)
		t->count[window] += t->insns;
}

/* The block's last instruction ran (qemu-plugin-v1.h: tb_insns()). */
static void last_cb(unsigned int vcpu, void *userdata)
{
	struct tb_count *t = userdata;

	if (window >= 0)
		t->count[window]++;
}

/* The function that holds @pc: the last symbol at or below it. */
static unsigned int find_sym(uint64_t pc)
{
	unsigned int lo = 0, hi = nsyms;

	if (pc < KERNEL_START || !nsyms || pc < sym_addr[0])
		return nsyms;
	while (hi - lo > 1) {
		unsigned int mid = (lo + hi) / 2;

		if (sym_addr[mid] <= pc)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static int read_syms(const char *path)
{
	unsigned long long a;
	char name[256];
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	while (nsyms < MAX_SYMS && fscanf(f, "%llx %255s", &a, name) == 2) {
		sym_addr[nsyms] = a;
		sym_name[nsyms] = strdup(name);
		nsyms++;
	}
	fclose(f);
	return 0;
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);
	struct tb_count *t = calloc(1, sizeof(*t));

	if (!t)
		abort();
	t->sym = find_sym(pc);
	t->insns = tb_insns(tb);
	t->next = tbs;
	tbs = t;
	window_cbs(tb, start_pc, end_pc, start_cb, end_cb);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, count_cb,
					     QEMU_PLUGIN_CB_NO_REGS, t);
	qemu_plugin_register_vcpu_insn_exec_cb(tb_last_insn(tb), last_cb,
					       QEMU_PLUGIN_CB_NO_REGS, t);
}

static void write_profile(qemu_plugin_id_t id, void *userdata)
{
	uint64_t *sum = calloc((size_t)(nsyms + 1) * MAX_WINDOWS, sizeof(*sum));
	FILE *f = fopen(out, "w");
	struct tb_count *t;
	unsigned int s;
	int w;

	if (!f || !sum) {
		perror(out);
		return;
	}
	for (t = tbs; t; t = t->next)
		for (w = 0; w < nwindows; w++)
			sum[(size_t)t->sym * MAX_WINDOWS + w] += t->count[w];
	for (w = 0; w < nwindows; w++)
		for (s = 0; s <= nsyms; s++)
			if (sum[(size_t)s * MAX_WINDOWS + w])
				fprintf(f, "%d %s %llu\n", w,
					s < nsyms ? sym_name[s] : "[user]",
					(unsigned long long)sum[(size_t)s * MAX_WINDOWS + w]);
	fclose(f);
	free(sum);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	const char *v;
	int i;

	for (i = 0; i < argc; i++) {
		if (plugin_window_arg(argv[i], &out, &start_pc, &end_pc))
			continue;
		if ((v = plugin_arg(argv[i], "syms")) && read_syms(v))
			return -1;
	}
	if (!out || !start_pc || !end_pc || !nsyms) {
		fprintf(stderr, "insn-profile: needs out=, start=, end= and syms=\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, write_profile, NULL);
	return 0;
}
