// SPDX-License-Identifier: GPL-2.0
/*
 * insn-window: a QEMU TCG plugin that counts the guest instructions executed
 * between two marker addresses, on all vCPUs, for `make bench`.
 *
 * Under -icount, fio's IOPS already count instructions, but only while the
 * guest never waits: a virtio-blk request is completed by QEMU's host side,
 * and guest time spent waiting for it depends on host scheduling (runs of one
 * kernel differ by 2% to 70%). Counting the instructions the guest executes
 * while fio does its IO gives the path length per IO for every device alike.
 *
 * The markers are the entry points of io_setup(2) and io_destroy(2), which
 * fio's libaio engine calls once per job, right before its first IO and after
 * its last. Every time a marker runs, the plugin records the running counts;
 * at exit it writes one line per window: the instructions from the first
 * io_setup to the io_destroy that balances it (a fio run of several jobs,
 * each with its own io_setup, is one window), all of them and those in the address
 * ranges of a file (the block layer's functions: what timer ticks and idle
 * entry, which depend on how long the guest waited for the host, never
 * reach).
 *
 * Usage: qemu-system-x86_64 -plugin insn-window.so,arg=out=FILE,
 *        arg=start=HEXADDR,arg=end=HEXADDR,arg=ranges=FILE ...
 * The ranges file has one "START END" pair of hex addresses per line
 * (END exclusive), sorted and not overlapping.
 *
 * Built against the plugin API of QEMU 7.2 (version 1, qemu-plugin-v1.h).
 * A translation block is counted whole when it starts, so an interrupt
 * taken in its middle counts a few instructions that did not run, the same
 * for both kernels compared.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qemu-plugin-v1.h"


#define MAX_WINDOWS 4096
#define MAX_RANGES 65536

static uint64_t insns;			/* executed so far, all vCPUs */
static uint64_t in_ranges;		/* ... of which in the ranges */
static uint64_t start_pc, end_pc;
static uint64_t opened[2];		/* counts at the open window's start */
static uint64_t windows[MAX_WINDOWS][2];
static unsigned int nwindows;
static uint64_t range[MAX_RANGES][2];
static unsigned int nranges;
static const char *out;

/* Single-threaded TCG (icount) runs one vCPU at a time: no locking. */
static void start_cb(unsigned int vcpu, void *userdata)
{
	if (!window_open())
		return;
	opened[0] = insns;
	opened[1] = in_ranges;
}

static void end_cb(unsigned int vcpu, void *userdata)
{
	if (!window_close())
		return;
	if (nwindows < MAX_WINDOWS) {
		windows[nwindows][0] = insns - opened[0];
		windows[nwindows][1] = in_ranges - opened[1];
		nwindows++;
	}
}

static int read_ranges(const char *path)
{
	unsigned long long a, b;
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	while (nranges < MAX_RANGES && fscanf(f, "%llx %llx", &a, &b) == 2) {
		range[nranges][0] = a;
		range[nranges][1] = b;
		nranges++;
	}
	fclose(f);
	return 0;
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);

	window_cbs(tb, start_pc, end_pc, start_cb, end_cb);
	/* the last instruction at its own execution (qemu-plugin-v1.h) */
	qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
						 &insns, tb_insns(tb));
	qemu_plugin_register_vcpu_insn_exec_inline(tb_last_insn(tb),
						   QEMU_PLUGIN_INLINE_ADD_U64,
						   &insns, 1);
	if (range_find(range, nranges, pc) >= 0) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
				QEMU_PLUGIN_INLINE_ADD_U64, &in_ranges,
				tb_insns(tb));
		qemu_plugin_register_vcpu_insn_exec_inline(tb_last_insn(tb),
				QEMU_PLUGIN_INLINE_ADD_U64, &in_ranges, 1);
	}
}

static void write_windows(qemu_plugin_id_t id, void *userdata)
{
	FILE *f = fopen(out, "w");
	unsigned int i;

	if (!f) {
		perror(out);
		return;
	}
	for (i = 0; i < nwindows; i++)
		fprintf(f, "%llu %llu\n", (unsigned long long)windows[i][0],
			(unsigned long long)windows[i][1]);
	fclose(f);
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
		if ((v = plugin_arg(argv[i], "ranges")) && read_ranges(v))
			return -1;
	}
	if (!out || !start_pc || !end_pc) {
		fprintf(stderr, "insn-window: needs out=, start= and end=\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, write_windows, NULL);
	return 0;
}
