# Block IO affinity series for Linux 6.12: entry points.
# Every target installs the Debian packages it needs when run as root.

SHELL := /bin/bash
CMD ?= true

.PHONY: all demo check lint check-debug check-series check-mutants tree export kernel vm selftests bench bench-defaults bench-seeds bench-seeds-transfers bench-defaults-profile bench-sync bench-isolation soak-nvme help

all: demo

demo:			## build, boot, and print the analyzer's table
	@scripts/demo.sh

check:			## the full test suite (the README's test command)
	@tests/check.sh

lint:			## shellcheck of every script and checkpatch --strict of every patch, in seconds
	@tests/lint.sh

check-debug:		## make check on a KASAN/lockdep kernel, longer limits (not in CI: slow)
	@tests/check-debug.sh

check-series:		## every patch alone: block layer, null_blk and md build with W=1
	@scripts/tree.sh
	@scripts/kernel.sh
	@scripts/bisect-check.sh

check-mutants:		## can the selftests fail? one kernel per deliberate bug (tests/mutants/)
	@scripts/tree.sh
	@tests/mutants.sh

tree:			## (re)create build/linux from the base + patches/
	@scripts/tree.sh

export:			## rewrite patches/ from build/linux (base..HEAD)
	@scripts/export.sh

kernel:			## build the VM kernel from build/linux into build/obj
	@scripts/kernel.sh

selftests:		## build and install the selftests into build/kselftest
	@scripts/selftests-build.sh

vm:			## boot the VM and run CMD in it, its exit status passed back
	@scripts/vm.sh '$(subst ','\'',$(value CMD))'

bench:			## benchmarks under QEMU -icount: base against patched
	@scripts/deps.sh vm
	@bench/bench.sh

bench-defaults:		## the series' cost at the defaults, distribution-like config: bench/defaults.md
	@BENCH_CONFIG=distro JOBS="nullb-qd1 nullb-qd16 virtio-qd1" OUT=bench/defaults bench/bench.sh

bench-seeds:		## the seeds' workloads (2014 tag allocation, 2004 readahead) at the defaults, base against series: bench/seeds.md
	@BENCH_CONFIG=distro JOBS="tags-softirq-qd64 tags-timer-qd64 ra-0 ra-32 ra-128 ra-512" OUT=bench/seeds bench/bench.sh

bench-seeds-transfers:	## the 2014 tag allocation rows in cache-line transfers per IO (cache model), base against series: bench/seeds-transfers.txt
	@bench/seeds-transfers.sh

bench-defaults-profile:	## per kernel function, where the series' instructions at the defaults go: bench/defaults-profile.txt
	@bench/defaults-profile.sh

bench-elevator:		## mq-deadline against none on a multi-queue NVMe disk: bench/elevator.md
	@VM_NVME=1 JOBS="nvme-none-qd1 nvme-mq-deadline-qd1 nvme-none-qd32 nvme-mq-deadline-qd32" \
		OUT=bench/elevator REPORT=bench/elevator-report.sh bench/bench.sh

bench-redirect:		## what the submit redirect (patch 21) costs per IO on NVMe: bench/redirect.md
	@VM_NVME=1 JOBS="nvme-none-qd1 nvme-redirect-qd1 nvme-none-qd32 nvme-redirect-qd32" \
		PAIR="none redirect" TITLE="The submit redirect against the defaults on a multi-queue NVMe disk" \
		OUT=bench/redirect REPORT=bench/elevator-report.sh bench/bench.sh

bench-locality-validate:	## the cache model counts one transfer per cache-line handoff: bench/locality-validation.txt
	@bench/locality-validate.sh

bench-locality:		## cache-line transfers per IO where completions run (cache model): bench/locality.md
	@bench/locality.sh

bench-sync:		## sync reads against async writeback: base against patched
	@bench/sync-read.sh

bench-isolation:	## what an isolated CPU that submits IO does for others: bench/isolation.md
	@bench/isolation.sh

soak-nvme:		## NVMe under controller resets and CPU hotplug, base against series, QEMU traced: build/nvme-soak.kv
	@tests/nvme-soak.sh

doctor:			## what this machine lacks for make and make check (no root, changes nothing)
	@scripts/doctor.sh

help:
	@grep -E '^[a-z-]+:.*## ' Makefile | sed 's/:.*## /\t/'
