// SPDX-License-Identifier: GPL-2.0
/*
 * window-mark: opens or closes a window of the counting plugins
 * (bench/insn-window.c, insn-context.c: from an execution of io_setup(2)
 * to one of io_destroy(2)) around an application that uses no AIO, such
 * as an io_uring one. "start" enters io_setup(2) with no events (EINVAL:
 * no AIO context is made), "end" enters io_destroy(2) of no context
 * (EINVAL). The window then holds the application's start-up and exit,
 * and this program's after "start" and before "end".
 * Usage: window-mark start|end
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc != 2)
		return 2;
	if (!strcmp(argv[1], "start"))
		syscall(SYS_io_setup, 0, NULL);
	else if (!strcmp(argv[1], "end"))
		syscall(SYS_io_destroy, 0);
	else
		return 2;
	return 0;
}
