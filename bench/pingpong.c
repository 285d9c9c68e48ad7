// SPDX-License-Identifier: GPL-2.0
/*
 * pingpong: the validation workload of bench/cache-model.c, run in the
 * guest. Two threads, each pinned to a CPU, take turns (a futex) to
 * increment one shared cache line, ROUNDS times each: every increment but
 * the first finds the line modified in the other CPU's cache, so the model
 * must count 2 * ROUNDS - 1 transfers in touch(). "solo" runs both turns'
 * increments on one CPU: no transfer. The run is one window of the model
 * (io_setup(2) before it, io_destroy(2) after); the host makes touch()'s
 * addresses (nm -S) the model's "probe" category.
 * Usage: pingpong CPU_A CPU_B ROUNDS | pingpong solo CPU ROUNDS
 * Prints "pingpong mode=pair|solo cpus=A,B rounds=N value=V" (V = 2N + 1:
 * one increment before the window).
 */
#define _GNU_SOURCE
#include <linux/aio_abi.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile unsigned long probe_line[8] __attribute__((aligned(64)));
static int turn __attribute__((aligned(64)));	/* whose turn: 0 or 1 */
static long rounds;

__attribute__((noinline))
void touch(void)
{
	probe_line[0]++;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("sched_setaffinity");
		exit(1);
	}
}

struct player {
	int cpu, me;
};

static void *play(void *arg)
{
	struct player *p = arg;
	long r;
	int t;

	pin(p->cpu);
	for (r = 0; r < rounds; r++) {
		while ((t = __atomic_load_n(&turn, __ATOMIC_ACQUIRE)) != p->me)
			syscall(SYS_futex, &turn, FUTEX_WAIT_PRIVATE, t, NULL, NULL, 0);
		touch();
		__atomic_store_n(&turn, !p->me, __ATOMIC_RELEASE);
		syscall(SYS_futex, &turn, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct player a, b;
	aio_context_t ctx = 0;
	pthread_t ta, tb;
	int solo;
	long r;

	if (argc != 4) {
		fprintf(stderr, "usage: pingpong CPU_A CPU_B ROUNDS | pingpong solo CPU ROUNDS\n");
		return 2;
	}
	solo = !strcmp(argv[1], "solo");
	a.cpu = solo ? atoi(argv[2]) : atoi(argv[1]);
	b.cpu = atoi(argv[2]);
	a.me = 0;
	b.me = 1;
	rounds = atol(argv[3]);
	/*
	 * The line starts modified on the first player's CPU, not wherever
	 * the kernel cleared its page: the first increment moves nothing.
	 */
	pin(a.cpu);
	touch();
	if (syscall(SYS_io_setup, 1, &ctx)) {
		perror("io_setup");
		return 1;
	}
	if (solo) {
		for (r = 0; r < 2 * rounds; r++)
			touch();
	} else {
		pthread_create(&ta, NULL, play, &a);
		pthread_create(&tb, NULL, play, &b);
		pthread_join(ta, NULL);
		pthread_join(tb, NULL);
	}
	syscall(SYS_io_destroy, ctx);
	printf("pingpong mode=%s cpus=%d,%d rounds=%ld value=%lu\n",
	       solo ? "solo" : "pair", a.cpu, b.cpu, rounds, probe_line[0]);
	return 0;
}
