/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The part of QEMU's TCG plugin API (version 1, QEMU 7.2) that the bench/
 * plugins use, declared here since distributions do not ship
 * qemu-plugin.h. Included once by each plugin, which is one file.
 */
#ifndef BENCH_QEMU_PLUGIN_V1_H
#define BENCH_QEMU_PLUGIN_V1_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
/* The leading fields of QEMU's qemu_info_t, unchanged since version 1. */
typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min;
		int cur;
	} version;
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};
typedef uint32_t qemu_plugin_meminfo_t;

typedef void (*tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*vcpu_udata_cb_t)(unsigned int vcpu, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags,
					  void *userdata);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
					       size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
						enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *userdata);
typedef void (*vcpu_mem_cb_t)(unsigned int vcpu, qemu_plugin_meminfo_t info,
			      uint64_t vaddr, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw,
				      void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb_t cb,
				    void *userdata);
struct qemu_plugin_hwaddr;
_Bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);
struct qemu_plugin_hwaddr *qemu_plugin_get_hwaddr(qemu_plugin_meminfo_t info,
						  uint64_t vaddr);
_Bool qemu_plugin_hwaddr_is_io(const struct qemu_plugin_hwaddr *haddr);
uint64_t qemu_plugin_hwaddr_phys_addr(const struct qemu_plugin_hwaddr *haddr);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/*
 * The frame the bench/ plugins share. QEMU itself refuses a plugin whose
 * qemu_plugin_version it does not offer, before qemu_plugin_install(),
 * with its own message; a function this header declares that QEMU lacks
 * fails the plugin's dlopen().
 *
 * Arguments come as KEY=VALUE (QEMU's arg=). plugin_arg(ARG, KEY): the
 * value when ARG is KEY=VALUE, else NULL; plugin_hex_arg(ARG, KEY, V):
 * stores a hexadecimal VALUE (a guest address) in *V, returns whether ARG
 * was KEY=.
 */
static inline const char *plugin_arg(const char *arg, const char *key)
{
	size_t n = strlen(key);

	return !strncmp(arg, key, n) && arg[n] == '=' ? arg + n + 1 : NULL;
}

static inline int plugin_hex_arg(const char *arg, const char *key, uint64_t *v)
{
	const char *val = plugin_arg(arg, key);

	if (val)
		*v = strtoull(val, NULL, 16);
	return val != NULL;
}

/*
 * plugin_window_arg(ARG, OUT, START, END): the arguments every plugin
 * takes, out=FILE (copied: QEMU frees its argv after install), start= and
 * end= (the window's addresses, below); returns whether ARG was one.
 */
static inline int plugin_window_arg(const char *arg, const char **out,
				    uint64_t *start, uint64_t *end)
{
	const char *v = plugin_arg(arg, "out");

	if (v) {
		*out = strdup(v);
		return 1;
	}
	return plugin_hex_arg(arg, "start", start) ||
	       plugin_hex_arg(arg, "end", end);
}

/*
 * A counting window runs from the first execution of the start= address
 * (fio's io_setup) to the execution of the end= address (io_destroy) that
 * balances it, so that a fio run of several jobs, each with its own
 * io_setup, is one window. window_open(): whether this start opens the
 * window; window_close(): whether this end closes it. Single-threaded TCG
 * (-icount) runs one vCPU at a time: no locking.
 */
static int window_depth __attribute__((unused));

static inline int window_open(void)
{
	return !window_depth++;
}

static inline int window_close(void)
{
	return window_depth && !--window_depth;
}

/*
 * window_cbs(TB, START, END, ON, OFF): the window's callbacks, ON on a
 * block at the start= address, OFF on one at the end= address.
 */
static inline void window_cbs(struct qemu_plugin_tb *tb, uint64_t start,
			      uint64_t end, vcpu_udata_cb_t on,
			      vcpu_udata_cb_t off)
{
	uint64_t pc = qemu_plugin_tb_vaddr(tb);

	if (pc == start)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
	else if (pc == end)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, off,
						     QEMU_PLUGIN_CB_NO_REGS, NULL);
}

/*
 * range_find(RANGE, N, PC): the index of the range that holds PC among N
 * sorted, disjoint [start, end) pairs, or -1.
 */
static inline int range_find(uint64_t (*range)[2], unsigned int n, uint64_t pc)
{
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (pc < range[mid][0])
			hi = mid;
		else if (pc >= range[mid][1])
			lo = mid + 1;
		else
			return (int)mid;
	}
	return -1;
}

/*
 * QEMU 7.2's x86 translator ends a translation block before an instruction
 * that crosses into another page, unless it is the block's first, but the
 * plugin API still lists that instruction as the block's last: counted by
 * qemu_plugin_tb_n_insns() there and again as the first of the next block.
 * Seen in a dump of a kernel function's blocks: +1 per call wherever the
 * link puts such an instruction on a hot path, which makes two kernels'
 * counts differ by layout. The abandoned instruction has no code, and a
 * callback on it never runs. So a block counts its instructions but the
 * last with tb_insns(), and the last at its own execution, through
 * tb_last_insn() (inline add or callback).
 */
static inline size_t tb_insns(const struct qemu_plugin_tb *tb)
{
	return qemu_plugin_tb_n_insns(tb) - 1;
}

static inline struct qemu_plugin_insn *tb_last_insn(const struct qemu_plugin_tb *tb)
{
	return qemu_plugin_tb_get_insn(tb, qemu_plugin_tb_n_insns(tb) - 1);
}

#endif
