#!/bin/bash
# make doctor changes nothing and says "ready" only where make check can
# run: scripts/doctor.sh, run from a scratch copy of the scripts (no
# build/ there), must write nothing there (no build/, no file) nor in
# apt's caches, must end with doctor=ready or doctor=not_ready and a
# matching exit status, must not count root against this user when it is
# root, and run as another user (nobody, through setpriv) must say
# not_ready with root among the blocking keys: make and make check run as
# root. Result line to RESULTS.
# Usage: harness-doctor.sh RESULTS
set -eu
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/repo"
cp -a "$TOP/scripts" "$tmp/repo/"
chmod -R a+rX "$tmp"
touch "$tmp/stamp"
sleep 1
bad=""
# verdict OUT RC: what a doctor run printed last and exited with agree
verdict() {
	case "$(tail -n 1 "$1"):$2" in
	doctor=ready:0 | doctor=not_ready:1) return 0 ;;
	esac
	bad="$bad verdict($(tail -n 1 "$1"),exit=$2)"
	return 1
}
rc=0
BLKTESTS_TARBALL=${BLKTESTS_TARBALL:-$TOP/../shared/blktests/blktests-a608cb5.tar.gz} \
	"$tmp/repo/scripts/doctor.sh" >"$tmp/out" 2>"$tmp/err" || rc=$?
verdict "$tmp/out" "$rc" || true
blocking=$(sed -n 's/^blocking=//p' "$tmp/out")
if [ "$(id -u)" = 0 ]; then
	case ",$blocking," in *,root,*) bad="$bad root-blocks-root" ;; esac
fi
[ ! -e "$tmp/repo/build" ] || bad="$bad made-build/"
written=$(find "$tmp/repo" /var/cache/apt -maxdepth 3 -newer "$tmp/stamp" \
	-not -type d 2>/dev/null | head -n 3 | xargs)
[ -z "$written" ] || bad="$bad wrote($written)"
other=skipped
if [ "$(id -u)" = 0 ] && type -P setpriv >/dev/null; then
	rc=0
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$tmp/repo/scripts/doctor.sh" >"$tmp/out.nobody" 2>&1 || rc=$?
	other="nobody: $(tail -n 1 "$tmp/out.nobody")"
	if verdict "$tmp/out.nobody" "$rc"; then
		case ",$(sed -n 's/^blocking=//p' "$tmp/out.nobody")," in
		*,root,*) ;;
		*) bad="$bad nobody-not-blocked-by-root" ;;
		esac
	fi
fi
if [ -z "$bad" ]; then
	echo "PASS harness: make doctor writes nothing and its verdict follows root (this user: $(tail -n 1 "$tmp/out"); $other)" >>"$results"
else
	echo "FAIL harness: make doctor:$bad" >>"$results"
fi
