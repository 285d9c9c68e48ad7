#!/bin/bash
# Can the selftests fail? Build the series' kernel with one deliberate bug
# at a time (tests/mutants/NAME.diff, applied to the tip of build/linux in
# the worktree build/mut-src, objects in build/obj-mut) and run, in the VM,
# the selftests that tests/mutants/list says must catch it. Prints one line
# per mutant and test:
#   mutant=NAME test=TEST result=caught|missed|skipped fails=N passes=N skips=N
# Where the list names the check that guards the mutated code (its fifth
# column, TEST:TEXT), a test catches the mutant only if a failing check's
# description contains TEXT; a test that fails elsewhere (its setup, an
# unrelated check) has missed it (result=missed, fails=N still counted).
# Each test first runs on the unmutated tip, once per kind of VM (printed
# as mutant=(none) ... result=pass|fail); a test that fails there gives
# no verdict on a mutant (result=baseline-fails). Exits non-zero if any
# test missed its mutant. The matrix runs 100
# requests per row and the stress test 60 s. Not part of make check (an
# incremental kernel build and a boot per mutant: 2-5 minutes each).
# Usage: mutants.sh [NAME...]   (default: every mutant in the list)
# Env: MUTANT_TESTS, a list of tests: run only those of each mutant's tests;
# MUTANT_BASELINE=0: no run of the unmutated tip.
# MUTANT_INPLACE=1: apply each mutant to build/linux itself and build in
# build/obj (no second clean kernel build: 7-12 minutes on two cores); the
# tree must have no uncommitted change, and is restored on any exit.
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

src=$BUILD/mut-src
obj=$BUILD/obj-mut
ksft=$BUILD/kselftest-mut
list=$TOP/tests/mutants/list
if [ -n "${MUTANT_INPLACE:-}" ]; then
	src=$LINUX
	obj=$KOBJ
	git -C "$src" diff --quiet HEAD ||
		die "$(rel "$LINUX") has uncommitted changes; commit them or run without MUTANT_INPLACE"
	trap 'git -C "$src" checkout -q -f -- .' EXIT
else
	worktree "$src" HEAD || die "cannot check $(rel "$LINUX")'s HEAD out in ${src#"$TOP"/}"
fi

# vm_words VMENV: the list's fourth column as "ENV_WORDS|BOOT_PARAMS".
vm_words() {
	local w env_words="" boot=""
	for w in ${1:-}; do
		case $w in
		-) ;;
		BOOT=*) boot="$boot ${w#BOOT=}" ;;
		*) env_words="$env_words $w" ;;
		esac
	done
	echo "$env_words|$boot"
}

# run_tests LABEL VMENV RESULTS TEST...: the tests in a VM of the kind
# VMENV names, on the kernel in $obj and the selftests built from $src.
run_tests() {
	local label=$1 words res=$3
	words=$(vm_words "$2")
	shift 3
	# shellcheck disable=SC2086  # lists
	SRC=$src KOBJ=$obj "$TOP/scripts/kernel.sh" >&2 &&
	SRC=$src KOBJ=$obj KSFT_OUT=$ksft "$TOP/scripts/selftests-build.sh" >&2 &&
	env ${words%%|*} KOBJ=$obj KSFT_OUT=$ksft LABEL=$label \
		VM_APPEND="$BA_PROFILE_MUTANT${words#*|} ${VM_APPEND:-}" \
		"$TOP/tests/vm-selftests.sh" "$res" "$@" >&2
}

# A mutant is caught only by a test that passes without it: each test
# runs once on the unmutated tip first, per kind of VM (MUTANT_BASELINE=0
# skips that). baseline_ok VMENV TEST: whether it passed there.
declare -A baseline_run
baseline_ok() {
	local key="$1|$2" res=$BUILD/mutant-baseline.results
	[ "${MUTANT_BASELINE:-1}" != 0 ] || return 0
	if [ -z "${baseline_run[$key]:-}" ]; then
		git -C "$src" checkout -q -f -- .
		rm -f "$res"
		run_tests baseline "$1" "$res" "$2" || true
		if grep -q "^PASS baseline block-affinity/$2" "$res" 2>/dev/null &&
		   ! grep -q "^FAIL baseline block-affinity/$2" "$res"; then
			baseline_run[$key]=pass
		else
			baseline_run[$key]=fail
		fi
		echo "mutant=(none) test=$2 vm=${1:--} result=${baseline_run[$key]}"
	fi
	[ "${baseline_run[$key]}" = pass ]
}

missed=0
while IFS=$'\t' read -r name _ tests vmenv expect; do
	case $name in '' | '#'*) continue ;; esac
	if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then
		continue
	fi
	if [ -n "${MUTANT_TESTS:-}" ]; then
		# shellcheck disable=SC2086  # lists
		tests=$(for t in $tests; do
			printf '%s\n' $MUTANT_TESTS | grep -qx "$t" && echo "$t"
		done | xargs)
		[ -n "$tests" ] || continue
	fi
	# The tests that pass on the unmutated tip, in the same kind of VM.
	bad_base=""
	for t in $tests; do
		baseline_ok "${vmenv:-}" "$t" || bad_base="$bad_base $t"
	done
	git -C "$src" checkout -q -f -- .
	git -C "$src" apply "$TOP/tests/mutants/$name.diff"
	res=$BUILD/mutant-$name.results
	rm -f "$res"
	# A mutant of the selftests' own programs (the analyzer) needs them
	# built from the mutated tree too. A mutant may need a VM of its own
	# kind (two caches, a boot parameter): the list's fourth column,
	# VAR=value words for the VM's environment and BOOT=param words for
	# the guest's command line.
	# shellcheck disable=SC2086  # a list
	run_tests "$name" "${vmenv:-}" "$res" $tests || true
	for t in $tests; do
		f=$(grep -c "^FAIL $name block-affinity/$t" "$res" 2>/dev/null || true)
		p=$(grep -c "^PASS $name block-affinity/$t" "$res" 2>/dev/null || true)
		s=$(grep -c "^SKIP $name block-affinity/$t" "$res" 2>/dev/null || true)
		# The guarding check, if the list names one for this test.
		want=""
		IFS=';' read -ra pairs <<<"${expect:-}"
		for pair in "${pairs[@]}"; do
			[ "${pair%%:*}" != "$t" ] || want=${pair#*:}
		done
		if printf '%s\n' $bad_base | grep -qx "$t"; then
			# it fails without the mutant too: no verdict
			r=baseline-fails
			missed=$((missed + 1))
		elif [ -n "$want" ] && [ "$f" -gt 0 ] &&
		   ! grep "^FAIL $name block-affinity/$t" "$res" | grep -qF -- "$want"; then
			r=missed
			missed=$((missed + 1))
		elif [ "$f" -gt 0 ]; then
			r=caught
		elif [ "$p" -gt 0 ]; then
			r=missed
			missed=$((missed + 1))
		else
			r=skipped
			missed=$((missed + 1))
		fi
		echo "mutant=$name test=$t result=$r fails=$f passes=$p skips=$s"
	done
done <"$list"
git -C "$src" checkout -q -f -- .
# In place, build/obj holds the last mutant's kernel: rebuild the series'.
# (The mutants' selftests are in build/kselftest-mut: build/kselftest,
# which make check's VMs run, is never a mutant's, even after a kill.)
[ -z "${MUTANT_INPLACE:-}" ] || "$TOP/scripts/kernel.sh" >&2
[ "$missed" -eq 0 ]
