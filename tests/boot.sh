#!/bin/bash
# Run the boots named on the command line, each described by a data file,
# tests/boots/NAME.boot: one boot of the VM with its kernel command line,
# its VM shape and its selftests (tests/vm-selftests.sh), the result lines
# appended to RESULTS. A boot file holds key=value lines and # comments:
#   kernel=       main (the default: the kernel make kernel builds), or a
#                 lane (distro, rt) whose script builds that kernel, sets
#                 what all its boots share and runs them
#   lines=        all: make check runs it on every line (default: the main
#                 line only)
#   label=        put in brackets after LABEL in the result lines
#   append=       kernel command line parameters (the guest's BA_* too)
#   profile=      llc, distro or rt: that selftest profile (scripts/lib.sh)
#   cpus=         vCPUs (default 4); topology= -smp's sockets and cores
#   nvme_queues=  +N: the NVMe disk's IO queues, N more than vCPUs
#   nvme_subsys=  1: the NVMe disk as a subsystem of two controllers with
#                 two shared namespaces, a multipath head in the guest
#   timeout=      N: N times the boot's limit (T_BOOT; T_LANE in a lane)
#   tests=        the selftests it runs; those the build lacks are left
#                 out, and a boot with none of them is not made
# Env: LABEL, VM_APPEND (added to every boot), BOOT_TESTS (more tests for
# every boot), and what scripts/vm.sh takes (KIMAGE, VM_DRIVES, ...).
# Usage: boot.sh RESULTS NAME...
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
shift

# get KEY: the value of KEY in the boot file $f (empty when it has none).
get() { sed -n "s/^$1=//p" "$f" | tail -n 1; }

rc=0
for name; do
	f=$TOP/tests/boots/$name.boot
	[ -f "$f" ] || die "no boot $name ($(rel "$f") is missing)"
	bad=$(boot_bad_keys "$f")
	[ -z "$bad" ] || die "$(rel "$f"): not a key of a boot: $bad"
	case $(get profile) in
	"") profile="" ;;
	llc) profile=$BA_PROFILE_LLC ;;
	distro) profile=$BA_PROFILE_DISTRO ;;
	rt) profile=$BA_PROFILE_RT ;;
	*) die "$(rel "$f"): no profile $(get profile)" ;;
	esac
	limit=$T_BOOT
	[ "$(get kernel)" = "" ] || [ "$(get kernel)" = main ] || limit=$T_LANE
	cpus=$(get cpus)
	cpus=${cpus:-${VM_CPUS:-4}}
	queues=$(get nvme_queues)
	[ -z "$queues" ] || queues=$((cpus + ${queues#+}))
	tests=""
	for t in $(get tests) ${BOOT_TESTS:-}; do
		grep -qx "block-affinity:$t" "$BUILD/kselftest/kselftest-list.txt" && tests="$tests $t"
	done
	[ -n "$tests" ] || continue
	label=$(get label)
	times=$(get timeout)
	append="$(get append) $profile ${VM_APPEND:-}"
	# shellcheck disable=SC2086  # one test per word
	LABEL="${LABEL:-}${LABEL:+${label:+ }}${label:+[$label]}" VM_APPEND="${append# }" \
		VM_CPUS=$cpus VM_TOPOLOGY=$(get topology) VM_NVME_QUEUES=${queues:-${VM_NVME_QUEUES:-}} \
		VM_NVME_SUBSYS=$(get nvme_subsys)${VM_NVME_SUBSYS:-} \
		VM_TIMEOUT=$((limit * ${times:-1})) \
		"$TOP/tests/vm-selftests.sh" "$results" $tests || rc=$?
done
exit "$rc"
