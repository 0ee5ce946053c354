#!/bin/sh
# tests/upstream/host-mx32.sh: run chosen GCC tests with this machine's own GCC at -mx32
# (Debian's gcc-12 is built with the m32,m64,mx32 multilibs), to tell whether a failure
# of the SDK's compiler is GCC's own x32 behaviour or something of this SDK's build.
#
#   host-mx32.sh [--tool gcc|g++] [--out DIR] EXP=TESTS...
#   e.g. host-mx32.sh 'dg.exp=store_merging_5.c pr90838.c' 'tree-ssa.exp=dump-6.c'
#
# Only compile-time results mean anything here: the host has no x32 C library to link
# with (and this kernel no x32 to run it), so link and execution tests come out
# unsupported or failing, which says nothing.  The GCC source is the SDK's
# (X32_GCC_SRC, which ./build.sh check-gcc sets; otherwise give it in the environment).
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
DRIVER=host-mx32
# shellcheck source=common.sh
. "$HERE/common.sh"

TOOL=gcc; OUT=""
while [ $# -gt 0 ]; do
    case $1 in
        --tool) [ $# -ge 2 ] || die "--tool needs gcc or g++"; TOOL=$2; shift 2 ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT=$2; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) break ;;
    esac
done
case $TOOL in gcc) CC=gcc-12 ;; g++) CC=g++-12 ;; *) die "--tool is gcc or g++, not '$TOOL'" ;; esac
[ $# -gt 0 ] || die "name the tests as EXP=TESTS, e.g. 'dg.exp=pr90838.c'"
SRC=${X32_GCC_SRC:-}
[ -d "$SRC/gcc/testsuite" ] || die "set X32_GCC_SRC to the SDK's GCC source tree (./build.sh sources prints it)"
command -v "$CC" > /dev/null 2>&1 || die "no $CC on this machine; install it: apt-get install $CC"
command -v runtest > /dev/null 2>&1 || die "DejaGnu's runtest is missing; install it: apt-get install dejagnu"
echo 'int x;' | "$CC" -mx32 -x c -S -o /dev/null - 2> /dev/null \
    || die "$CC cannot compile for -mx32 (it needs a compiler built with the mx32 multilib, as Debian's is)"
[ -n "$OUT" ] || OUT=$(mktemp -d "${TMPDIR:-/tmp}/host-mx32.XXXXXX")
mkdir -p "$OUT" && cd "$OUT" || die "cannot use $OUT; pick a writable --out DIR"
OUT=$(pwd)  # site.exp wants it absolute

write_gcc_site "$OUT" "$SRC/gcc/testsuite" "$(gcc -dumpmachine)" "$(command -v gcc-12)" \
    "$(command -v g++-12)"
env LC_ALL=C runtest --tool "$TOOL" --srcdir "$SRC/gcc/testsuite" --target_board='unix/-mx32' "$@" \
    > runtest.out 2>&1 < /dev/null || true
[ -f "$TOOL.sum" ] || die "runtest wrote no $TOOL.sum; see $OUT/runtest.out"
grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$TOOL.sum" || true
printf 'host-mx32: %s at -mx32 (%s): %s passed, %s unexpected; %s/%s.sum\n' "$CC" \
    "$("$CC" -dumpfullversion)" "$(grep -c '^PASS: ' "$TOOL.sum" || true)" \
    "$(grep -cE '^(FAIL|XPASS|UNRESOLVED): ' "$TOOL.sum" || true)" "$OUT" "$TOOL"
