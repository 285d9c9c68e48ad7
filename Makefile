# Block IO affinity series for Linux 7.3 (and its 6.12 backport): entry
# points. Every target installs the Debian packages it needs when run as
# root. LINE=6.12 (make LINE=6.12 ..., or in the environment) runs a
# target on the 6.12 line; scripts/lib.sh alone reads it.

SHELL := /bin/bash
CMD ?= true
export LINE

.PHONY: all demo demo-matrix deb check check-times check-full lint check-debug check-series check-mutants tree export kernel vm selftests bench bench-defaults bench-seeds bench-seeds-transfers bench-defaults-profile bench-sync-read bench-isolation bench-rt-model bench-mask-write bench-steering-latency bench-steering-profile bench-elevator bench-redirect bench-locality bench-locality-validate hw-bench doctor soak-nvme clean help

all: demo

demo:			## build, boot, and print local and remote counts of one short run at the defaults and with each mask moved
	@scripts/demo.sh

demo-matrix:		## build, boot, and print the 2008 A Q C matrix, row by row (about 4 min)
	@DEMO=matrix scripts/demo.sh

check:			## the test suite CI runs (the README's test command): the 7.3 line (main lane, extra boots, harness), then the 6.12 line's series, kernel and selftests
	@tests/check.sh

check-times:		## where the last make check's time went, per step and per selftest: docs/check-times.md
	@scripts/check-times.sh

check-full:		## make check, and the distribution-like and PREEMPT_RT lanes, every patch built alone (W=1), htmldocs (four kernels; its deadline is 150 min)
	@CHECK_FULL=1 tests/check.sh

lint:			## shellcheck of every script and checkpatch --strict of every patch (both lines), about 3 minutes
	@tests/lint.sh

check-debug:		## make check on a KASAN/lockdep kernel, longer limits (not in CI: slow)
	@tests/check-debug.sh

check-series:		## every patch alone: block layer, null_blk, md and tracing build with W=1
	@scripts/tree.sh
	@scripts/kernel.sh
	@scripts/check-series.sh

check-mutants:		## can the selftests fail? one kernel per deliberate bug (tests/mutants/)
	@scripts/tree.sh
	@tests/mutants.sh

tree:			## (re)create build/linux from the base + patches/ (LINE=6.12: build/linux-6.12, patches/6.12/)
	@scripts/tree.sh

export:			## rewrite patches/ from build/linux, base..HEAD (LINE=6.12: patches/6.12/ from build/linux-6.12)
	@scripts/export.sh

kernel:			## build the VM kernel from build/linux into build/obj (LINE=6.12: into build/6.12/obj)
	@scripts/kernel.sh

selftests:		## build and install the selftests into build/kselftest (LINE=6.12: build/6.12/kselftest)
	@scripts/selftests-build.sh

vm:			## boot the VM and run CMD in it, its exit status passed back
	@scripts/vm.sh '$(subst ','\'',$(value CMD))'

bench:			## benchmarks under QEMU -icount: base against patched: bench/records/results.md
	@bench/bench.sh

bench-defaults:		## the series' cost at the defaults, distribution-like config: bench/records/defaults.md
	@BENCH_CONFIG=distro BENCH_JOBS="nullb-qd1 nullb-qd16 virtio-qd1" BENCH_OUT=bench/records/defaults bench/bench.sh

bench-seeds:		## the seeds' workloads (2014 tag allocation, 2004 readahead) at the defaults, base against series: bench/records/seeds.md
	@BENCH_CONFIG=distro BENCH_JOBS="tags-softirq-qd64 tags-timer-qd64 ra-0 ra-32 ra-128 ra-512" BENCH_OUT=bench/records/seeds bench/bench.sh

bench-seeds-transfers:	## the 2014 tag allocation rows in cache-line transfers per IO (cache model), base against series: bench/records/seeds-transfers.txt
	@bench/seeds-transfers.sh

bench-defaults-profile:	## per kernel function, where the series' instructions at the defaults go: bench/records/defaults-profile.txt
	@bench/defaults-profile.sh

bench-elevator:		## mq-deadline against none on a multi-queue NVMe disk: bench/records/elevator.md
	@VM_NVME=1 BENCH_JOBS="nvme-none-qd1 nvme-mq-deadline-qd1 nvme-none-qd32 nvme-mq-deadline-qd32" \
		BENCH_OUT=bench/records/elevator REPORT=bench/elevator-report.sh bench/bench.sh

bench-redirect:		## what the submit redirect (patch 21) costs per IO on NVMe: bench/records/redirect.md
	@VM_NVME=1 BENCH_JOBS="nvme-none-qd1 nvme-redirect-qd1 nvme-none-qd32 nvme-redirect-qd32" \
		PAIR="none redirect" TITLE="The submit redirect against the defaults on a multi-queue NVMe disk" \
		BENCH_OUT=bench/records/redirect REPORT=bench/elevator-report.sh bench/bench.sh

bench-locality-validate:	## the cache model counts one transfer per cache-line handoff: bench/records/locality-validation.txt
	@bench/locality-validate.sh

bench-locality:		## cache-line transfers per IO where completions run (cache model): bench/records/locality.md
	@bench/locality.sh

bench-sync-read:	## sync reads against async writeback: base against patched
	@bench/sync-read.sh

bench-mask-write:	## how long a completion_affinity write takes with IO in flight (wall clock): bench/records/mask-write.txt
	@bench/mask-write.sh

bench-steering-latency:	## completion latency of IPI and thread steering with a hog on the completion CPU (wall clock): bench/records/steering-latency.txt
	@bench/steering-latency.sh

bench-steering-profile:	## where thread steering's instructions go, against IPI steering (icount): bench/records/steering-profile.txt
	@bench/steering-profile.sh

bench-isolation:	## what an isolated CPU that submits IO does for others: bench/records/isolation.md
	@bench/isolation.sh

hw-bench:		## on your machine, as root, its kernel with the series: rtla on one CPU while it reads an NVMe disk, per setting (HW_DISK=nvme0n1 required; HW_CPU); report in build/hw-bench/
	@scripts/deps.sh hw
	@out=$${HW_OUT:-build/hw-bench}; bench/hw-bench.sh && \
		bench/hw-bench-report.sh "$$out" "$$out/hw-bench.md" "$$out/hw-bench.png" && \
		echo ">>> report: $$out/hw-bench.md"

bench-rt-model:		## on PREEMPT_RT, a submitter sharing a CPU's hardware queue under -icount and with a host thread per vCPU: bench/records/rt-model.txt
	@bench/rt-model.sh

soak-nvme:		## NVMe under controller resets and CPU hotplug, base against series, QEMU traced: build/nvme-soak.kv
	@tests/nvme-soak.sh

deb:			## a Debian kernel package of the line with the series: Debian's config (FLAVOUR=rt: its rt flavour), bindeb-pkg, into build/deb/ (hours on 2 CPUs; contrib/README.md)
	@scripts/deb.sh
doctor:			## what this machine lacks for make and make check (no root, changes nothing)
	@scripts/doctor.sh

clean:			## remove the line's VM runs and logs (build/vm, build/log; LINE=6.12: under build/6.12/); keeps trees, objects and the bases
	@. scripts/lib.sh && rm -rf "$$BUILD/vm" "$$LOGDIR" && \
		{ [ ! -d "$$LINUX/.git" ] || git -C "$$LINUX" worktree prune; }

help:			## this list, then the environment knobs (docs/harness.md, "Knobs of the harness")
	@grep -E '^[a-z-]+:.*## ' Makefile | sed 's/:.*## /\t/'
	@echo
	@sed -n '/^## Knobs of the harness/,/^## /{/^| `/p}' docs/harness.md | \
		sed -E 's/^\| //; s/ \| /\t/g; s/ \|$$//; s/`//g'
