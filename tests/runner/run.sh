#!/bin/sh
# tests/runner/run.sh: the x32 runner's test suite.
#
# Usage: run.sh [--native] [NAME...]
#   NAME      run only these tests (file names without .c; `tree` for tree.sh,
#             the x32-run --tree cases; `trap-path` for trap-path.sh, the
#             trap-path rule and the floors checked on runner/'s sources and
#             objects; `trap-plan` for trap-plan.sh; `musl` for musl.sh,
#             the programs again built against musl)
#   --native  build with `gcc -m64` and run natively, to validate the tests
#             themselves on a machine without x32
#
# Every NAME.c here is one self-checking program (exit 0 = right).  A line
# `// build: FLAGS` in it adds compiler/linker flags; `// build-x32: FLAGS`
# and `// build-native: FLAGS` add flags for one mode only.  Helpers the tests exec
# or dlopen are built from helpers/ into $TEST_TMP/helpers, which the tests
# find through $X32_TEST_HELPERS.
#
# Environment: X32_CC (default `gcc -mx32`), X32_RUN (default the repo's
# out/bin/x32-run, else runner/build/x32-run), TEST_TMP (default a fresh
# mktemp dir, removed afterwards), X32_TEST_TIMEOUT (seconds, default 20).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup runner
root=$TOP

usage() {
    sed -n '2,20s/^# \{0,1\}//p' "$0"
    exit "$1"
}

native=0
names=
for arg in "$@"; do
    case $arg in
        --native) native=1 ;;
        -h|--help) usage 0 ;;
        -*) printf 'run.sh: unknown option %s\n' "$arg" >&2; usage 2 ;;
        *) names="$names ${arg%.c}" ;;
    esac
done

if [ "$native" = 1 ]; then
    cc="gcc -m64"
    run=
    mode=native
else
    cc=${X32_CC:-gcc -mx32}
    run=${X32_RUN:-}
    if [ -z "$run" ]; then
        for cand in "$root/out/bin/x32-run" "$root/runner/build/x32-run"; do
            if [ -x "$cand" ]; then run=$cand; break; fi
        done
    fi
    mode=x32
fi
timeout_s=${X32_TEST_TIMEOUT:-20}

# A scratch directory of our own is removed on ^C too.
[ -z "$SUITE_OWN_TMP" ] || trap 'exit 130' INT TERM
mkdir -p "$TEST_TMP/helpers" "$TEST_TMP/bin" "$TEST_TMP/log" "$TEST_TMP/work"
X32_TEST_HELPERS=$TEST_TMP/helpers
export X32_TEST_HELPERS

printf 'runner tests: mode=%s cc=%s run=%s tmp=%s\n' "$mode" "$cc" "${run:-(native)}" "$TEST_TMP"

# The flags every test is built with.  -fno-strict-aliasing keeps the
# byte-level struct checks well defined.
base_flags="-std=gnu11 -O2 -g -Wall -Wextra -D_GNU_SOURCE -fno-strict-aliasing -I$here"

# compile OUT LOG SRC FLAGS...: build one program; the log keeps the diagnostics.
compile() {
    _c_out=$1 _c_log=$2 _c_src=$3
    shift 3
    # $cc and the flags are word lists on purpose.
    # shellcheck disable=SC2086
    $cc $base_flags -o "$_c_out" "$_c_src" "$@" >"$_c_log" 2>&1
}

# is_elf32 FILE: true when FILE is an ELFCLASS32 object (what x32 must produce).
is_elf32() {
    [ "$(od -An -tx1 -j4 -N1 "$1" | tr -d ' ')" = 01 ]
}

# probe FLAGS...: true when $cc can build and link a trivial program with FLAGS.
probe() {
    printf 'int main(void) { return 0; }\n' >"$TEST_TMP/probe.c"
    # shellcheck disable=SC2086
    $cc -o "$TEST_TMP/probe" "$TEST_TMP/probe.c" "$@" >/dev/null 2>&1
}

# reason LOG: the most telling line of a failed test's output.
reason() {
    _line=$(grep -m 1 -E '^[A-Za-z0-9_./-]+\.[ch]:[0-9]+: ' "$1" || true)
    if [ -z "$_line" ]; then _line=$(grep -m 1 -v '^[[:space:]]*$' "$1" || true); fi
    if [ -z "$_line" ]; then _line="(no output)"; fi
    printf '%s' "$_line" | cut -c 1-300
}

# show_log LOG: the output of a failed test, indented, as log lines.
show_log() {
    head -n 25 "$1" | sed 's/^/    | /'
}

# run_prog NAME EXE: run one built program under the runner with the timeout.
# The arguments and X32_TEST_VAR are what startup_argv_envp expects.
run_prog() {
    _wd=$TEST_TMP/work/$1
    mkdir -p "$_wd"
    # $run is empty in native mode, one word otherwise.
    # shellcheck disable=SC2086
    (cd "$_wd" && X32_TEST_VAR=x32-value X32_TEST_EXPECT_REWRITE=$expect_rewrite \
        exec timeout -k 5 "$timeout_s" \
        $run "$2" x32-arg1 'x32 arg 2' </dev/null) >"$TEST_TMP/log/$1.log" 2>&1
}

# The runner must pass exit codes through, or every test below would pass.
runner_exit_code() {
    [ "$helpers_ok" = 1 ] || { fail runner_exit_code "helper_prog did not build"; return; }
    _rc=0
    # shellcheck disable=SC2086
    timeout -k 5 "$timeout_s" $run "$TEST_TMP/helpers/helper_prog" exit 37 \
        >/dev/null 2>&1 || _rc=$?
    if [ "$_rc" = 37 ]; then pass runner_exit_code
    else fail runner_exit_code "helper_prog exit 37 returned $_rc"; fi
}

# Under a shrinking address-space limit, the first thing that fails in x32-run with a
# long argument list is its argument-vector allocation (here for a native program,
# which it execs): that must be one clear line and status 126, not a crash.
# 150000 arguments make that allocation 1.2 MB, wider than the 256 KiB steps.
runner_out_of_memory() {
    if ! command -v prlimit >/dev/null 2>&1; then
        skip runner_out_of_memory "prlimit (util-linux) is not installed"
        return
    fi
    _args=$(seq 1 150000 | sed 's/.*/a/')
    _kib=16384
    while [ "$_kib" -gt 1024 ]; do
        _rc=0
        # $run is one word; $_args is a word list on purpose.
        # shellcheck disable=SC2086
        prlimit --as=$((_kib * 1024)) $run /bin/true $_args >"$TEST_TMP/log/oom.log" 2>&1 || _rc=$?
        if [ "$_rc" != 0 ]; then
            if [ "$_rc" = 126 ] && grep -q '^x32-run: out of memory for an argument vector' "$TEST_TMP/log/oom.log"; then
                pass runner_out_of_memory
            else
                fail runner_out_of_memory "at a ${_kib} KiB limit: status $_rc, $(reason "$TEST_TMP/log/oom.log")"
            fi
            return
        fi
        _kib=$((_kib - 256))
    done
    fail runner_out_of_memory "x32-run /bin/true with 150000 arguments ran even with a 1 MiB address-space limit"
}

# run_test NAME: build and run NAME.c, print its status line. With $name_prefix set
# (musl.sh: "musl-"), the program, its log and its status line carry that prefix, and
# a program that does not build is a skip ($build_fail_is: the libc lacks what it uses).
name_prefix=""
build_fail_is=fail
run_test() {
    _src=$here/$1.c
    _name=$name_prefix$1
    _exe=$TEST_TMP/bin/$_name
    _log=$TEST_TMP/log/$_name.log
    if [ ! -f "$_src" ]; then
        fail "$_name" "no such test ($_src)"
        return
    fi
    _flags=$(sed -n -e 's|^// build:||p' -e "s|^// build-$mode:||p" "$_src" | tr '\n' ' ')
    for _f in $_flags; do
        case $_f in
            -fsanitize=*)
                if ! probe "$_f"; then
                    skip "$_name" "$cc cannot link $_f (sanitizer runtime missing)"
                    return
                fi ;;
            -static)
                if ! probe -static; then
                    skip "$_name" "$cc cannot link -static (no static libc)"
                    return
                fi ;;
        esac
    done
    # shellcheck disable=SC2086
    if ! compile "$_exe" "$TEST_TMP/log/$_name.build.log" "$_src" $_flags; then
        if [ "$build_fail_is" = skip ]; then
            skip "$_name" "does not build with $cc: $(reason "$TEST_TMP/log/$_name.build.log")"
            return
        fi
        fail "$_name" "does not compile: $(reason "$TEST_TMP/log/$_name.build.log")"
        show_log "$TEST_TMP/log/$_name.build.log"
        return
    fi
    if [ "$mode" = x32 ] && ! is_elf32 "$_exe"; then
        fail "$_name" "$cc did not produce an ELF32 (x32) program"
        return
    fi
    _rc=0
    run_prog "$_name" "$_exe" || _rc=$?
    case $_rc in
        0) pass "$_name" ;;
        77) skip "$_name" "$(skip_reason "$_log")" ;;
        124|137) fail "$_name" "timed out after ${timeout_s}s: $(reason "$_log")"
            show_log "$_log" ;;
        *) if [ "$_rc" -gt 128 ]; then
               _why="killed by signal $((_rc - 128))"
           else
               _why="exit $_rc"
           fi
           fail "$_name" "$_why: $(reason "$_log")"
           show_log "$_log" ;;
    esac
}

if [ -z "$names" ]; then
    for src in "$here"/*.c; do
        names="$names $(basename "$src" .c)"
    done
    all=1
else
    all=0
fi

# skip_all WHY: every selected test is skipped for the same reason.
skip_all() {
    for name in $names; do
        skip "$name" "$1"
    done
    exit 0
}

# Preflight: a compiler that builds programs, and a runner that exists.
if ! probe; then
    fail compiler_works "$cc cannot build a trivial program"
    skip_all "no working compiler ($cc)"
fi
if [ "$mode" = x32 ]; then
    if [ -z "$run" ]; then
        skip_all "no x32 runner (set X32_RUN or build runner/build/x32-run)"
    elif [ ! -x "$run" ]; then
        fail runner_exit_code "X32_RUN=$run is not an executable file"
        skip_all "no x32 runner at $run"
    fi
    # A kernel with neither Syscall User Dispatch nor seccomp filters cannot trap x32
    # calls at all: x32-run says so (exit 126), and --probe confirms the dispatch part,
    # so a runner that wrongly gives up on a capable kernel still fails here.
    "$run" "$TEST_TMP/probe" > "$TEST_TMP/probe.out" 2>&1
    if [ $? = 126 ] && grep -q 'neither syscall user dispatch nor seccomp is available' "$TEST_TMP/probe.out" \
        && "$run" --probe 2>/dev/null | grep -q '^syscall user dispatch: unavailable'; then
        skip_all "this kernel cannot trap x32 system calls: $(tail -n 1 "$TEST_TMP/probe.out")"
    fi
fi

# What the fastpath_* programs must find at their site (X32_TEST_EXPECT_REWRITE):
# rewritten when x32-run runs with its fast path (the default) and --probe says this
# host can rewrite; untouched with X32_RUN_TRAP=sud or seccomp, or natively.
expect_rewrite=0
if [ "$mode" = x32 ]; then
    _fp=$(fast_path_state "$run")
    case $_fp in
        on) expect_rewrite=1 ;;
        "off (trap plan: "*"X32_RUN_TRAP="*) ;;
        *) printf 'runner tests: no site rewriting here (%s); the fastpath_* tests check the SUD path\n' "$_fp" ;;
    esac
fi

# Helpers.  A failure here shows up in the tests that need them.
helpers_ok=1
if ! compile "$TEST_TMP/helpers/helper_prog" "$TEST_TMP/log/helper_prog.log" \
        "$here/helpers/helper_prog.c"; then
    helpers_ok=0
    printf 'helper_prog failed to build:\n'
    show_log "$TEST_TMP/log/helper_prog.log"
fi
if ! compile "$TEST_TMP/helpers/libplugin.so" "$TEST_TMP/log/plugin.log" \
        "$here/helpers/plugin.c" -shared -fPIC; then
    helpers_ok=0
    printf 'libplugin.so failed to build:\n'
    show_log "$TEST_TMP/log/plugin.log"
fi

# X32_RUNNER_BUILD_ONLY=1 (tests/vm/differential.sh, which runs the programs itself on
# both sides): only the programs matter, so the checks of x32-run itself are left out.
build_only=${X32_RUNNER_BUILD_ONLY:-0}
if [ "$all" = 1 ] && [ "$build_only" != 1 ]; then
    runner_exit_code
    [ "$mode" = x32 ] && runner_out_of_memory
fi
tree=$all
[ "$build_only" != 1 ] || tree=0
sud=$all
[ "$build_only" != 1 ] || sud=0
trap_path=$all
[ "$build_only" != 1 ] || trap_path=0
trap_plan=$all
[ "$build_only" != 1 ] || trap_plan=0
# The musl pass (musl.sh): with the full suite, or alone as `run.sh musl [NAME...]`; it
# skips, saying why, when the optional musl toolchain is not in the SDK.
musl=$all
[ "$build_only" != 1 ] || musl=0
programs=""
for name in $names; do
    if [ "$name" = tree ]; then tree=1; continue; fi
    if [ "$name" = sud ]; then sud=1; continue; fi
    if [ "$name" = trap-path ]; then trap_path=1; continue; fi
    if [ "$name" = trap-plan ]; then trap_plan=1; continue; fi
    if [ "$name" = musl ]; then musl=1; continue; fi
    programs="$programs $name"
    run_test "$name"
done
# X32_RUN_TRAP=sud (sud.sh): with the full suite, or alone as `run.sh sud`; not again
# when the whole suite already runs with it.
if [ "$sud" = 1 ] && [ "$mode" = x32 ] && [ "${X32_RUN_TRAP:-}" != sud ]; then
    # shellcheck source=sud.sh
    . "$here/sud.sh"
fi
# x32-run --tree (tree.sh): with the full suite, or alone as `run.sh tree`.
if [ "$tree" = 1 ] && [ "$mode" = x32 ]; then
    # shellcheck source=tree.sh
    . "$here/tree.sh"
    # shellcheck source=binfmt-register.sh
    . "$here/binfmt-register.sh"
fi
# The same programs built against musl (musl.sh, issue 34): as `run.sh musl [NAME...]`
# with the full suite, when the optional musl toolchain is in the SDK.
if [ "$musl" = 1 ] && [ "$mode" = x32 ]; then
    # shellcheck source=musl.sh
    . "$here/musl.sh"
fi
# The trap plan (trap-plan.sh): with the full suite, or alone as `run.sh trap-plan`.
if [ "$trap_plan" = 1 ] && [ "$mode" = x32 ]; then
    # shellcheck source=trap-plan.sh
    . "$here/trap-plan.sh"
fi
# The trap-path rule on runner/'s objects (trap-path.sh): with the full suite, or alone
# as `run.sh trap-path`; it reads the source, so the mode does not matter.
if [ "$trap_path" = 1 ]; then
    # shellcheck source=trap-path.sh
    . "$here/trap-path.sh"
fi
