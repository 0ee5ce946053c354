#!/bin/sh
# tests/upstream/compare.sh: set our unexpected results beside a published run of the
# same test suite, so a failure can be told apart as x32's (or ours) or the suite's own.
#
#   compare.sh --baseline BASE.sum[.xz] [--baseline ...] OURS.sum...
#
# For every FAIL, XPASS or UNRESOLVED line of OURS it prints what the baseline says of
# the same test (same name and options): "also unexpected there", "passes there", or
# "not run there".  Both sides are DejaGnu .sum files (GCC's, or glibc's tests.sum); an
# .xz one is read through xzcat.  The baseline used for tests/RESULTS.md is Debian's
# gcc-12-test-results package: GCC 12.2.0 run on x86-64 by Debian's build daemons (see
# tests/upstream/README.md for how to get it).  Exit 0, or 2 on bad arguments.
set -eu

usage() { echo "usage: compare.sh --baseline BASE.sum[.xz] [--baseline ...] OURS.sum..." >&2; exit 2; }

TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
: > "$TMP/base"
while [ $# -gt 0 ]; do
    case $1 in
        --baseline)
            [ $# -ge 2 ] || usage
            [ -r "$2" ] || { echo "compare.sh: cannot read the baseline $2; see tests/upstream/README.md for getting Debian's" >&2; exit 2; }
            case $2 in *.xz) xzcat "$2" ;; *) cat "$2" ;; esac >> "$TMP/base"
            shift 2 ;;
        -h|--help) usage ;;
        *) break ;;
    esac
done
[ -s "$TMP/base" ] && [ $# -gt 0 ] || usage
for f in "$@"; do [ -r "$f" ] || { echo "compare.sh: cannot read $f" >&2; exit 2; }; done

HERE=$(cd "$(dirname "$0")" && pwd)
awk "$(cat "$HERE/sumfile.awk")"'
{
    kind = result_kind($0)
    if (kind == "") next
    n = name_of($0)
    if (FILENAME == base) {
        # The baseline may hold several runs (Debian runs GCC twice, once with
        # -fstack-protector); a test is unexpected there if any run says so.
        if (is_unexpected(kind)) bad[n] = kind
        else if (!(n in seen)) seen[n] = kind
        next
    }
    if (!is_unexpected(kind)) next
    total++
    if (n in bad)       { verdict = "also unexpected there (" bad[n] ")"; same++ }
    else if (n in seen) { verdict = "passes there (" seen[n] ")"; only++ }
    else                { verdict = "not run there"; absent++ }
    printf "%s: %s\n    baseline: %s\n", kind, n, verdict
}
END {
    printf "%d unexpected results here: %d also unexpected in the baseline, %d pass there, %d not run there\n",
        total + 0, same + 0, only + 0, absent + 0
}' base="$TMP/base" "$TMP/base" "$@"
