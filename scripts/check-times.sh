#!/bin/bash
# make check-times: where the last make check's time went, as Markdown
# (docs/check-times.md, or OUT): each step of the run's times file
# (build/check-results.times, "time line= step= secs=") in order, with the
# minute it ended at, and each selftest's seconds of guest clock per boot
# (build/log/selftests*.times and build/6.12/log/selftests*.times, "time
# test= secs="). Made from the files the last run left; its result counts
# come from its results file (build/check-results). Only the boots' files
# written during that run count (a mutant's or a lane's run of another
# day leaves its own). The other line's steps are nested in the first
# line's step that runs them: the minutes count them once.
# Env: OUT (docs/check-times.md).
set -eu
. "$(dirname "$0")/lib.sh"

results=$TOP/build/check-results
times=$results.times
OUT=${OUT:-$TOP/docs/check-times.md}
[ -s "$times" ] || die "no $(rel "$times"): run make check first"

# The run's length: its steps', the other line's counted in the step of
# the first line that ran them.
run_secs=$(awk '{
	for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
	if (NR == 1) first = v["line"]
	if (v["line"] == first) t += v["secs"]
} END { print t + 0 }' "$times")
run_end=$(date -r "$times" +%s)
run_start=$((run_end - run_secs - 60))

# boots LOGDIR TAG: "TAG:LABEL FILE" for each boot's times file in LOGDIR
# that the run wrote
boots() {
	local f label t

	for f in "$1"/selftests*.times; do
		[ -s "$f" ] || continue
		t=$(date -r "$f" +%s)
		[ "$t" -ge "$run_start" ] || continue
		[ "$t" -le "$run_end" ] || continue
		label=$(basename "$f" .times)
		label=${label#selftests}
		label=${label#-}
		printf '%s%s %s\n' "$2" "${label:-main}" "$f"
	done
}

{
	echo "# Where make check's time goes"
	echo
	echo "Made by: make check-times, from the files of the make check that"
	echo "ended $(date -u -r "$times" '+%Y-%m-%d %H:%M UTC') (this repository at $(git -C "$TOP" describe --always --dirty))."
	echo "Results: $(grep -c '^PASS' "$results" || true) passed,"\
		"$(grep -c '^FAIL' "$results" || true) failed,"\
		"$(grep -c '^SKIP' "$results" || true) skipped. A warm run: what was"
	echo "built before it was not built again; a cold run builds both kernels"
	echo "from clean (docs/tests.md)."
	if grep -q '^FAIL' "$results"; then
		echo
		echo "What failed:"
		echo
		grep '^FAIL' "$results" | cut -c1-160 | sed 's/^/    /'
	fi
	echo
	echo "## Steps, in order"
	echo
	echo "| line | step | secs | ends at, min |"
	echo "|---|---|---:|---:|"
	awk '{
		for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = substr($i, length(kv[1]) + 2) }
		if (NR == 1) first = v["line"]
		# the other line nested in a step of the first: counted once
		if (v["line"] != first && !nested) { nested = 1; t0 = t }
		if (v["line"] == first && nested) { nested = 0; t = t0 }
		t += v["secs"]; gsub(/_/, " ", v["step"])
		printf "| %s | %s | %d | %.1f |\n", v["line"], v["step"], v["secs"], t / 60
	}' "$times"
	echo
	echo "## Selftests, seconds of guest clock, per boot"
	echo
	{
		boots "$TOP/build/log" "7.3 "
		boots "$TOP/build/6.12/log" "6.12 "
	} | awk '
		{ boot = $1 " " $2; if (!(boot in seen)) { seen[boot] = 1; order[++nb] = boot }
		  while ((getline line < $3) > 0) {
			split(line, f, " "); split(f[2], a, "="); split(f[3], b, "=")
			if (!(a[2] in known)) { known[a[2]] = 1; tests[++nt] = a[2] }
			s[a[2], boot] = b[2]; sum[boot] += b[2]
		  }
		  close($3) }
		END {
			printf "| test |"; for (j = 1; j <= nb; j++) printf " %s |", order[j]; print ""
			printf "|---|"; for (j = 1; j <= nb; j++) printf "---:|"; print ""
			for (i = 1; i <= nt; i++) {
				printf "| `%s` |", tests[i]
				for (j = 1; j <= nb; j++)
					printf " %s |", ((tests[i], order[j]) in s) ? s[tests[i], order[j]] : ""
				print ""
			}
			printf "| sum |"; for (j = 1; j <= nb; j++) printf " %d |", sum[order[j]]; print ""
		}'
} >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
say "written $(rel "$OUT")"
