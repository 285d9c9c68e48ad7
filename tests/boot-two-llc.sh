#!/bin/bash
# Boot the VM with two last-level caches (-smp 4,sockets=2,cores=2: CPUs
# 0-1 and 2-3) and run the tests whose expectations follow cache sharing:
# the stand-ins of completion_affinity and queue_affinity, rq_affinity=1
# sending a completion back to the other cache, an LLC partner going
# offline and back (affinity_llc_test.sh), CPU hotplug, and NVMe with one
# queue per CPU. BA_WANT_LLCS=2 makes the cache test fail if the guest
# does not see two caches. The A Q C matrix is left to the main boot: its
# interrupt CPU and applications (0 and 1) share a cache here too, so it
# places the same way, and a run of it here costs more than this boot's
# other tests together.
# Env: VM_APPEND, added to this boot's parameters; LABEL, put before the
# boot's own label in the result lines.
# Usage: boot-two-llc.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
tests=""
for t in affinity_llc_test.sh affinity_hotplug_test.sh nvme_test.sh; do
	grep -qx "block-affinity:$t" "$BUILD/kselftest/kselftest-list.txt" && tests="$tests $t"
done
[ -n "$tests" ] || exit 0
# shellcheck disable=SC2086  # a list of tests
LABEL="${LABEL:+$LABEL }[two LLCs]" VM_TOPOLOGY=sockets=2,cores=2 \
	VM_APPEND="BA_WANT_LLCS=2 $BA_PROFILE_LLC ${VM_APPEND:-}" VM_TIMEOUT=$((2 * T_BOOT)) \
	"$TOP/tests/vm-selftests.sh" "$results" $tests
