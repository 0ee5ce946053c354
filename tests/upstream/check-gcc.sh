#!/bin/sh
# tests/upstream/check-gcc.sh: GCC's own DejaGnu test suites for x86_64-linux-gnux32,
# run against the installed SDK compiler, with every test program executed by x32-run
# (boards/x32-run.exp).  Run it as `./build.sh check-gcc [OPTIONS]`, which supplies the
# GCC source tree matching the SDK; see --help.
#
# It tests the installed compiler ("testing an installed compiler", GCC's install/test
# docs), not the build tree: that is what users get, and it needs only the prefix and
# the source's testsuite.  -j N starts N runtest processes that share out the tests the
# way GCC's own `make -jN check` does (GCC_RUNTEST_PARALLELIZE_DIR), and their .sum and
# .log files are merged with GCC's contrib/dg-extract-results.sh.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
TARGET=x86_64-linux-gnux32

DRIVER=check-gcc
# shellcheck source=common.sh
. "$HERE/common.sh"

usage() {
    cat <<EOF
Usage: ./build.sh check-gcc [--part PART]... [-j N] [--torture OPTS] [--cxx-stds LIST] [--out DIR]
                            [--runtestflags FLAGS] [--baseline DIR]

Runs GCC's test suites for x32 through x32-run and summarises them.
  --part PART         what to run (repeatable; default: all).  Parts:
                        c-torture          gcc.c-torture (compile, execute, ieee, unsorted)
                        c-torture-execute  gcc.c-torture/execute only
                        gcc.dg             gcc.dg, with its subfolders (c-c++-common too)
                        g++.dg             g++.dg, with its subfolders
                        gcc.target         gcc.target/i386 (x86 back-end tests)
                        sanitizers         the ASan, UBSan, LSan and TSan tests of gcc.dg and g++.dg
                        guality            gcc.dg/guality and g++.dg/guality: debug information
                                           checked by gdb through x32-run's stub (x32-gdb)
                        libstdc++          libstdc++-v3's test suite
                        libatomic          libatomic's test suite
                        libgomp            libgomp's test suite (C and C++)
                        all                c-torture gcc.dg g++.dg libstdc++ libatomic libgomp
  -j N                runtest processes per suite (default: all cores)
  --torture OPTS      comma-separated optimisation sets for the torture tests instead of
                      GCC's default list, e.g. '-O0,-O2' (the quick check uses this)
  --cxx-stds LIST     C++ dialects for the g++ tests that name none, e.g. '17' (GCC's own
                      'make check-c++17'; about a third of the results) instead of GCC's 98,14,17,20
  --out DIR           where .sum, .log and summary.txt go (default: \$X32_SDK_CACHE/check/gcc)
  --runtestflags F    extra runtest arguments, as GCC's RUNTESTFLAGS; one naming .exp files
                      (e.g. 'execute.exp=pr1*') replaces the parts' own lists of .exp files
  --baseline DIR      a published run to compare with: DIR holds TOOL.sum or TOOL.sum.xz
                      files, such as Debian's x86-64 results (apt-get install
                      gcc-12-test-results; DIR /usr/share/doc/gcc-12-base/test); writes
                      compare.txt, each unexpected result with what the baseline says of it
Exit status: 0 when every unexpected result is triaged in tests/upstream/triage/gcc.txt,
1 when some are not (they are listed), 2 when the run itself could not happen.
EOF
}

PARTS=""; JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}; TORTURE=""; OUT=""; EXTRA=""; BASELINE=""; CXX_STDS=""
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --part) [ $# -ge 2 ] || die "--part needs a name; see --help"; PARTS="$PARTS $2"; shift ;;
        --part=*) PARTS="$PARTS ${1#*=}" ;;
        -j) [ $# -ge 2 ] || die "-j needs a number"; JOBS=$2; shift ;;
        -j*) JOBS=${1#-j} ;;
        --torture) [ $# -ge 2 ] || die "--torture needs a list such as '-O0,-O2'"; TORTURE=$2; shift ;;
        --cxx-stds) [ $# -ge 2 ] || die "--cxx-stds needs a list such as '17' or '98,17'"; CXX_STDS=$2; shift ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT=$2; shift ;;
        --runtestflags) [ $# -ge 2 ] || die "--runtestflags needs flags"; EXTRA=$2; shift ;;
        --baseline) [ $# -ge 2 ] || die "--baseline needs a folder of .sum files"; BASELINE=$2; shift ;;
        *) die "unknown argument '$1'; see ./build.sh check-gcc --help" ;;
    esac
    shift
done
check_jobs "$JOBS"
case ,$CXX_STDS, in
    ,,) ;;
    *[!0-9a-z,]*|*,,*) die "--cxx-stds wants dialect numbers separated by commas, such as '17' or '98,14,17,20', not '$CXX_STDS'" ;;
    *) GXX_TESTSUITE_STDS=$CXX_STDS; export GXX_TESTSUITE_STDS ;;  # read by GCC's lib/g++.exp
esac
if [ -n "$BASELINE" ]; then
    find "$BASELINE" -maxdepth 1 \( -name '*.sum' -o -name '*.sum.xz' \) 2>/dev/null | grep -q . \
        || die "no .sum or .sum.xz files in the baseline folder '$BASELINE'; for Debian's: apt-get install gcc-12-test-results, then --baseline /usr/share/doc/gcc-12-base/test"
fi
[ -n "$PARTS" ] || PARTS=all
PARTS=$(for p in $PARTS; do
    case $p in
        all) echo c-torture gcc.dg g++.dg libstdc++ libatomic libgomp ;;
        c-torture|c-torture-execute|gcc.dg|g++.dg|gcc.target|sanitizers|guality|libstdc++|libatomic|libgomp) echo "$p" ;;
        *) echo "BAD:$p" ;;
    esac
done | tr ' ' '\n' | awk 'NF && !seen[$0]++')
case $PARTS in *BAD:*) die "unknown part '$(printf '%s\n' "$PARTS" | sed -n 's/^BAD://p' | head -n 1)'; parts: c-torture c-torture-execute gcc.dg g++.dg gcc.target sanitizers guality libstdc++ libatomic libgomp all" ;; esac

PREFIX=${X32_SDK_PREFIX:-}
SRC=${X32_GCC_SRC:-}
[ -n "$PREFIX" ] && [ -n "$SRC" ] || die "run it as ./build.sh check-gcc, which finds the SDK and GCC's sources"
CC="$PREFIX/bin/$TARGET-gcc"; CXX="$PREFIX/bin/$TARGET-g++"
[ -x "$CC" ] && [ -x "$CXX" ] || die "no x32 compiler in $PREFIX/bin; build the SDK first: ./build.sh"
[ -d "$SRC/gcc/testsuite" ] || die "no GCC test suite in $SRC/gcc/testsuite"
command -v runtest >/dev/null 2>&1 || die "DejaGnu's runtest is missing; install it: apt-get install dejagnu"
suite_environment gcc

# tool_of PART: the DejaGnu tool; srcdir_of PART: its testsuite folder in the source;
# exps_of PART: the .exp files it runs, relative to that folder (empty: all of them).
tool_of() {
    case $1 in
        c-torture|c-torture-execute|gcc.dg|gcc.target) echo gcc ;;
        g++.dg) echo g++ ;;
        sanitizers|guality) echo "gcc g++" ;;
        libstdc++) echo libstdc++ ;;
        libatomic|libgomp) echo "$1" ;;
    esac
}
srcdir_of() {
    case $1 in
        gcc|g++) echo "$SRC/gcc/testsuite" ;;
        libstdc++) echo "$SRC/libstdc++-v3/testsuite" ;;
        *) echo "$SRC/$1/testsuite" ;;
    esac
}
exps_of() {  # PART TOOL
    _s=$(srcdir_of "$2")
    case $1 in
        c-torture) (cd "$_s" && find gcc.c-torture -name '*.exp') ;;
        c-torture-execute) (cd "$_s" && find gcc.c-torture/execute -name '*.exp') ;;
        gcc.dg|g++.dg) (cd "$_s" && find "$1" -name '*.exp') ;;
        gcc.target) echo gcc.target/i386/i386.exp ;;
        sanitizers)
            case $2 in gcc) _d=gcc.dg ;; *) _d=g++.dg ;; esac
            (cd "$_s" && find "$_d" -name '*.exp' | grep -E '/(asan|ubsan|lsan|tsan)/') ;;
        guality) case $2 in gcc) echo gcc.dg/guality/guality.exp ;; *) echo g++.dg/guality/guality.exp ;; esac ;;
    esac
}

# site.exp for one runtest process: common.sh's, plus the target's name, our board and
# the torture options.
write_site() {  # DIR TOOL
    write_gcc_site "$1" "$(srcdir_of "$2")" x86_64-pc-linux-gnux32 "$CC" "$CXX"
    {
        echo "set target_alias $TARGET"
        echo "lappend boards_dir \"$HERE/boards\""
        # What libgomp's configure writes into libgomp-test-support.exp and its Makefile
        # into site.exp: this GCC is built without offloading.
        if [ "$2" = libgomp ]; then
            for _v in cuda_driver_include cuda_driver_lib hsa_runtime_lib offload_plugins \
                      offload_targets offload_additional_options offload_additional_lib_paths; do
                echo "set $_v \"\""
            done
            [ -f "$OUT/work/libgomp-config/config.h" ] \
                && echo "set TOOL_OPTIONS \"-I$OUT/work/libgomp-config\""
        fi
        if [ -n "$TORTURE" ]; then
            printf 'set TORTURE_OPTIONS [list'
            printf '%s\n' "$TORTURE" | tr ',' '\n' | while IFS= read -r _o; do printf ' {%s}' "$_o"; done
            printf ']\n'
        fi
    } >> "$1/site.exp"
}

# run_tool TOOL EXPS...: JOBS runtest processes over the same list, merged into
# $OUT/TOOL.sum and $OUT/TOOL.log.
run_tool() {
    _tool=$1; shift
    _work="$OUT/work/$_tool"
    rm -rf "$_work"; mkdir -p "$_work/parallel"
    _srcdir=$(srcdir_of "$_tool")
    _pids=""
    _i=1
    while [ "$_i" -le "$JOBS" ]; do
        mkdir -p "$_work/$_i"
        write_site "$_work/$_i" "$_tool"
        # Each process claims batches of tests through files in parallel/ (gcc-defs.exp).
        # shellcheck disable=SC2086 # EXTRA is a list of runtest words, as RUNTESTFLAGS
        (cd "$_work/$_i" && GCC_RUNTEST_PARALLELIZE_DIR="$_work/parallel" \
            exec runtest --tool "$_tool" --srcdir "$_srcdir" --target_board=x32-run $EXTRA "$@" \
            > runtest.out 2>&1 < /dev/null) &
        _pids="$_pids $!"
        _i=$((_i + 1))
    done
    for _p in $_pids; do wait "$_p" || true; done
    set --
    for _d in "$_work"/*/; do [ -f "$_d/$_tool.sum" ] && set -- "$@" "$_d/$_tool.sum"; done
    if [ $# -eq 0 ]; then
        tail -n 20 "$_work/1/runtest.out" >&2
        die "runtest wrote no $_tool.sum (its output is above; all of it: $_work/1/runtest.out)"
    fi
    # A Tcl error in a suite's setup ends runtest early, with a .sum that has no summary:
    # counting that would pass off a run that never happened as a clean one.
    for _s in "$@"; do
        grep -q "=== $_tool Summary ===" "$_s" && continue
        _d=$(dirname "$_s")
        grep -B2 -A6 -m1 'while executing\|^ERROR' "$_d/runtest.out" >&2 || tail -n 20 "$_d/runtest.out" >&2
        die "runtest stopped before the end of the $_tool tests (its error is above; all of its output: $_d/runtest.out)"
    done
    sh "$SRC/contrib/dg-extract-results.sh" "$@" > "$OUT/$_tool.sum"
    _logs=$(for _s in "$@"; do printf '%s ' "${_s%.sum}.log"; done)
    # shellcheck disable=SC2086
    sh "$SRC/contrib/dg-extract-results.sh" -L $_logs > "$OUT/$_tool.log" 2>/dev/null || true
}

# The guality tests start gdb themselves (guality.h: `attach` to their own pid;
# gdb-test: `run`); x32-gdb --no-start is that gdb, through x32-run's stub.
# A GUALITY_GDB_NAME of the caller's is kept (e.g. plain gdb with X32_RUN_MODE=vm,
# where the programs run on a real x32 kernel and gdb attaches with ptrace there).
if [ -n "${GUALITY_GDB_NAME:-}" ]; then
    printf 'check-gcc: guality tests with GUALITY_GDB_NAME=%s (gdb-test checks left out)\n' "$GUALITY_GDB_NAME"
elif [ -x "$PREFIX/bin/x32-gdb" ] && command -v gdb >/dev/null 2>&1; then
    GUALITY_GDB_NAME="$PREFIX/bin/x32-gdb --no-start"
    export GUALITY_GDB_NAME
    # gdb-test (their dg-final checks) runs only for a "native" target; with the
    # part run alone, the board counts this one as native (x32-run makes it so).
    [ "$PARTS" = guality ] && { X32_BOARD_NATIVE=1; export X32_BOARD_NATIVE; }
elif [ "$PARTS" = guality ]; then
    die "the guality tests need gdb and the SDK's x32-gdb; install gdb (apt-get install gdb)"
fi

started=$(date +%s)
rm -f "$OUT"/*.sum "$OUT"/*.log "$OUT/summary.txt"
printf 'check-gcc: %s (GCC %s), x32-run %s, %s process(es), parts:%s\n' "$CC" \
    "$("$CC" -dumpversion)" "$X32_RUN" "$JOBS" "$(printf ' %s' $PARTS)"
printf 'check-gcc: results go to %s\n' "$OUT"
# Some effective-target checks read the compiler's configuration from ../../auto-host.h
# (seen from each runtest folder, $OUT/work/TOOL/N), which is there in GCC's build tree;
# an installed compiler has it among its plugin headers.  Without it those tests
# (section flags, PIE copy relocations) are skipped.
mkdir -p "$OUT/work"
autohost="$("$CC" -print-file-name=plugin)/include/auto-host.h"
[ -f "$autohost" ] && cp "$autohost" "$OUT/work/auto-host.h"
# libgomp's affinity tests include the config.h of libgomp's build (found through -I of
# the build tree); write_site points them at a copy from GCC's build tree when that is here.
rm -rf "$OUT/work/libgomp-config"
case " $PARTS " in *" libgomp "*)
    gomp_config="${X32_GCC_TREE:-/nonexistent}/$TARGET/libgomp/config.h"
    if [ -f "$gomp_config" ]; then
        mkdir -p "$OUT/work/libgomp-config" && cp "$gomp_config" "$OUT/work/libgomp-config/"
    fi ;;
esac
for tool in gcc g++ libstdc++ libatomic libgomp; do
    exps=""; wanted=no
    for part in $PARTS; do
        case " $(tool_of "$part") " in *" $tool "*) ;; *) continue ;; esac
        wanted=yes
        exps="$exps $(exps_of "$part" "$tool" | tr '\n' ' ')"
    done
    [ "$wanted" = yes ] || continue
    exps=$(printf '%s\n' $exps | awk 'NF && !seen[$0]++' | tr '\n' ' ')
    # A selection in --runtestflags (e.g. execute.exp=pr1*) replaces the part's list.
    case " $EXTRA" in *.exp*) exps="" ;; esac
    t0=$(date +%s)
    printf 'check-gcc: %s ...\n' "$tool"
    # shellcheck disable=SC2086 # one word per .exp file
    run_tool "$tool" $exps
    printf 'check-gcc: %s done in %ss\n' "$tool" "$(( $(date +%s) - t0 ))"
done
status=0
sh "$HERE/summarize.sh" --triage "$HERE/triage/gcc.txt" "$OUT"/*.sum > "$OUT/summary.txt" || status=$?
cat "$OUT/summary.txt"
if [ -n "$BASELINE" ]; then
    : > "$OUT/compare.txt"
    for sum in "$OUT"/*.sum; do
        base="$BASELINE/$(basename "$sum")"
        [ -r "$base" ] || base="$base.xz"
        [ -r "$base" ] || { printf '%s: no baseline in %s\n' "$(basename "$sum")" "$BASELINE" >> "$OUT/compare.txt"; continue; }
        printf '== %s against %s\n' "$(basename "$sum")" "$base" >> "$OUT/compare.txt"
        sh "$HERE/compare.sh" --baseline "$base" "$sum" >> "$OUT/compare.txt"
    done
    printf 'check-gcc: against the baseline:\n'
    grep '^[0-9]* unexpected results here\|no baseline in' "$OUT/compare.txt" | sed 's/^/  /'
fi
printf 'check-gcc: %ss in all; summary %s/summary.txt, .sum and .log files in %s\n' \
    "$(( $(date +%s) - started ))" "$OUT" "$OUT"
exit "$status"
