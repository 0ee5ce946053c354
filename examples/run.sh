#!/bin/sh
# Build every pointer-size bug example for x86-64, x32 (and i386 where the
# example asks for it), run what needs running, and report how each bug
# surfaced on each ABI.
#
#   examples/run.sh [NN-name...]           print the table
#   examples/run.sh --check [NN-name...]   one PASS/FAIL/SKIP line per expectation
#                                          (the protocol of tests/lib.sh)
#   examples/run.sh --clang [--check] ...  the same with clang on every ABI; an expect
#                                          file's clang-KEY: line replaces KEY: then
#
# What an example expects is written in its `expect` file; the format is
# described in examples/README.md. Nothing here assumes a result: a runtime
# difference counts only when both builds were run and their outputs compared.
#
# Environment:
#   CC64     x86-64 compiler              (default: gcc -m64)
#   X32_CC   x32 compiler                 (default: gcc -mx32; tests/run.sh sets the SDK's)
#   CC32     i386 compiler                (default: gcc -m32)
#   with --clang, instead:
#   CLANG64  x86-64 compiler              (default: clang -m64)
#   X32_CLANG x32 compiler                (default: the SDK's x86_64-linux-gnux32-clang in
#                                          $X32_SDK_PREFIX or out/, else clang -mx32)
#   CLANG32  i386 compiler                (default: clang -m32)
#   X32_RUN  x32 runner                   (default: out/bin/x32-run, then runner/build/x32-run,
#                                          then direct exec if this kernel runs x32)
#   PAHOLE   layout dumper                (default: pahole)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")

# Variables that would make the compilers or the loader pick up files from
# outside the example would make results differ between machines.
unset CPATH C_INCLUDE_PATH LIBRARY_PATH GCC_EXEC_PREFIX LD_LIBRARY_PATH LD_PRELOAD

family=gcc
case ${1:-} in --clang) family=clang; shift ;; esac
if [ "$family" = clang ]; then
    # The same compiler on every ABI, so a warning only one compiler knows never looks
    # like an x32 finding.
    CC64=${CLANG64:-clang -m64}
    CC32=${CLANG32:-clang -m32}
    _sdk_clang="${X32_SDK_PREFIX:-$top/out}/bin/x86_64-linux-gnux32-clang"
    if [ -n "${X32_CLANG:-}" ]; then X32_CC=$X32_CLANG
    elif [ -x "$_sdk_clang" ]; then X32_CC=$_sdk_clang
    else X32_CC="clang -mx32"; fi
    command -v clang > /dev/null 2>&1 || { echo "examples/run.sh: --clang needs clang (apt-get install clang)" >&2; exit 2; }
fi
CC64=${CC64:-gcc -m64}
X32_CC=${X32_CC:-gcc -mx32}
CC32=${CC32:-gcc -m32}
PAHOLE=${PAHOLE:-pahole}
# The curated warning set of docs/bug-classes.md ("The warning set"). -O2 because
# release builds are where these bugs ship, and some diagnostics need the optimiser.
CFLAGS_BASE="-O2 -g -std=gnu11"
WFLAGS="-Wall -Wextra -Wformat=2 -Wconversion -Wsign-compare -Wshift-count-overflow -Wpointer-to-int-cast -Wint-to-pointer-cast -Wincompatible-pointer-types"
RUN_TIMEOUT=60

mode=table
if [ "${1:-}" = --check ]; then mode=check; shift; fi
# --clang may also come after --check.
if [ "${1:-}" = --clang ] && [ "$family" = gcc ]; then
    echo "examples/run.sh: give --clang first (examples/run.sh --clang --check)" >&2; exit 2
fi
case ${1:-} in -h|--help) sed -n '2,/^set -eu/p' "$0" | sed '$d'; exit 0;; esac

npass=0 nfail=0 nskip=0
report() { # STATUS NAME [WHY]
    case $1 in
        PASS) npass=$((npass + 1)) ;;
        FAIL) nfail=$((nfail + 1)) ;;
        SKIP) nskip=$((nskip + 1)) ;;
    esac
    [ "$mode" = check ] || return 0
    if [ "$1" = PASS ]; then printf 'PASS %s\n' "$2"
    else printf '%s %s: %s\n' "$1" "$2" "$3"; fi
}

cc_for() {
    case $1 in
        x86_64) printf '%s\n' "$CC64" ;;
        x32) printf '%s\n' "$X32_CC" ;;
        i386) printf '%s\n' "$CC32" ;;
    esac
}

oneline() { # FILE: its first line that says something, cut to fit a message
    sed -n '/[^[:space:]]/{p;q;}' "$1" | cut -c1-160
}

# ---- the toolchains and the runner, probed once -------------------------------

work=$(mktemp -d "${TMPDIR:-/tmp}/x32-examples.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

cat >"$work/hello.c" <<'EOF'
#include <stdio.h>
int main(void) { printf("hello %zu\n", sizeof(void *)); return 0; }
EOF

# compiler_ok ABI: can this ABI's compiler build and link a program at all?
compiler_ok() {
    # shellcheck disable=SC2046 # the compiler is a command word list, e.g. "gcc -mx32"
    $(cc_for "$1") -o "$work/hello-$1" "$work/hello.c" >"$work/hello-$1.log" 2>&1
}
have_x86_64=yes have_x32=yes have_i386=yes
compiler_ok x86_64 || have_x86_64=no
compiler_ok x32 || have_x32=no
compiler_ok i386 || have_i386=no

# The runner: an explicit X32_RUN, the SDK's, the one in the runner's build
# tree, or none at all when this kernel executes x32 binaries itself.
runner='' runner_ok=no runner_why=''
if [ "$have_x32" = no ]; then
    runner_why="the x32 compiler ($X32_CC) cannot build a program: $(oneline "$work/hello-x32.log")"
else
    for r in "${X32_RUN:-}" "$top/out/bin/x32-run" "$top/runner/build/x32-run"; do
        [ -n "$r" ] && [ -x "$r" ] && { runner=$r; break; }
    done
    if [ -n "$runner" ]; then
        if out=$("$runner" "$work/hello-x32" 2>&1); then rc=0; else rc=$?; fi
        if [ "$rc" = 0 ] && [ "$out" = "hello 4" ]; then
            runner_ok=yes
        else
            runner_why="$runner cannot run an x32 hello world (exit $rc): $(printf '%s\n' "$out" | tail -n 1 | cut -c1-120)"
        fi
    elif out=$("$work/hello-x32" 2>&1) && [ "$out" = "hello 4" ]; then
        runner_ok=yes    # the kernel runs x32 natively (or binfmt_misc does it for us)
    else
        runner_why="no x32-run found (X32_RUN, out/bin, runner/build) and this kernel does not execute x32 binaries"
    fi
fi

# clang's compiler-rt has no x32 UBSan runtime (Debian's libclang-rt-14-dev ships i386
# and x86_64 only): its x32 checks then report through GCC's libubsan, the same
# compiler-rt code with the same handler ABI.
x32_ubsan_link=""
if [ "$family" = clang ] && [ "$have_x32" = yes ]; then
    # shellcheck disable=SC2046 # the compiler is a command word list
    _rt="$($(cc_for x32) -print-resource-dir)/lib/linux/libclang_rt.ubsan_standalone-x32.a"
    [ -f "$_rt" ] || x32_ubsan_link="-fno-sanitize-link-runtime -lubsan"
fi
# A toolchain without a UBSan runtime (the SDK's optional musl one: libsanitizer does not
# support musl) cannot link -fsanitize=undefined; its x32 UBSan checks skip, saying so.
x32_ubsan_why=""
if [ "$have_x32" = yes ]; then
    _u=$(mktemp -d)
    printf 'int main(void) { return 0; }\n' > "$_u/u.c"
    # shellcheck disable=SC2046,SC2086 # the compiler and the flags are word lists
    $(cc_for x32) -fsanitize=undefined $x32_ubsan_link "$_u/u.c" -o "$_u/u" 2> "$_u/err" \
        || x32_ubsan_why="the x32 compiler cannot link -fsanitize=undefined (no UBSan runtime): $(grep -m1 -i 'error\|cannot' "$_u/err" | cut -c1-120)"
    rm -rf "$_u"
fi

# ---- one example ----------------------------------------------------------------

expect_get() { # KEY: the value of "KEY: value" in the example's expect file; with
    # --clang a "clang-KEY: value" line wins (clang names some warnings differently,
    # and its integrated assembler words its errors its own way)
    if [ "$family" = clang ] && grep -q "^clang-$1:" "$ex/expect"; then set -- "clang-$1"; fi
    sed -n "s/^$1:[[:space:]]*//p" "$ex/expect" | sed 's/[[:space:]]*#.*//; s/[[:space:]]*$//' | head -n 1
}

diag_tags() { # LOG: the distinct -W options named by the warnings in LOG
    sed -n 's/.*warning: .*\[\(-W[^]=]*\)[]=]*$/\1/p' "$1" | sort -u | tr '\n' ' ' | sed 's/ $//'
}

# build VARIANT ABI [EXTRA_CFLAGS]: compile VARIANT.c plus VARIANT*.S into
# build/VARIANT-ABI[suffix]. Leaves the log next to it and a .status file
# holding "ok", "error" or "nocc".
build() {
    b_var=$1 b_abi=$2 b_extra=${3:-} b_suffix=${4:-}
    b_out=$bdir/$b_var-$b_abi$b_suffix
    rm -f "$b_out" "$b_out.status"
    if eval "[ \"\$have_$b_abi\" = no ]"; then echo nocc >"$b_out.status"; return 0; fi
    set -- "$ex/$b_var.c"
    for b_s in "$ex/$b_var"*.S; do
        if [ -e "$b_s" ]; then set -- "$@" "$b_s"; fi
    done
    # shellcheck disable=SC2046,SC2086 # compiler and flag lists are word lists
    if $(cc_for "$b_abi") $CFLAGS_BASE $WFLAGS $ex_cflags $b_extra -o "$b_out" "$@" >"$b_out.log" 2>&1; then
        echo ok >"$b_out.status"
    else
        echo error >"$b_out.status"
    fi
}

status_of() { cat "$bdir/$1.status"; }

# summary VARIANT-ABI: what the build said, for the table
summary() {
    case $(status_of "$1") in
        nocc) printf 'no compiler' ;;
        error) printf 'ERROR: %s' "$(sed -n 's/.*[Ee]rror: //p' "$bdir/$1.log" | head -n 1 | tr -d "\`'" | cut -c1-26)" ;;
        ok) s_tags=$(diag_tags "$bdir/$1.log"); printf '%s' "${s_tags:-clean}" ;;
    esac
}

# expect_build VARIANT ABI SPEC: SPEC is "clean", "warns -Wa -Wb..." or "error [TEXT]"
expect_build() {
    e_id=$1-$2 e_spec=$3 e_name="examples/$name/$1-$2"
    e_log=$bdir/$e_id.log
    case $(status_of "$e_id") in
        nocc) report SKIP "$e_name" "no working $2 compiler ($(cc_for "$2"))"; return 0 ;;
    esac
    e_st=$(status_of "$e_id") e_got=$(summary "$e_id")
    case $e_spec in
        clean)
            if [ "$e_st" = ok ] && [ "$e_got" = clean ]; then report PASS "$e_name-clean"
            elif [ "$e_st" = ok ]; then report FAIL "$e_name-clean" "warned: $e_got"
            else report FAIL "$e_name-clean" "did not build: $(grep -m1 -i 'error' "$e_log" | cut -c1-160)"; fi ;;
        warns*)
            e_missing=
            for e_w in ${e_spec#warns}; do
                case " $e_got " in *" $e_w "*) ;; *) e_missing="$e_missing $e_w" ;; esac
            done
            if [ "$e_st" != ok ]; then
                report FAIL "$e_name-warns" "did not build: $(grep -m1 -i 'error' "$e_log" | cut -c1-160)"
            elif [ -z "$e_missing" ]; then report PASS "$e_name-warns"
            else report FAIL "$e_name-warns" "missing$e_missing (got: $e_got)"; fi ;;
        error*)
            e_text=${e_spec#error}; e_text=${e_text# }
            if [ "$e_st" = ok ]; then report FAIL "$e_name-error" "built, expected an error"
            elif [ -n "$e_text" ] && ! grep -qF -- "$e_text" "$e_log"; then
                report FAIL "$e_name-error" "failed, but not with '$e_text': $(grep -m1 -i 'error' "$e_log" | cut -c1-160)"
            else report PASS "$e_name-error"; fi ;;
        *) report FAIL "$e_name" "bad expectation '$e_spec' in expect" ;;
    esac
}

# run_one BINARY ABI TAG: run a build in a fresh scratch directory; stdout plus
# an exit line go to build/TAG.out, stderr to build/TAG.err.
run_one() {
    r_bin=$1 r_abi=$2 r_tag=$3
    r_dir=$work/run-$name-$r_tag
    rm -rf "$r_dir"; mkdir -p "$r_dir"
    if [ "$r_abi" = x32 ] && [ -n "$runner" ]; then set -- "$runner" "$r_bin"
    else set -- "$r_bin"; fi
    # The explicit exit keeps the shell from exec'ing timeout in the subshell:
    # the subshell, whose stderr is the log, then reports a crash, so
    # "Segmentation fault" does not leak to the console.
    if (cd "$r_dir" || exit 1; timeout "$RUN_TIMEOUT" "$@"; exit $?) >"$bdir/$r_tag.out" 2>"$bdir/$r_tag.err"; then
        r_rc=0
    else
        r_rc=$?
    fi
    case $r_rc in
        124) echo "[timed out after ${RUN_TIMEOUT}s]" >>"$bdir/$r_tag.out" ;;
        0) ;;
        *) if [ "$r_rc" -gt 128 ]; then echo "[killed by signal $((r_rc - 128))]" >>"$bdir/$r_tag.out"
           else echo "[exit $r_rc]" >>"$bdir/$r_tag.out"; fi ;;
    esac
    rm -rf "$r_dir"
}

unsupported() { # TAG...: the first "UNSUPPORTED:" line any of these runs printed
    for u_t in "$@"; do
        if grep -q '^UNSUPPORTED:' "$bdir/$u_t.out" 2>/dev/null; then
            grep -m1 '^UNSUPPORTED:' "$bdir/$u_t.out"; return 0
        fi
    done
    return 1
}

# check_run: "run: differs" - the bug prints differently on x86-64 and x32, the
# fix prints the same on both; "fix-matches: ABI" - and that is what the bug
# prints on ABI (the ABI on which the bug stays latent).
check_run() {
    c_name="examples/$name/run"
    c_good=$(expect_get fix-matches)
    run_col="-"
    for c_v in bug fix; do
        if [ "$(status_of "$c_v-x86_64")" = ok ]; then run_one "$bdir/$c_v-x86_64" x86_64 "$c_v-x86_64"; fi
    done
    # What can be checked without x32: the fix behaves like the latent bug on x86-64.
    if [ "$c_good" = x86_64 ] && [ -f "$bdir/fix-x86_64.out" ] && [ -f "$bdir/bug-x86_64.out" ]; then
        if c_why=$(unsupported bug-x86_64 fix-x86_64); then
            report SKIP "$c_name-fix-matches-x86_64" "$c_why"
        elif cmp -s "$bdir/bug-x86_64.out" "$bdir/fix-x86_64.out"; then
            report PASS "$c_name-fix-matches-x86_64"
        else
            report FAIL "$c_name-fix-matches-x86_64" "fix prints '$(oneline "$bdir/fix-x86_64.out")', bug on x86_64 '$(oneline "$bdir/bug-x86_64.out")'"
        fi
    fi
    # "fix-differs: x86_64": the bug is visible on x86-64 as well (e.g. through
    # the x32 entry points); there the fix must print something else.
    if [ "$(expect_get fix-differs)" = x86_64 ] && [ -f "$bdir/fix-x86_64.out" ] && [ -f "$bdir/bug-x86_64.out" ]; then
        if c_why=$(unsupported bug-x86_64 fix-x86_64); then
            report SKIP "$c_name-fix-differs-x86_64" "$c_why"
        elif cmp -s "$bdir/bug-x86_64.out" "$bdir/fix-x86_64.out"; then
            report FAIL "$c_name-fix-differs-x86_64" "bug and fix print the same on x86_64: '$(oneline "$bdir/fix-x86_64.out")'"
        else
            report PASS "$c_name-fix-differs-x86_64"
        fi
    fi
    if [ "$runner_ok" = no ]; then
        run_col="SKIP (no x32 runner)"
        report SKIP "$c_name-bug-differs" "$runner_why"
        report SKIP "$c_name-fix-same" "$runner_why"
        if [ "$c_good" = x32 ]; then report SKIP "$c_name-fix-matches-x32" "$runner_why"; fi
        return 0
    fi
    for c_v in bug fix; do
        if [ "$(status_of "$c_v-x32")" = ok ]; then run_one "$bdir/$c_v-x32" x32 "$c_v-x32"; fi
    done
    for c_t in bug-x86_64 bug-x32 fix-x86_64 fix-x32; do
        if [ ! -f "$bdir/$c_t.out" ]; then
            run_col="not built"
            report FAIL "$c_name-bug-differs" "$c_t was not built"
            report FAIL "$c_name-fix-same" "$c_t was not built"
            return 0
        fi
    done
    if c_why=$(unsupported bug-x86_64 bug-x32 fix-x86_64 fix-x32); then
        run_col="SKIP (${c_why#UNSUPPORTED: })"
        report SKIP "$c_name-bug-differs" "$c_why"
        report SKIP "$c_name-fix-same" "$c_why"
        return 0
    fi
    if cmp -s "$bdir/bug-x86_64.out" "$bdir/bug-x32.out"; then
        run_col="same (!)"
        report FAIL "$c_name-bug-differs" "bug prints the same on x86_64 and x32: '$(oneline "$bdir/bug-x32.out")'"
    else
        run_col="differs: $(diff "$bdir/bug-x86_64.out" "$bdir/bug-x32.out" | sed -n 's/^> //p' | head -n 1 | cut -c1-40)"
        report PASS "$c_name-bug-differs"
    fi
    # "fix-x32: crashes" (written clang-fix-x32: a compiler's known miscompile): the x32
    # fix must die of a signal; once it stops, the line is stale and this FAILs.
    if [ "$(expect_get fix-x32)" = crashes ]; then
        if grep -q '^\[killed by signal' "$bdir/fix-x32.out"; then report PASS "$c_name-fix-x32-crashes"
        else report FAIL "$c_name-fix-x32-crashes" "the x32 fix no longer crashes ('$(oneline "$bdir/fix-x32.out")'): drop the fix-x32 line from expect"; fi
    elif cmp -s "$bdir/fix-x86_64.out" "$bdir/fix-x32.out"; then report PASS "$c_name-fix-same"
    else report FAIL "$c_name-fix-same" "fix prints '$(oneline "$bdir/fix-x32.out")' on x32, '$(oneline "$bdir/fix-x86_64.out")' on x86_64"; fi
    if [ "$c_good" = x32 ]; then
        if cmp -s "$bdir/bug-x32.out" "$bdir/fix-x32.out"; then report PASS "$c_name-fix-matches-x32"
        else report FAIL "$c_name-fix-matches-x32" "fix prints '$(oneline "$bdir/fix-x32.out")', bug on x32 '$(oneline "$bdir/bug-x32.out")'"; fi
    fi
}

# check_layout STRUCT [FIXSTRUCT]: the bug's STRUCT is laid out differently on
# x86-64 and x32 (DWARF, through pahole); the fix's STRUCT (or FIXSTRUCT, when
# the fix replaces the type) is identical on every ABI built.
check_layout() {
    l_struct=$1 l_fixstruct=${2:-$1} l_name="examples/$name/layout"
    if ! command -v "$PAHOLE" >/dev/null 2>&1; then
        layout_col="SKIP (no pahole)"
        report SKIP "$l_name-bug-differs" "pahole not installed (apt-get install dwarves)"
        report SKIP "$l_name-fix-same" "pahole not installed (apt-get install dwarves)"
        return 0
    fi
    for l_id in bug-x86_64 bug-x32 bug-i386 fix-x86_64 fix-x32 fix-i386; do
        rm -f "$bdir/$l_id.layout"
        if [ -f "$bdir/$l_id.status" ] && [ "$(status_of "$l_id")" = ok ]; then
            case $l_id in bug-*) l_s=$l_struct ;; *) l_s=$l_fixstruct ;; esac
            "$PAHOLE" -C "$l_s" "$bdir/$l_id" >"$bdir/$l_id.layout" 2>/dev/null || true
        fi
    done
    layout_col=
    for l_id in bug-x86_64 bug-x32 bug-i386; do
        if [ -s "$bdir/$l_id.layout" ]; then
            l_size=$(sed -n 's/.*size: \([0-9]*\),.*/\1/p' "$bdir/$l_id.layout")
            layout_col="$layout_col${layout_col:+/}$l_size"
        fi
    done
    layout_col="size $layout_col"
    if [ ! -s "$bdir/bug-x86_64.layout" ] || [ ! -s "$bdir/bug-x32.layout" ]; then
        report FAIL "$l_name-bug-differs" "no DWARF for struct $l_struct in the bug builds"
    elif cmp -s "$bdir/bug-x86_64.layout" "$bdir/bug-x32.layout"; then
        report FAIL "$l_name-bug-differs" "struct $l_struct has the same layout on x86_64 and x32"
    else
        report PASS "$l_name-bug-differs"
    fi
    l_bad=
    for l_id in fix-x32 fix-i386; do
        if [ -f "$bdir/$l_id.layout" ] && ! cmp -s "$bdir/fix-x86_64.layout" "$bdir/$l_id.layout"; then
            l_bad="$l_bad ${l_id#fix-}"
        fi
    done
    if [ ! -s "$bdir/fix-x86_64.layout" ]; then
        report FAIL "$l_name-fix-same" "no DWARF for struct $l_fixstruct in the fix build"
    elif [ -n "$l_bad" ]; then
        report FAIL "$l_name-fix-same" "struct $l_fixstruct differs from x86_64 on:$l_bad"
    else
        report PASS "$l_name-fix-same"
    fi
}

# check_ubsan: built with -fsanitize=undefined, the bug reports a runtime error
# on x32 and not on x86-64; the fix reports nothing on either.
check_ubsan() {
    s_name="examples/$name/ubsan"
    for s_v in bug fix; do
        build "$s_v" x86_64 "-fsanitize=undefined" -ubsan
        [ -n "$x32_ubsan_why" ] || build "$s_v" x32 "-fsanitize=undefined $x32_ubsan_link" -ubsan
    done
    for s_v in bug fix; do
        if [ "$(status_of "$s_v-x86_64-ubsan")" = ok ]; then
            run_one "$bdir/$s_v-x86_64-ubsan" x86_64 "$s_v-x86_64-ubsan"
            if grep -q 'runtime error:' "$bdir/$s_v-x86_64-ubsan.err"; then
                report FAIL "$s_name-$s_v-x86_64-quiet" "$(grep -m1 'runtime error:' "$bdir/$s_v-x86_64-ubsan.err" | cut -c1-160)"
            else report PASS "$s_name-$s_v-x86_64-quiet"; fi
        else
            report FAIL "$s_name-$s_v-x86_64-quiet" "does not build with -fsanitize=undefined"
        fi
    done
    if [ -n "$x32_ubsan_why" ]; then
        ubsan_col="SKIP (no x32 UBSan runtime)"
        report SKIP "$s_name-bug-x32-reports" "$x32_ubsan_why"
        report SKIP "$s_name-fix-x32-quiet" "$x32_ubsan_why"
        return 0
    fi
    if [ "$runner_ok" = no ]; then
        ubsan_col="SKIP (no x32 runner)"
        report SKIP "$s_name-bug-x32-reports" "$runner_why"
        report SKIP "$s_name-fix-x32-quiet" "$runner_why"
        return 0
    fi
    for s_v in bug fix; do
        if [ "$(status_of "$s_v-x32-ubsan")" = ok ]; then run_one "$bdir/$s_v-x32-ubsan" x32 "$s_v-x32-ubsan"
        else : >"$bdir/$s_v-x32-ubsan.err"; echo "[not built]" >"$bdir/$s_v-x32-ubsan.out"; fi
    done
    if grep -q 'runtime error:' "$bdir/bug-x32-ubsan.err"; then
        ubsan_col="x32: $(grep -m1 'runtime error:' "$bdir/bug-x32-ubsan.err" | sed 's/.*runtime error: //' | cut -c1-40)"
        report PASS "$s_name-bug-x32-reports"
    else
        ubsan_col="x32: no report (!)"
        report FAIL "$s_name-bug-x32-reports" "no 'runtime error:' on x32: $(oneline "$bdir/bug-x32-ubsan.out")"
    fi
    if grep -q 'runtime error:' "$bdir/fix-x32-ubsan.err"; then
        report FAIL "$s_name-fix-x32-quiet" "$(grep -m1 'runtime error:' "$bdir/fix-x32-ubsan.err" | cut -c1-160)"
    else report PASS "$s_name-fix-x32-quiet"; fi
}

# check_readme: the README names every diagnostic the expect file promises.
check_readme() {
    m_name="examples/$name/readme"
    if [ ! -s "$ex/README.md" ]; then report FAIL "$m_name" "no README.md"; return 0; fi
    m_missing=
    # shellcheck disable=SC2013 # the words of the "warns" lines are what we want
    for m_w in $(sed -n 's/^[a-z0-9_-]*:[[:space:]]*warns//p' "$ex/expect" | sed 's/[[:space:]]*#.*//'); do
        grep -qF -- "$m_w" "$ex/README.md" || m_missing="$m_missing $m_w"
    done
    if [ -z "$m_missing" ]; then report PASS "$m_name"
    else report FAIL "$m_name" "README.md does not mention$m_missing"; fi
}

table_row() { printf '%-26s %-44s %-36s %-24s %-46s %s\n' "$@"; }

do_example() {
    ex=$1 name=$(basename "$1")
    bdir=$ex/build
    mkdir -p "$bdir"
    if [ ! -f "$ex/expect" ]; then report FAIL "examples/$name" "no expect file"; return 0; fi
    ex_cflags=$(expect_get cflags)
    abis="x86_64 x32"
    if [ -n "$(expect_get i386)" ]; then abis="$abis i386"; fi
    for v in bug fix; do
        for abi in $abis; do build "$v" "$abi"; done
    done
    for abi in $abis; do
        spec=$(expect_get "$abi")
        if [ -n "$spec" ]; then expect_build bug "$abi" "$spec"; fi
    done
    fix_spec=$(expect_get fix)
    fix_col=
    for abi in $abis; do
        if [ -n "$fix_spec" ]; then expect_build fix "$abi" "$fix_spec"; fi
        fix_col="$fix_col${fix_col:+ }$(summary "fix-$abi")"
    done
    # "clean clean clean" says less than "clean on all"
    if [ "$(printf '%s\n' "$fix_col" | tr ' ' '\n' | sort -u)" = clean ]; then fix_col="clean ($(echo "$abis" | tr ' ' ','))"; fi

    extra_col=
    layout_struct=$(expect_get layout)
    # shellcheck disable=SC2086 # one or two struct names
    if [ -n "$layout_struct" ]; then check_layout $layout_struct; extra_col="layout $layout_col"; fi
    if [ -n "$(expect_get run)" ]; then check_run; extra_col="${extra_col:+$extra_col; }run $run_col"; fi
    if [ -n "$(expect_get ubsan)" ]; then check_ubsan; extra_col="${extra_col:+$extra_col; }ubsan $ubsan_col"; fi
    check_readme

    i386_col="-"
    case " $abis " in *" i386 "*) i386_col=$(summary bug-i386) ;; esac
    if [ "$mode" = table ]; then
        table_row "$name" "$(summary bug-x86_64)" "$(summary bug-x32)" "$i386_col" "${extra_col:--}" "$fix_col"
    fi
}

# ---- main -------------------------------------------------------------------------

if [ $# -gt 0 ]; then
    for a in "$@"; do set -- "$@" "$here/${a%/}"; shift; done
else
    set -- "$here"/[0-9][0-9]-*/
fi

if [ "$mode" = table ]; then
    printf 'x86_64: %s   x32: %s   i386: %s\n' "$CC64" "$X32_CC" "$CC32"
    if [ "$runner_ok" = yes ]; then printf 'x32 runtime: %s\n' "${runner:-direct exec (kernel has x32)}"
    else printf 'x32 runtime: SKIP, %s\n' "$runner_why"; fi
    printf 'bug builds: diagnostics (-W names) or "clean" or ERROR; runtime/layout compare the bug on x86_64 vs x32\n\n'
    table_row "example" "bug x86_64" "bug x32" "bug i386" "runtime / layout / sanitizer" "fix"
    table_row "-------" "----------" "-------" "--------" "----------------------------" "---"
fi
for d in "$@"; do
    do_example "${d%/}"
done
if [ "$mode" = table ]; then
    printf '\nexpectations: %d pass, %d fail, %d skip (examples/run.sh --check for the details)\n' "$npass" "$nfail" "$nskip"
fi
[ "$nfail" -eq 0 ]
