#!/bin/bash
# Boot the VM (with the NVMe disk) and run the udev rule and the TuneD
# profiles of contrib/ with the real tools: the host's systemd-udevd and
# dbus-daemon, Debian's tuned and tuned-adm unpacked into build/tuned
# (scripts/tuned-root.sh), all started in the guest (guest/contrib.sh).
# Appends its KTAP results to RESULTS as "PASS|FAIL|SKIP contrib: ...".
# Env: CONTRIB_DIR (contrib/: another one shows the cases failing);
# LABEL, put before the boot's own label in the result lines.
# Usage: boot-contrib.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"
"$TOP/scripts/deps.sh" contrib

results=$1
label="${LABEL:+$LABEL }contrib"
contrib=$(realpath "${CONTRIB_DIR:-$TOP/contrib}")
tuned=$(CONTRIB_DIR=$contrib "$TOP/scripts/tuned-root.sh")
mkdir -p "$BUILD/vm"
run=$(mktemp -d "$BUILD/vm/contrib.XXXXXX")
rc=0
VM_NVME=1 VM_OUT=$run VM_TIMEOUT=$T_BOOT \
	"$TOP/scripts/vm.sh" "bash -c 'set -o pipefail; $TOP/guest/contrib.sh $contrib $tuned | tee /run/out/ktap'" \
	>"$run/out.txt" 2>&1 || rc=$?
touch "$run/ktap"
# KTAP, one level: "ok N desc", "not ok N desc", "ok N desc # SKIP why".
awk -v l="$label" '
	/^ok [0-9]+ .* # SKIP / { d = $0; sub(/^ok [0-9]+ /, "", d); w = d
		sub(/ # SKIP .*/, "", d); sub(/.* # SKIP /, "", w)
		print "SKIP " l ": " d " (" w ")"; next }
	/^ok [0-9]+ / { d = $0; sub(/^ok [0-9]+ /, "", d); print "PASS " l ": " d; next }
	/^not ok [0-9]+ / { d = $0; sub(/^not ok [0-9]+ /, "", d); print "FAIL " l ": " d; next }
	/^1\.\.0 # SKIP / { d = $0; sub(/^1\.\.0 # SKIP /, "", d); print "SKIP " l " (" d ")" }
' "$run/ktap" >"$run/results"
planned=$(sed -n 's/^1\.\.\([0-9]*\).*/\1/p' "$run/ktap" | head -n 1)
got=$(grep -c '^\(not \)\?ok [0-9]' "$run/ktap" || true)
if [ "$rc" != 0 ] && ! grep -q '^FAIL' "$run/results"; then
	echo "FAIL $label: the guest script failed (exit $rc, see $(rel "$run")/out.txt)" >>"$run/results"
fi
[ -z "$planned" ] || [ "$planned" = 0 ] || [ "$got" = "$planned" ] ||
	echo "FAIL $label: $got of $planned cases ran (see $(rel "$run")/out.txt)" >>"$run/results"
cat "$run/results" >>"$results"
