#!/bin/bash
# make bench-seeds-transfers: the 2014 tag allocation rows of make
# bench-seeds (guest/fio.sh's tags-softirq-qd64 and tags-timer-qd64:
# null_blk, one hardware queue of 64 tags, one fio job per vCPU at depth 64)
# counted by the coherent cache model (bench/cache-model.c, validated by
# make bench-locality-validate) on the base and on the series at the
# defaults, built as make bench-defaults builds them. Writes BENCH_OUT
# (bench/records/seeds-transfers.txt), key=value lines:
#   made_by=... series=... repo=... config=... qemu=...
#   kernel=K job=J rep=N ios=N xfer_per_io=X local_per_io=L remote_per_io=R
#       block_xfer_per_io=B insns_per_io=I
#   kernel=K job=J runs=N mean_xfer_per_io=X median_xfer_per_io=M min= max=
#       spread=S mean_block_xfer_per_io=B
# One socket of 4 vCPUs (one LLC): every transfer is between cores of it.
# Env: REPS (10: a row's runs spread by 30-230%, and comparing base and
# series by their ranks needs about ten runs a side), RUNTIME (1 guest
# second per run), ICOUNT_SHIFT (3), BENCH_OUT.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
. "$TOP/bench/bench-lib.sh"
"$TOP/scripts/deps.sh" vm bench

made_by=$(command_line "bench/seeds-transfers.sh" REPS RUNTIME ICOUNT_SHIFT BENCH_OUT)
REPS=${REPS:-10}
RUNTIME=${RUNTIME:-1}
BENCH_OUT=${BENCH_OUT:-$TOP/bench/records/seeds-transfers.txt}
BENCH_JOBS="tags-softirq-qd64 tags-timer-qd64"

BENCH_CONFIG=distro "$TOP/scripts/bench-kernels.sh"
"$TOP/scripts/selftests-build.sh"
run=$(mktemp -d "$BUILD/vm/seedx.XXXXXX")
plugin=$run/cache-model.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/cache-model.c"
for k in base patched; do
	img=$(distro_kimage $k)
	mkdir -p "$run/$k"
	cat_ranges "${img%/arch/x86/boot/bzImage}" >"$run/$k/ranges"
	say "cache model: $k kernel, $BENCH_JOBS, $REPS x ${RUNTIME}s"
	KIMAGE=$img VM_ICOUNT=${ICOUNT_SHIFT:-3} VM_TIMEOUT=$T_BENCH VM_QUIET=1 VM_OUT=$run/$k \
		VM_PLUGIN="$plugin,arg=out=$run/$k/windows,arg=start=$(ksym "$img" __x64_sys_io_setup),arg=end=$(ksym "$img" __x64_sys_io_destroy),arg=ranges=$run/$k/ranges,arg=cpus=4,arg=cores=4" \
		"$TOP/scripts/vm.sh" "bash $TOP/guest/fio.sh $BUILD/kselftest $RUNTIME $REPS $BENCH_JOBS >/run/out/guest.out" ||
		die "VM failed ($k), see ${run#"$TOP"/}/$k/console.log"
	grep '^RESULT' "$run/$k/guest.out" >"$run/$k/results" || true
	nres=$(wc -l <"$run/$k/results")
	nwin=$(sed 's/ .*//' "$run/$k/windows" | sort -u | wc -l)
	[ "$nres" -eq "$nwin" ] || die "$k: $nwin model windows for $nres fio runs"
done

{
	provenance "$made_by" "icount_shift=${ICOUNT_SHIFT:-3} cpus=4 sockets=1 reps=$REPS runtime=$RUNTIME"
	for k in base patched; do
		# The n-th window (0-based) is the n-th RESULT line.
		awk -v k="$k" '
			NR == FNR { job[NR - 1] = $2; rep[NR - 1] = $3; ios[NR - 1] = $7; next }
			{
				for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
				w = f["window"]
				xl[w] += f["xfer_local"]; xr[w] += f["xfer_remote"]
				in_[w] += f["insns"]
				if (f["cat"] == "block") xb[w] += f["xfer_local"] + f["xfer_remote"]
				seen[w] = 1
			}
			END {
				for (w in seen) {
					n = ios[w]
					if (n == 0) continue
					printf "kernel=%s job=%s rep=%s ios=%d xfer_per_io=%.2f local_per_io=%.2f remote_per_io=%.2f block_xfer_per_io=%.2f insns_per_io=%.0f\n",
						k, job[w], rep[w], n, (xl[w] + xr[w]) / n, xl[w] / n, xr[w] / n, xb[w] / n, in_[w] / n
				}
			}' "$run/$k/results" "$run/$k/windows" | sort -t= -k3
	done >"$run/rows"
	cat "$run/rows"
	awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		key = f["kernel"] " " f["job"]
		n[key]++; s[key] += f["xfer_per_io"]; b[key] += f["block_xfer_per_io"]
		v[key, n[key]] = f["xfer_per_io"] + 0 }
		# med(KEY): the median of the runs of KEY (insertion sort: a few runs).
		function med(key,   i, j, t, a, k) {
			k = n[key]
			for (i = 1; i <= k; i++) a[i] = v[key, i]
			for (i = 2; i <= k; i++)
				for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
			lo = a[1]; hi = a[k]
			return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2 }
		END { for (key in n) { split(key, kj, " "); m = s[key] / n[key]; md = med(key)
			printf "kernel=%s job=%s runs=%d mean_xfer_per_io=%.2f median_xfer_per_io=%.2f min=%.2f max=%.2f spread=%.2f%% mean_block_xfer_per_io=%.2f\n",
				kj[1], kj[2], n[key], m, md, lo, hi, m ? (hi - lo) / m * 100 : 0, b[key] / n[key] } }' \
		"$run/rows" | sort
} >"$BENCH_OUT.tmp"
mv "$BENCH_OUT.tmp" "$BENCH_OUT"
say "written ${BENCH_OUT#"$TOP"/}"
cat "$BENCH_OUT"
