# Turn run_kselftest.sh output (KTAP, one level of nesting) into result
# lines: "PASS|FAIL|SKIP <suite>/<program>: <test>[ (reason)]".
# A program that fails or dies without a failing subtest becomes one FAIL.
# A failing subtest's "want ..., got ..." diagnostic (lib.sh's ba_check)
# follows its FAIL line as "    | want ..., got ...", so that a log that
# keeps only the results (CI's) says why.
function flush_prog(status, reason) {
	if (prog == "")
		return
	if (status == "FAIL" && subfail == 0)
		print "FAIL " prog ": exited with failure" (reason != "" ? " (" reason ")" : "")
	else if (status == "SKIP" && subtests == 0)
		print "SKIP " prog (reason != "" ? " (" reason ")" : "")
	prog = ""
}
/^# selftests: / {
	prog = $3; sub(/:$/, "", prog); prog = prog "/" $4
	subtests = 0; subfail = 0
	next
}
/^# # / && prog != "" {
	diag = substr($0, 5)
	next
}
/^# (not )?ok [0-9]+ / && prog != "" {
	line = substr($0, 3)
	fail = (line ~ /^not ok/)
	sub(/^(not )?ok [0-9]+ /, "", line)
	status = fail ? "FAIL" : "PASS"
	reason = ""
	if (match(line, / # [Ss][Kk][Ii][Pp]/)) {
		reason = substr(line, RSTART + 7); gsub(/^ +/, "", reason)
		line = substr(line, 1, RSTART - 1)
		status = "SKIP"
	}
	subtests++
	if (fail)
		subfail++
	print status " " prog ": " line (reason != "" ? " (" reason ")" : "")
	if (fail && index(diag, line ": want ") == 1)
		print "    | " substr(diag, length(line) + 3)
	diag = ""
	next
}
/^# 1\.\.0 # SKIP/ && prog != "" {
	skipreason = $0; sub(/^# 1\.\.0 # SKIP */, "", skipreason)
	next
}
/^(not )?ok [0-9]+ selftests: / {
	fail = ($0 ~ /^not ok/)
	reason = ""
	if ($0 ~ /# SKIP/)
		flush_prog("SKIP", skipreason)
	else if ($0 ~ /# TIMEOUT/ || fail) {
		reason = $0; sub(/.*# */, "", reason)
		if (reason == $0) reason = ""
		flush_prog("FAIL", reason)
	} else
		flush_prog("PASS", "")
	skipreason = ""
	next
}
