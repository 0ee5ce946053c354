#!/bin/sh
# tests/upstream/summarize.sh: the short summary of DejaGnu-style .sum files (GCC's and
# glibc's both use "KIND: test name" lines), with every unexpected result looked up in a
# triage file.
#
#   summarize.sh [--triage FILE] SUMFILE...
#
# Unexpected results are FAIL, XPASS and UNRESOLVED lines.  The triage file has one line
# per known one:  CLASS | GLOB | REASON, where GLOB is matched against the text after
# "KIND: " and CLASS says whose problem it is (upstream, runner, environment, ours).
# Prints counts per file, the triaged results by class and every untriaged result; exits
# 1 when some result is untriaged, 0 otherwise.
set -eu

TRIAGE=/dev/null
if [ "${1:-}" = --triage ]; then
    [ $# -ge 2 ] || { echo "summarize.sh: --triage needs a file" >&2; exit 2; }
    TRIAGE=$2; shift 2
fi
[ $# -gt 0 ] || { echo "usage: summarize.sh [--triage FILE] SUMFILE..." >&2; exit 2; }
[ -r "$TRIAGE" ] || { echo "summarize.sh: cannot read the triage file $TRIAGE" >&2; exit 2; }

HERE=$(cd "$(dirname "$0")" && pwd)
awk -v triage="$TRIAGE" "$(cat "$HERE/sumfile.awk")"'
function glob_to_regex(g,    r, i, c) {
    r = ""
    for (i = 1; i <= length(g); i++) {
        c = substr(g, i, 1)
        if (c == "*") r = r ".*"
        else if (c == "?") r = r "."
        else if (index("\\^$.[]|()+{}", c)) r = r "\\" c
        else r = r c
    }
    return "^" r "$"
}
BEGIN {
    n_rules = 0
    while ((getline line < triage) > 0) {
        if (line ~ /^[ \t]*(#|$)/) continue
        split(line, fld, "|")
        n_rules++
        rule_class[n_rules] = trim(fld[1])
        rule_re[n_rules] = glob_to_regex(trim(fld[2]))
    }
}
FNR == 1 { file = FILENAME; sub(/.*\//, "", file); files[++nfiles] = file }
{
    kind = result_kind($0)
    if (kind == "") next
    count[file, kind]++
    if (!is_unexpected(kind)) next
    name = name_of($0)
    cls = ""
    for (i = 1; i <= n_rules; i++) if (name ~ rule_re[i]) { cls = rule_class[i]; break }
    if (cls == "") untriaged[++n_untriaged] = $0
    else { by_class[cls]++; n_triaged++ }
}
END {
    for (i = 1; i <= nfiles; i++) {
        f = files[i]
        printf "%s: %d passed, %d failed, %d unexpectedly passed, %d expected failures, %d unresolved, %d untested, %d unsupported\n", f,
            count[f, "PASS"], count[f, "FAIL"], count[f, "XPASS"], count[f, "XFAIL"],
            count[f, "UNRESOLVED"], count[f, "UNTESTED"], count[f, "UNSUPPORTED"]
    }
    line = ""
    for (c in by_class) line = line sprintf("%s%s %d", line == "" ? "" : ", ", c, by_class[c])
    printf "unexpected results: %d triaged%s, %d not triaged\n", n_triaged + 0,
        line == "" ? "" : " (" line ")", n_untriaged + 0
    for (i = 1; i <= n_untriaged; i++) print "  not triaged: " untriaged[i]
    exit n_untriaged > 0 ? 1 : 0
}' "$@"
