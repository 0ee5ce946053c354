# sumfile.awk: what compare.sh and summarize.sh both need to read DejaGnu-style .sum
# lines ("KIND: test name"); each prepends it to its own awk program.

# A result line's kind, or "" for any other line.
function result_kind(line,    k) {
    if (line !~ /^(PASS|FAIL|XPASS|XFAIL|UNRESOLVED|UNTESTED|UNSUPPORTED): /) return ""
    k = line; sub(/:.*/, "", k); return k
}
# Results a run should not have: the ones that are triaged and compared.
function is_unexpected(kind) { return kind == "FAIL" || kind == "XPASS" || kind == "UNRESOLVED" }
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
# The test's name and options: the line after "KIND: ".
function name_of(line,    n) { n = line; sub(/^[A-Z]+: /, "", n); return trim(n) }
