# shellcheck shell=bash
# Helpers of the benchmark scripts that read a benchmark kernel's symbols
# (sourced after scripts/lib.sh).

# ksym IMAGE SYMBOL: the address of a kernel symbol of a benchmark kernel.
ksym()
{
	local map=${1%/arch/x86/boot/bzImage}/System.map

	awk -v s="$2" '$3 == s { print $1; f = 1; exit } END { exit !f }' "$map" ||
		die "no $2 in ${map#"$TOP"/}"
}

# block_syms IMAGE: the block layer's functions in a benchmark kernel
# (block/, drivers/block/, blktrace), one "ADDRESS SIZE NAME" per line
# (hex, as nm prints them). Static functions whose name occurs twice in
# vmlinux are left out.
block_syms()
{
	local obj=${1%/arch/x86/boot/bzImage}

	nm -S "$obj/vmlinux" |
		awk 'NR == FNR { want[$3] = 1; next }
			NF == 4 && $3 ~ /^[tT]$/ { c[$4]++; a[$4] = $1; s[$4] = $2 }
			END { for (n in want) if (c[n] == 1) print a[n], s[n], n }' \
			<(nm --defined-only "$obj/block/built-in.a" \
				"$obj/drivers/block/built-in.a" \
				"$obj/kernel/trace/blktrace.o" | awk '$2 ~ /^[tT]$/') -
}

# block_ranges IMAGE: block_syms' functions as address ranges, sorted, one
# "START END" per line.
block_ranges()
{
	local a s

	block_syms "$1" | sort | while read -r a s _; do
		printf '%x %x\n' $((16#$a)) $((16#$a + 16#$s))
	done
}

# cat_ranges OBJ: "START END CATEGORY" of the kernel's functions by where
# they are built (block layer, block drivers, scheduler, IPI, interrupts
# and softirqs), sorted; a name defined twice in vmlinux is left out.
cat_ranges()
{
	local o=$1 a s c

	{
		nm --defined-only "$o/block/built-in.a" "$o/kernel/trace/blktrace.o" | sed 's/^/block /'
		nm --defined-only "$o/drivers/block/built-in.a" "$o/drivers/virtio/built-in.a" \
			"$o/drivers/nvme/built-in.a" | sed 's/^/driver /'
		nm --defined-only "$o/kernel/sched/built-in.a" | sed 's/^/sched /'
		nm --defined-only "$o/kernel/smp.o" "$o/arch/x86/kernel/smp.o" \
			"$o/arch/x86/kernel/apic/built-in.a" | sed 's/^/ipi /'
		nm --defined-only "$o/kernel/softirq.o" "$o/kernel/irq/built-in.a" \
			"$o/arch/x86/kernel/irq.o" | sed 's/^/irq /'
	} 2>/dev/null | awk 'NF == 4 && $3 ~ /^[tT]$/ && !($4 in c) { c[$4] = $1 }
		END { for (n in c) print c[n], n }' >"$BUILD/cats.$$"
	nm -S "$o/vmlinux" |
		awk 'NR == FNR { cat[$2] = $1; next }
			NF == 4 && $3 ~ /^[tT]$/ { n[$4]++; a[$4] = $1; s[$4] = $2 }
			END { for (f in n) if (n[f] == 1 && (f in cat)) print a[f], s[f], cat[f] }' \
			"$BUILD/cats.$$" - |
		while read -r a s c; do
			printf '%016x %016x %s\n' $((16#$a)) $((16#$a + 16#$s)) "$c"
		done | sort
	rm -f "$BUILD/cats.$$"
}

# distro_kimage base|patched: the image of make bench-defaults' kernels
# (scripts/bench-kernels.sh with BENCH_CONFIG=distro).
distro_kimage()
{
	case $1 in
	base) echo "$BUILD/obj-distro-base/arch/x86/boot/bzImage" ;;
	patched) echo "$BUILD/obj-distro/arch/x86/boot/bzImage" ;;
	esac
}

# provenance MADE_BY EXTRA [CONFIG]: the key=value lines that say what made
# a recorded figure: command, series and base, this repository, the
# kernel config (CONFIG; default: make bench-defaults' kernels, the
# distribution-like lane's), QEMU, and EXTRA (settings of the run).
# tests/provenance.sh checks that every file the docs quote has
# them.
provenance()
{
	echo "made_by=$1"
	echo "series=$(git -C "$LINUX" rev-parse --short=12 HEAD) kernel_code=$(tree_kernel_code) base=$(tr ' ' '_' <"$BUILD/base.version")"
	echo "repo=$(repo_rev)"
	echo "config=${3:-config/*.config+$DISTRO_CONFIG_NAMES}"
	echo "qemu=$(qemu-system-x86_64 --version | awk 'NR == 1 { print $4 }') $2"
}
