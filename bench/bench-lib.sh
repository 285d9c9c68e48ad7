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
