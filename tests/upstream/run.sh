#!/bin/sh
# tests/upstream/run.sh: the quick part of GCC's and glibc's own test suites, run for
# x32 through x32-run by ./build.sh check-gcc and check-glibc (see tests/lib.sh for the
# protocol).  The full suites are one command each; tests/RESULTS.md has their counts.
#
#   gcc.c-torture/execute at -O0 and -O2   every unexpected result must be triaged (the
#                                          2*.c programs; X32_TEST_UPSTREAM_FULL=1: all)
#   glibc's string subdirectory            likewise (container tests included; the two
#                                          that copy gigabytes only with ..._FULL=1)
# plus checks that the harness can fail (a runner that runs nothing must make the
# execution tests fail), that every other part's suite sets up and runs a few tests,
# that summarize.sh classifies, and the bad-input errors.
set -u

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup upstream
root=$TOP

# shellcheck disable=SC2153 # PREFIX: set by suite_setup
prefix=$PREFIX
jobs=$(nproc 2>/dev/null || echo 1)
build() { env -u LIBRARY_PATH "$root/build.sh" --prefix "$prefix" "$@"; }

# count KIND SUMFILE: how many KIND: lines the .sum file has.
count() { _n=$(grep -c "^$1: " "$2" 2>/dev/null); echo "${_n:-0}"; }

# --- summarize.sh on a made-up .sum: it must classify, and exit 1 only on untriaged ---
printf 'PASS: a\nFAIL: gcc.dg/x.c -O2 execution test\nUNSUPPORTED: b\nXPASS: y\n' > "$TEST_TMP/t.sum"
printf 'upstream | gcc.dg/x.c* | made up\n' > "$TEST_TMP/triage-part"
printf 'upstream | gcc.dg/x.c* | made up\nrunner | y | made up\n' > "$TEST_TMP/triage-all"
if sh "$here/summarize.sh" --triage "$TEST_TMP/triage-part" "$TEST_TMP/t.sum" > "$TEST_TMP/s1" 2>&1; then
    fail summarize_untriaged "exit 0 with an untriaged XPASS"
elif grep -q '^  not triaged: XPASS: y$' "$TEST_TMP/s1" && grep -q '1 triaged (upstream 1), 1 not triaged' "$TEST_TMP/s1"; then
    pass summarize_untriaged
else
    fail summarize_untriaged "unexpected summary: $(tr '\n' '|' < "$TEST_TMP/s1")"
fi
if sh "$here/summarize.sh" --triage "$TEST_TMP/triage-all" "$TEST_TMP/t.sum" > "$TEST_TMP/s2" 2>&1 \
        && grep -q 't.sum: 1 passed, 1 failed, 1 unexpectedly passed, 0 expected failures, 0 unresolved, 0 untested, 1 unsupported' "$TEST_TMP/s2"; then
    pass summarize_all_triaged
else
    fail summarize_all_triaged "$(tr '\n' '|' < "$TEST_TMP/s2")"
fi

# --- compare.sh sorts our unexpected results by what a baseline run says of them ---
printf 'FAIL: gcc.dg/x.c -O2 execution test\nFAIL: u\nPASS: v\n' > "$TEST_TMP/base.sum"
printf 'FAIL: gcc.dg/x.c -O2 execution test\nXPASS: v\nFAIL: w\nPASS: u\n' > "$TEST_TMP/ours.sum"
# Debian ships its .sum files xz-compressed; read one that way when xz is here.
_b=$TEST_TMP/base.sum
if command -v xz > /dev/null 2>&1; then xz -c "$_b" > "$_b.xz" && _b=$_b.xz; fi
if sh "$here/compare.sh" --baseline "$_b" "$TEST_TMP/ours.sum" > "$TEST_TMP/c1" 2>&1 \
        && grep -q '^3 unexpected results here: 1 also unexpected in the baseline, 1 pass there, 1 not run there$' "$TEST_TMP/c1" \
        && grep -A1 '^XPASS: v$' "$TEST_TMP/c1" | grep -q 'passes there (PASS)'; then
    pass compare_with_baseline
else
    fail compare_with_baseline "$(tr '\n' '|' < "$TEST_TMP/c1")"
fi

# --- bad input: one clear line and exit 2 ---
expect_error() {  # NAME PATTERN ARGS...
    _n=$1; _p=$2; shift 2
    build "$@" > "$TEST_TMP/err.out" 2>&1; _rc=$?
    if [ "$_rc" = 2 ] && grep -q "$_p" "$TEST_TMP/err.out"; then pass "$_n"
    else fail "$_n" "exit $_rc, output: $(tail -n 1 "$TEST_TMP/err.out")"; fi
}
expect_error bad_gcc_part "unknown part 'nope'" check-gcc --part nope
expect_error bad_gcc_jobs "whole number" check-gcc -j zero
expect_error bad_gcc_cxx_stds "dialect numbers separated by commas" check-gcc --cxx-stds '17 20'
expect_error bad_gcc_baseline "no .sum or .sum.xz files in the baseline folder" check-gcc --baseline "$TEST_TMP/nope"
build check-glibc --subdir nope > "$TEST_TMP/err.out" 2>&1; _rc=$?
if grep -q "build tree for this SDK is not in" "$TEST_TMP/err.out"; then
    skip bad_glibc_subdir "$(tail -n 1 "$TEST_TMP/err.out")"
elif [ "$_rc" = 2 ] && grep -q "'nope' is not a glibc subdirectory" "$TEST_TMP/err.out"; then
    pass bad_glibc_subdir
else
    fail bad_glibc_subdir "exit $_rc, output: $(tail -n 1 "$TEST_TMP/err.out")"
fi

if ! command -v runtest > /dev/null 2>&1; then
    skip gcc_harness_can_fail "DejaGnu is not installed (apt-get install dejagnu)"
    skip gcc_c_torture_execute "DejaGnu is not installed (apt-get install dejagnu)"
    for _part in gcc.dg g++.dg libstdc++ libatomic libgomp; do
        skip "gcc_part_$_part" "DejaGnu is not installed (apt-get install dejagnu)"
    done
else
    # --- the board really runs programs through X32_RUN: /bin/false must fail them ---
    X32_RUN=/bin/false build check-gcc --part c-torture-execute --torture -O2 \
        --runtestflags 'execute.exp=2000011*' --out "$TEST_TMP/false" > "$TEST_TMP/false.out" 2>&1
    _rc=$?
    _f=$(grep -c '^FAIL: .*execution test' "$TEST_TMP/false/gcc.sum" 2>/dev/null); _f=${_f:-0}
    if [ "$_rc" = 1 ] && [ "$_f" -gt 0 ]; then pass gcc_harness_can_fail
    else fail gcc_harness_can_fail "exit $_rc and $_f failed execution tests with X32_RUN=/bin/false"; fi

    # --- every other part's suite sets up and runs a few tests (a setup error in one, such
    # as a variable its site.exp lacks, would otherwise show only in a full run).  The
    # picks need iconv where they can, which only a right site.exp makes available. ---
    for _pick in 'gcc.dg charset.exp' 'g++.dg dg.exp=pr86082.C' 'libstdc++ conformance.exp=ext/codecvt/*' \
                 'libatomic c.exp=atomic-exchange-1.c' 'libgomp c.exp=atomic-1*'; do
        _part=${_pick%% *}; _flags=${_pick#* }
        build check-gcc --part "$_part" --runtestflags "$_flags" --out "$TEST_TMP/part-$_part" \
            > "$TEST_TMP/part-$_part.out" 2>&1
        _rc=$?
        # Each part writes one TOOL.sum; with none, the unmatched pattern counts 0.
        _p=$(count PASS "$TEST_TMP/part-$_part"/*.sum)
        _u=$(count UNSUPPORTED "$TEST_TMP/part-$_part"/*.sum)
        if [ "$_rc" = 0 ] && [ "$_p" -gt 0 ] && [ "$_u" = 0 ]; then pass "gcc_part_$_part"
        else fail "gcc_part_$_part" "exit $_rc, $_p passed, $_u unsupported ($_flags): $(grep -m 1 'check-gcc: \(runtest\|.*not\)' "$TEST_TMP/part-$_part.out")"; fi
    done

    # --- gcc.c-torture/execute at -O0 and -O2 ---
    # By default the dated regression tests (2*.c: 466 of the 1,592 programs, about 930
    # runs), which keeps a fresh machine's build and tests under 75 minutes;
    # X32_TEST_UPSTREAM_FULL=1 runs all of them (about 3,200 runs, some 10 minutes more).
    if [ "${X32_TEST_UPSTREAM_FULL:-0}" = 1 ]; then _tflags=""; _min=2500; _what="all programs"
    else _tflags="execute.exp=2*"; _min=700; _what="the 2*.c programs; X32_TEST_UPSTREAM_FULL=1 runs all"; fi
    t0=$(date +%s)
    build check-gcc --part c-torture-execute --torture '-O0,-O2' -j "$jobs" --out "$TEST_TMP/gcc" \
        ${_tflags:+--runtestflags "$_tflags"} > "$TEST_TMP/gcc.out" 2>&1
    _rc=$?
    _sum=$TEST_TMP/gcc/gcc.sum
    _exec=$(grep -c '^PASS: .*execution test' "$_sum" 2>/dev/null); _exec=${_exec:-0}
    cat "$TEST_TMP/gcc/summary.txt" 2>/dev/null
    printf 'gcc.c-torture/execute (%s): %ss, %s execution tests passed\n' "$_what" "$(( $(date +%s) - t0 ))" "$_exec"
    # Far fewer passes than programs times two levels means a broken harness.
    if [ "$_rc" = 0 ] && [ "$_exec" -ge "$_min" ]; then pass gcc_c_torture_execute
    elif [ "$_rc" = 0 ]; then fail gcc_c_torture_execute "only $_exec execution tests passed (expected over $_min)"
    else fail gcc_c_torture_execute "exit $_rc: $(grep -m 3 'not triaged:\|check-gcc:' "$TEST_TMP/gcc.out" | tr '\n' '|')"; fi
fi

# --- glibc's string tests ---
# By default without tst-memmove-overflow and test-memcpy-large, which copy gigabytes
# (about 3.5 of the subdirectory's 7 minutes, natively slow too); they report
# UNSUPPORTED. X32_TEST_UPSTREAM_FULL=1 runs them.
if [ "${X32_TEST_UPSTREAM_FULL:-0}" = 1 ]; then X32_GLIBC_SKIP_TESTS=""
else X32_GLIBC_SKIP_TESTS="string/tst-memmove-overflow string/test-memcpy-large"; fi
export X32_GLIBC_SKIP_TESTS
t0=$(date +%s)
build check-glibc --subdir string -j "$jobs" --out "$TEST_TMP/glibc" > "$TEST_TMP/glibc.out" 2>&1
_rc=$?
if [ "$_rc" = 2 ] && grep -q "build tree for this SDK is not in" "$TEST_TMP/glibc.out"; then
    skip glibc_string "$(tail -n 1 "$TEST_TMP/glibc.out")"
else
    cat "$TEST_TMP/glibc/summary.txt" 2>/dev/null
    _p=$(count PASS "$TEST_TMP/glibc/glibc.sum")
    printf 'glibc string: %ss, %s passed\n' "$(( $(date +%s) - t0 ))" "$_p"
    if [ "$_rc" = 0 ] && [ "$_p" -ge 80 ]; then pass glibc_string
    elif [ "$_rc" = 0 ]; then fail glibc_string "only $_p tests passed (expected over 80)"
    else fail glibc_string "exit $_rc: $(grep -m 3 'not triaged:\|check-glibc:' "$TEST_TMP/glibc.out" | tr '\n' '|')"; fi
fi
