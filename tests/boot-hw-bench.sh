#!/bin/bash
# make hw-bench's dry run: bench/hw-bench.sh end to end in the VM on its
# emulated NVMe disk (short runs: RUNTIME, 3 s per tool and setting),
# then bench/hw-bench-report.sh; its outputs stay in the boot's run
# directory. Passes when every setting was made and measured (rtla's
# timerlat samples and osnoise's summary, fio's rate) and the report says
# it is a dry run; the figures themselves are not judged (emulated).
# Appends "PASS|FAIL hw-bench dry run..." to RESULTS.
# Env: LABEL, put before the boot's own label.
# Usage: boot-hw-bench.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
label="${LABEL:+$LABEL }hw-bench dry run"
result() { printf '%s %s%s\n' "$1" "$label" "$2" >>"$results"; }
rows="defaults sqpoll part masks parthk"

mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/hw-bench.XXXXXX")
rc=0
# (twice a boot's limit: five settings of two tools each, 285 s on a
# loaded host)
VM_NVME=1 VM_OUT=$run VM_TIMEOUT=$((2 * T_BOOT)) "$TOP/scripts/vm.sh" \
	". $TOP/guest/lib.sh; HW_DISK=\$(nvme_by_serial banvme) HW_DRY_RUN=1 RUNTIME=${HW_RUNTIME:-3} ROWS='$rows' HW_OUT=/run/out bash $TOP/bench/hw-bench.sh" \
	>"$run/out.txt" 2>&1 || rc=$?
if [ "$rc" != 0 ] || [ ! -s "$run/hw-bench.kv" ]; then
	result FAIL ": bench/hw-bench.sh exit $rc (see $(rel "$run")/out.txt)"
	exit 0
fi
if ! "$TOP/bench/hw-bench-report.sh" "$run" "$run/hw-bench.md" "$run/hw-bench.png" >>"$run/out.txt" 2>&1; then
	result FAIL ": the report (see $(rel "$run")/out.txt)"
	exit 0
fi
bad=""
for r in $rows; do
	l=$(grep "^row=$r " "$run/hw-bench.kv" || true)
	case $l in
	*possible=1*) ;;
	"") bad="$bad $r(no line)"; continue ;;
	*) bad="$bad $r(not made: $(sed -n 's/.*why="\([^"]*\)".*/\1/p' <<<"$l"))"; continue ;;
	esac
	for k in timerlat_thr_samples timerlat_thr_max_us osnoise_irq app_iops; do
		grep -qE "(^| )$k=[0-9]" <<<"$l" || bad="$bad $r(no $k)"
	done
done
grep -q '^\*\*A dry run\*\*' "$run/hw-bench.md" || bad="$bad report(not labelled a dry run)"
if [ -z "$bad" ]; then
	result PASS ": $(echo "$rows" | wc -w) settings made and measured by rtla and fio, report $(rel "$run")/hw-bench.md"
else
	result FAIL ":$bad (see $(rel "$run"))"
fi
