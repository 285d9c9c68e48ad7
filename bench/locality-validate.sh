#!/bin/bash
# Validate bench/cache-model.c before it counts anything: in a guest with
# two sockets of two vCPUs, bench/pingpong.c hands one cache line back and
# forth ROUNDS times each way between CPUs 0 and 1 (one socket) and between
# CPUs 1 and 2 (two sockets), and increments it as often on CPU 1 alone.
# The model must count 2 * ROUNDS - 1 transfers in pingpong's touch(), of
# the right kind, within 1%, and none for the solo run. The same guest
# command is run once more without the plugin: the plugin's overhead, in
# host seconds (the model's counts do not depend on them). Writes
# bench/records/locality-validation.txt (key=value, the last line result=pass or
# result=fail) and exits non-zero on a failure.
# Env: ROUNDS (2000), ICOUNT_SHIFT (3).
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" vm

ROUNDS=${ROUNDS:-2000}
SHIFT=${ICOUNT_SHIFT:-3}
txt=$TOP/bench/records/locality-validation.txt
out=$BUILD/vm/locality-validate
rm -rf "$out"
mkdir -p "$out"
plugin=$BUILD/cache-model.so
gcc -O2 -Wall -shared -fPIC -o "$plugin" "$TOP/bench/cache-model.c"
gcc -O2 -Wall -static -pthread -o "$BUILD/pingpong" "$TOP/bench/pingpong.c"
# touch()'s addresses: the "probe" category
read -r addr size _ < <(nm -S "$BUILD/pingpong" | awk '$4 == "touch" { print $1, $2 }')
[ -n "${size:-}" ] || die "no touch() in pingpong"
printf '%x %x probe\n' $((16#$addr)) $((16#$addr + 16#$size)) >"$out/ranges"
map=$KOBJ/System.map
ksym() { awk -v s="$1" '$3 == s { print $1; exit }' "$map"; }
start=$(ksym __x64_sys_io_setup) end=$(ksym __x64_sys_io_destroy)
if [ -z "$start" ] || [ -z "$end" ]; then
	die "no io_setup/io_destroy in ${map#"$TOP"/}"
fi

say "cache model validation: $ROUNDS rounds, icount shift $SHIFT"
t0=$(date +%s)
KIMAGE=$KOBJ/arch/x86/boot/bzImage VM_ICOUNT=$SHIFT VM_TOPOLOGY=sockets=2,cores=2 \
	VM_QUIET=1 VM_OUT=$out VM_TIMEOUT=$T_BENCH \
	VM_PLUGIN="$plugin,arg=out=$out/windows,arg=start=$start,arg=end=$end,arg=ranges=$out/ranges,arg=cpus=4,arg=cores=2" \
	"$TOP/scripts/vm.sh" "$BUILD/pingpong solo 1 $ROUNDS && $BUILD/pingpong 0 1 $ROUNDS && $BUILD/pingpong 1 2 $ROUNDS" ||
	die "validation VM failed, see ${out#"$TOP"/}/console.log"
secs=$(($(date +%s) - t0))
t0=$(date +%s)
KIMAGE=$KOBJ/arch/x86/boot/bzImage VM_ICOUNT=$SHIFT VM_TOPOLOGY=sockets=2,cores=2 \
	VM_QUIET=1 VM_OUT=$out/plain VM_TIMEOUT=$T_BENCH \
	"$TOP/scripts/vm.sh" "$BUILD/pingpong solo 1 $ROUNDS && $BUILD/pingpong 0 1 $ROUNDS && $BUILD/pingpong 1 2 $ROUNDS" ||
	die "validation VM without the plugin failed, see ${out#"$TOP"/}/plain/console.log"
plain=$(($(date +%s) - t0))

# sum WINDOW FIELD: FIELD summed over the probe category's lines of WINDOW
sum()
{
	awk -v w="window=$1" -v f="$2" '$1 == w && $3 == "cat=probe" {
		for (i = 4; i <= NF; i++) { split($i, kv, "="); if (kv[1] == f) s += kv[2] } }
		END { print s + 0 }' "$out/windows"
}
want=$((2 * ROUNDS - 1))
# within WANT GOT: 1 if GOT is within 1% of WANT (exactly 0 for 0)
within() { awk -v w="$1" -v g="$2" 'BEGIN { d = g - w; if (d < 0) d = -d; print (w == 0 ? g == 0 : d <= w / 100) }'; }
ok=1
# before the file is truncated, which would make the repository dirty
made_by="made_by=make bench-locality-validate commit=$(git -C "$LINUX" rev-parse --short=12 HEAD) kernel_code=$(tree_kernel_code) repo=$(repo_rev) config=config/vm.config rounds=$ROUNDS icount_shift=$SHIFT seconds=$secs seconds_without_plugin=$plain"
{
	echo "$made_by"
	for w in 0 1 2; do
		case $w in
		0) name=solo_cpu1 wl=0 wr=0 ;;
		1) name=pair_cpu0_cpu1_one_socket wl=$want wr=0 ;;
		2) name=pair_cpu1_cpu2_two_sockets wl=0 wr=$want ;;
		esac
		gl=$(sum $w xfer_local) gr=$(sum $w xfer_remote)
		pass=$(( $(within "$wl" "$gl") && $(within "$wr" "$gr") ))
		[ "$pass" = 1 ] || ok=0
		echo "case=$name accesses=$(sum $w accesses) want_local=$wl xfer_local=$gl want_remote=$wr xfer_remote=$gr pass=$pass"
	done
	echo "result=$([ $ok = 1 ] && echo pass || echo fail)"
} >"$txt"
cat "$txt"
[ $ok = 1 ]
