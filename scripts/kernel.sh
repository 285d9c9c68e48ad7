#!/bin/bash
# Build the VM kernel from the line's tree (build/linux; LINE=6.12:
# build/linux-6.12) or SRC=... into the line's obj (build/obj;
# build/6.12/obj) or KOBJ=...: tinyconfig + the selftests' config (the
# line's tree's, also for SRC=, so that a base kernel gets the same
# options) + config/*.config, out-of-tree objects.
set -eu
. "$(dirname "$0")/lib.sh"
"$TOP/scripts/deps.sh" build

SRC=${SRC:-$LINUX}
[ -f "$SRC/Makefile" ] || die "no kernel tree at ${SRC#"$TOP"/}; run '$(make_cmd tree)' first"
mkdir -p "$KOBJ"
name=$(basename "$KOBJ")
jobs=$MAKE_JOBS

# Regenerate .config only when the fragments changed, or the options of
# the fragments that the tree has (checking out an earlier or later patch
# of the series removes or adds BLK_CPU_AFFINITY, and syncconfig would
# silently leave a new option at its default): a new .config timestamp
# rebuilds nearly everything.
# shellcheck disable=SC2206  # EXTRA_CONFIG: a list of files
frags=("$TOP"/config/*.config ${EXTRA_CONFIG:-})
# The selftests' own config is where their options are declared
# (tests/config-lint.sh): merged first, so that config/ may override it.
stconfig=$LINUX/tools/testing/selftests/block-affinity/config
[ ! -f "$stconfig" ] || frags=("$stconfig" "${frags[@]}")
symbols=$(grep -rhs --include='Kconfig*' -E '^(menu)?config [A-Z0-9_]+$' "$SRC" |
	sed -E 's/^(menu)?config /CONFIG_/' | sort -u)
# has_symbol CONFIG_X: whether the tree's Kconfig defines X.
has_symbol() { printf '%s\n' "$symbols" | grep -qx "$1"; }
# Comments do not count: editing one must not reconfigure.
sum=$( (grep -h '^CONFIG_' "${frags[@]}"
	grep -h -o '^CONFIG_[A-Z0-9_]*' "${frags[@]}" | sort -u |
		while read -r opt; do has_symbol "$opt" && echo "have $opt"; done) |
	sha1sum | cut -d' ' -f1)
# want: each option's value in the fragments. A later fragment overrides
# an earlier one (config/distro/ turns vm.config's built-in schedulers into
# modules), so only the last value counts.
declare -A want=()
for f in "${frags[@]}"; do
	while IFS= read -r line; do
		case $line in CONFIG_*=*) want[${line%%=*}]=${line#*=} ;; esac
	done <"$f"
done
# config_lost: whether an option the fragments turn on (y or m) that the
# tree defines is missing from .config. kbuild drops one when objects are
# built by hand at a commit whose Kconfig lacks it (in a rebase), and the
# fragments' sum does not change then.
config_lost() {
	local opt
	for opt in "${!want[@]}"; do
		case ${want[$opt]} in y | m) ;; *) continue ;; esac
		has_symbol "$opt" || continue
		grep -q "^$opt=" "$KOBJ/.config" || return 0
	done
	return 1
}
if [ ! -f "$KOBJ/.config" ] || [ "$(cat "$KOBJ/.config.frags" 2>/dev/null)" != "$sum" ] ||
   config_lost; then
	run_logged "$LOGDIR/config-$name.log" "configuring kernel ($name)" sh -c '
		set -e
		make -C "$1" O="$2" tinyconfig
		"$1"/scripts/kconfig/merge_config.sh -m -O "$2" "$2/.config" $3
		make -C "$1" O="$2" olddefconfig
	' sh "$SRC" "$KOBJ" "${frags[*]}"
	# Every requested option must have survived olddefconfig.
	bad=0
	for opt in "${!want[@]}"; do
		val=${want[$opt]}
		# Options that the series adds do not exist in every
		# tree (the unpatched base for benchmarks, early patches).
		has_symbol "$opt" || continue
		if [ "$val" = n ]; then
			! grep -q "^$opt=" "$KOBJ/.config" || { warn "$opt is set but wanted off"; bad=1; }
		elif ! grep -qx "$opt=$val" "$KOBJ/.config"; then
			warn "$opt=$val did not take effect"; bad=1
		fi
	done
	[ "$bad" = 0 ] || die "kernel config incomplete"
	echo "$sum" >"$KOBJ/.config.frags"
fi
targets=bzImage
# A modular kernel (the distribution-like lane) also builds its modules and
# installs them under $KOBJ/modules, where the guest loads them from.
grep -qx CONFIG_MODULES=y "$KOBJ/.config" && targets="bzImage modules"
# shellcheck disable=SC2086
run_logged "$LOGDIR/build-$name.log" "building kernel ($name, -j$jobs)" \
	make -C "$SRC" O="$KOBJ" -j"$jobs" $targets
if [ "$targets" != bzImage ]; then
	rm -rf "$KOBJ/modules"
	run_logged "$LOGDIR/modules-$name.log" "installing modules ($name)" \
		make -C "$SRC" O="$KOBJ" INSTALL_MOD_PATH="$KOBJ/modules" \
		INSTALL_MOD_STRIP=1 modules_install
fi
