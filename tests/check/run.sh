#!/bin/sh
# x32-check: its parsers on canned input (units.py), then whole runs over small projects
# (projects/, each with CMake, Meson and autotools build files):
#   planted   bugs of several classes, each marked on its line; expect.py checks that
#             every one is reported with its class at its file:line, and nothing else;
#   clean     the same code fixed: exit 0 and nothing reported;
#   asm64, lp64only, broken, werror: builds that fail on one side (exit 2 naming the
#             side and its log) or that a project's -Werror must not stop;
#   starts    tests that start their x32 programs themselves (old add_test signature,
#             "./prog", a shell script, a Python driver): run inside x32-run --tree with
#             each mechanism, with none (NOT RUN with a reason, never x32 failures), and
#             with one real x32-only bug planted (-DSTARTS_PLANT_BUG=ON), which must show;
#             plus the documented `x32-run --tree -- ctest` line on it, with the SDK.
# Then the corpus of real-shaped projects (corpus/, run by corpus.sh): each has an
# EXPECTED file with exactly what the default gate must report; the gate's options
# (--require-tests, a baseline round trip) and the documented DejaGnu line run on them.
# corpus_dejagnu.sh adds autotools projects whose DejaGnu suites have native failures of
# their own and an x32 bug (an FFI trampoline, assembly chosen by __x86_64__), with
# their fixed twins: the build step runs no suite, native failures are the baseline.
# Unit cases: units.py (parsers), units_gate.py (the gate), units_hints.py (hints),
# units_outcomes.py (DejaGnu results, native baselines, build failures, stand-ins).
# Runtime checks (tests failing only on x32, UBSan) need x32-run to run programs; they
# SKIP, with the runner's answer, when it cannot. Two stand-ins (standin/) reach the
# paths that need things this machine may lack: an i386 "x32" side that runs natively,
# and a fake SDK prefix carrying the project's real CMake toolchain file.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh disable=SC1091
. "$HERE/../lib.sh"
suite_setup check
CHECK=$TOP/check/x32-check
PROJECTS=$HERE/projects
T=$TEST_TMP
PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE

if ! command -v python3 >/dev/null 2>&1 || ! command -v cmake >/dev/null 2>&1; then
    skip x32-check "needs python3 and cmake (apt-get install python3 cmake)"
    exit 0
fi

# The SDK under test, when tests/run.sh names one; x32-check falls back to gcc -mx32
# (and says so in its notes) while the SDK has no compiler yet.
SDK_ARGS=""
[ -n "${X32_SDK_PREFIX:-}" ] && SDK_ARGS="--sdk $X32_SDK_PREFIX"
# The runner: $X32_RUN, the SDK's, or the one in the runner's build tree (as
# examples/run.sh does). Whether it can run programs is x32-check's to find out.
for _r in "${X32_RUN:-}" "${X32_SDK_PREFIX:-$TOP/out}/bin/x32-run" "$TOP/runner/build/x32-run"; do
    if [ -n "$_r" ] && [ -x "$_r" ]; then SDK_ARGS="$SDK_ARGS --runner $_r"; break; fi
done
echo "x32-check options for this suite:$SDK_ARGS"

# x32check RUN_NAME PROJECT [ARGS...]: one run into $T/RUN_NAME.{json,md,out,err,rc}
x32check() {
    _run=$1 _proj=$2; shift 2
    # shellcheck disable=SC2086 # SDK_ARGS is empty or two words
    "$CHECK" -q $SDK_ARGS --workdir "$T/$_run.work" --json="$T/$_run.json" \
        --report "$T/$_run.md" "$@" "$PROJECTS/$_proj" > "$T/$_run.out" 2> "$T/$_run.err"
    echo $? > "$T/$_run.rc"
}
rc_of() { cat "$T/$1.rc"; }
expect() { python3 "$HERE/expect.py" "$@"; }

# --- parsers, the gate and the hints ---------------------------------------------------------
for units in units units_gate units_hints units_outcomes; do python3 "$HERE/$units.py" "$TOP/check"; done

# --- usage errors: exit 2 and a message ---------------------------------------------------
usage_case() { # NAME EXPECTED_TEXT ARGS...
    _n=$1 _text=$2; shift 2
    "$CHECK" "$@" > "$T/usage.out" 2> "$T/usage.err"
    _rc=$?
    if [ "$_rc" != 2 ]; then fail "$_n" "exit $_rc, expected 2"
    elif ! grep -q -- "$_text" "$T/usage.err"; then fail "$_n" "no '$_text' in: $(head -n 1 "$T/usage.err")"
    else pass "$_n"; fi
}
mkdir -p "$T/empty" "$T/autotools"
echo "AC_INIT([a], [1])" > "$T/autotools/configure.ac"
usage_case usage-no-arguments "SOURCE_DIR"
usage_case usage-missing-directory "no such directory" "$T/does-not-exist"
usage_case usage-no-build-files "has no CMakeLists.txt, meson.build or configure" "$T/empty"
usage_case usage-asked-for-meson "no meson.build" --build-system meson "$T/autotools"
usage_case usage-missing-x32-cc "cannot build a program" --x32-cc "$T/no-such-cc" "$PROJECTS/clean"
usage_case usage-unknown-option "unrecognized arguments" --frobnicate "$T/empty"

# --- the planted bugs ---------------------------------------------------------------------
x32check planted planted
expect static planted "$PROJECTS/planted" "$T/planted.json" 1 "$T/planted.md"
expect runtime planted "$PROJECTS/planted" "$T/planted.json" handles sum
if grep -q "^result: x32-only problems (exit 1)" "$T/planted.out"; then pass planted-terminal-summary
else fail planted-terminal-summary "no result line in: $(tail -n 1 "$T/planted.out")"; fi

# Without pahole the layouts cannot be compared: the summary, stderr and the JSON must say
# so and how to get it, rather than read like a project with nothing to compare.
(PAHOLE=/nonexistent/pahole; export PAHOLE; x32check no-pahole planted --no-tests)
if grep -q '^layouts: NOT CHECKED: .*pahole.*apt-get install dwarves' "$T/no-pahole.out" \
    && grep -q '^x32-check: warning: struct layouts NOT CHECKED' "$T/no-pahole.err" \
    && python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["layout"]; sys.exit(1 if not l["why_not"] or l["checked"] else 0)' "$T/no-pahole.json"; then
    pass pahole-missing-said-clearly
else fail pahole-missing-said-clearly "exit $(rc_of no-pahole): $(grep -i layout "$T/no-pahole.out" "$T/no-pahole.err" | head -n 2 | tr '\n' ' ')"; fi

x32check planted-sanitize planted --sanitize
# An 8-byte copy into a 4-byte heap block passes unnoticed without ASan.
expect runtime planted-sanitize "$PROJECTS/planted" "$T/planted-sanitize.json" handles sum buffer

# --- the clean twin -----------------------------------------------------------------------
x32check clean clean
expect clean clean "$PROJECTS/clean" "$T/clean.json"
x32check clean-sanitize clean --sanitize
expect clean clean-sanitize "$PROJECTS/clean" "$T/clean-sanitize.json"

# --- the same two with the optional musl toolchain (./build.sh musl) as the x32 compiler --
# (issue 34): musl's own x32 type choices must surface the same planted bugs.
MUSL_CC="${X32_SDK_PREFIX:-$TOP/out}/bin/x86_64-linux-muslx32-gcc"
if [ -x "$MUSL_CC" ]; then
    x32check musl-planted planted --x32-cc "$MUSL_CC"
    expect static musl-planted "$PROJECTS/planted" "$T/musl-planted.json" 1 "$T/musl-planted.md"
    # buffer too, unlike glibc without --sanitize: musl's allocator (mallocng) checks the
    # bytes past a block when it is freed and crashes on the 8-byte copy into 4 bytes.
    expect runtime musl-planted "$PROJECTS/planted" "$T/musl-planted.json" handles sum buffer
    x32check musl-clean clean --x32-cc "$MUSL_CC"
    expect clean musl-clean "$PROJECTS/clean" "$T/musl-clean.json"
else
    skip musl-planted "the optional musl toolchain is not built (./build.sh musl)"
    skip musl-clean "the optional musl toolchain is not built (./build.sh musl)"
fi

# --- the same two projects built with Meson, and with autotools --------------------------
# (configure.ac, Makefile.am; autoreconf runs in x32-check's copy)
have_meson() { command -v meson >/dev/null 2>&1 && command -v ninja >/dev/null 2>&1; }
have_autotools() { command -v autoreconf >/dev/null 2>&1 && command -v automake >/dev/null 2>&1; }
for system in meson autotools; do
    if "have_$system"; then
        x32check "$system-planted" planted --build-system "$system"
        expect static "$system-planted" "$PROJECTS/planted" "$T/$system-planted.json" 1 "$T/$system-planted.md"
        x32check "$system-clean" clean --build-system "$system"
        expect clean "$system-clean" "$PROJECTS/clean" "$T/$system-clean.json"
    elif [ "$system" = meson ]; then
        skip meson "meson and ninja are not installed (apt-get install meson ninja-build)"
    else
        skip autotools "autoconf and automake are not installed (apt-get install autoconf automake)"
    fi
done

# A work directory inside the project: nothing in it may count as the project's (the
# autotools side copies the tree, which must not copy itself).
cp -r "$PROJECTS/planted" "$T/inside"
"$CHECK" -q --build-system autotools --workdir "$T/inside/x32-check.out" \
    --json="$T/inside.json" "$T/inside" > "$T/inside.out" 2>&1
expect static workdir-inside-project "$T/inside" "$T/inside.json" 1 | grep -E 'nothing-unplanted|hints|exit'

# --json alone: JSON on stdout, the summary on stderr.
# shellcheck disable=SC2086
"$CHECK" -q $SDK_ARGS --workdir "$T/stdout.work" --json "$PROJECTS/clean" > "$T/stdout.json" 2> "$T/stdout.err"
if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["exit_code"])' "$T/stdout.json" 2>/dev/null \
    && grep -q '^result: clean' "$T/stdout.err"; then pass json-to-stdout
else fail json-to-stdout "stdout is not the JSON result, or no summary on stderr"; fi

# --require-tests: a runner that cannot run programs is an error, not a quiet pass.
x32check require clean --no-tests --require-tests
x32check require-bad-runner clean --require-tests --runner /bin/false
if [ "$(rc_of require)" = 2 ] && [ "$(rc_of require-bad-runner)" = 2 ] \
    && grep -q "x32 tests could not run" "$T/require-bad-runner.err"; then pass require-tests-exit-2
else fail require-tests-exit-2 "exits $(rc_of require) and $(rc_of require-bad-runner): $(tail -n 1 "$T/require-bad-runner.err")"; fi

# A test named by $<TARGET_FILE:...>: ctest skips the emulator for it, x32-check must not.
x32check genexp genexp
if python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["tests"]; sys.exit(not t["x32_ran"])' "$T/genexp.json"; then
    # 1 passed without a tree (the shell's test cannot start it), 2 inside x32-run --tree.
    if python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(r["tests"]["x32"]["passed"] not in (1, 2) or r["tests"]["x32"]["failed"] > 1)' "$T/genexp.json"; then
        pass test-by-path-gets-the-runner
    else fail test-by-path-gets-the-runner "the x32 test did not pass: $(grep -A2 'failing only' "$T/genexp.out" | tail -n 1)"; fi
    # On a kernel that runs x32 itself (binfmt_misc) the shell's test passes instead.
    if python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); t=r["tests"]; sys.exit(r["exit_code"] != 0 or t["x32_only_failures"] or not (t["could_not_start_x32"] == ["hello_from_shell"] or t["x32"]["passed"] == 2))' "$T/genexp.json"; then
        pass test-starting-x32-itself-not-counted
    else fail test-starting-x32-itself-not-counted "$(grep -E '^result|NOT RUN|failing only' "$T/genexp.out" | tr '\n' ' ')"; fi
else
    skip test-by-path-gets-the-runner "x32 tests did not run: $(sed -n 's/^x32 tests: NOT RUN: //p' "$T/genexp.out")"
fi

# --- tests that start x32 programs themselves (issue 14) -------------------------------------
# projects/starts: the old add_test signature, "./prog", a shell script and a Python driver,
# none of which ctest runs through the emulator. x32-check runs the x32 tests inside
# x32-run --tree: every test must have started x32 code (X32_RUN_EVIDENCE), nothing may be
# reported, and the real bug planted with -DSTARTS_PLANT_BUG=ON must be. Once per tree
# mechanism; and with no mechanism at all, the tests are NOT RUN with a reason, never
# "failing only on x32".
STARTS="example parse_number from_script from_python sizes_from_python"
# starts_expect RUN MECHANISM EXIT FAILING NOT_RUN PROVEN: the JSON of run RUN says it
# ran under MECHANISM ("" for none), exited EXIT, with exactly the tests FAILING failing
# only on x32, NOT_RUN not run properly (each with a reason, in all three outputs), and
# PROVEN having started x32 code. Lists are space-separated, sorted.
starts_expect() {
    _bad=0
    python3 - "$T/$1.json" "$T/$1.md" "$T/$1.out" "$2" "$3" "$4" "$5" "$6" <<'PY' > "$T/$1.check" 2>&1 || _bad=1
import json, sys
js, md, out, mech, code, failing, not_run, proven = sys.argv[1:]
r = json.load(open(js)); t = r["tests"]; s = t["x32_starts"]
problems = []
def same(what, got, want):
    if sorted(got) != sorted(want.split()):
        problems.append("%s: %s, want %s" % (what, " ".join(sorted(got)) or "none", want or "none"))
if (s["tree"] or "") != mech: problems.append("tree %s, want %s" % (s["tree"], mech or "none"))
if r["exit_code"] != int(code): problems.append("exit %d, want %s" % (r["exit_code"], code))
if not t["x32_ran"]: problems.append("x32 tests did not run: " + t["why_not"])
same("failing only on x32", [f["name"] for f in t["x32_only_failures"]], failing)
same("not run properly", [n["name"] for n in t["not_run_properly"]], not_run)
same("started x32 code", s["tests_that_started_x32"], proven)
if r["diagnostics"]["x32_only"]: problems.append("x32-only diagnostics: %d" % len(r["diagnostics"]["x32_only"]))
text_md, text_out = open(md).read(), open(out).read()
for n in t["not_run_properly"]:
    if not n["reason"] or n["reason"] not in text_out or n["name"] not in text_md:
        problems.append("%s: its reason is not in the terminal and Markdown output" % n["name"])
print("; ".join(problems))
sys.exit(bool(problems))
PY
    if [ "$_bad" = 0 ]; then pass "$1"; else fail "$1" "$(cat "$T/$1.check")"; fi
}
if python3 -c 'import json,sys; sys.exit(not json.load(open(sys.argv[1]))["tests"]["x32_ran"])' "$T/genexp.json" 2>/dev/null; then
    tree_runner=$(printf '%s\n' "$SDK_ARGS" | sed -n 's/.*--runner \([^ ]*\).*/\1/p')
    for mech in binfmt preload; do
        if ! X32_RUN_TREE_WITH=$mech "$tree_runner" --probe | grep -q "^tree mechanism: $mech"; then
            skip "starts-$mech" "$(X32_RUN_TREE_WITH=$mech "$tree_runner" --probe | sed -n 's/^tree mechanism: //p')"
            continue
        fi
        X32_RUN_TREE_WITH=$mech x32check "starts-$mech" starts
        starts_expect "starts-$mech" "$mech" 0 "" "" "$STARTS"
        X32_RUN_TREE_WITH=$mech x32check "starts-bug-$mech" starts -DSTARTS_PLANT_BUG=ON
        starts_expect "starts-bug-$mech" "$mech" 1 sizes_from_python "" "$STARTS"
    done
    # No mechanism (as on a kernel without user namespaces and without the library).
    X32_RUN_TREE_WITH=preload X32_RUN_PRELOAD=$T/no-such-library.so \
        x32check starts-no-tree starts -DSTARTS_PLANT_BUG=ON
    starts_expect starts-no-tree "" 0 "" "$STARTS" ""
    # A CI gate that must not pass without running them: --require-tests makes that exit 2.
    X32_RUN_TREE_WITH=preload X32_RUN_PRELOAD=$T/no-such-library.so \
        x32check starts-no-tree-required starts --require-tests
    if [ "$(rc_of starts-no-tree-required)" = 2 ] \
        && grep -q "5 x32 test(s) did not run properly (--require-tests)" "$T/starts-no-tree-required.err"; then
        pass require-tests-counts-tests-not-run
    else fail require-tests-counts-tests-not-run "exit $(rc_of starts-no-tree-required): $(tail -n 1 "$T/starts-no-tree-required.err")"; fi
    if have_autotools; then
        x32check starts-autotools starts --build-system autotools
        starts_expect starts-autotools "$("$tree_runner" --probe | sed -n 's/^tree mechanism: \([a-z]*\).*/\1/p')" \
            0 "" "" "example parse_number tests/from_script.sh"
    fi
else
    skip starts "x32 tests did not run: $(sed -n 's/^x32 tests: NOT RUN: //p' "$T/genexp.out")"
fi

# The one line cmake/README.md gives for ctest: the same project, configured with the SDK's
# toolchain file, passes under `x32-run --tree -- ctest`; plain ctest cannot start them.
if [ -n "${X32_SDK_PREFIX:-}" ] && [ -f "$X32_SDK_PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" ] \
    && [ -f "$X32_SDK_PREFIX/share/x32-sdk/build-info.json" ]; then
    if cmake -S "$PROJECTS/starts" -B "$T/starts-ctest" \
            -DCMAKE_TOOLCHAIN_FILE="$X32_SDK_PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" \
            > "$T/starts-ctest.log" 2>&1 && cmake --build "$T/starts-ctest" >> "$T/starts-ctest.log" 2>&1; then
        if (cd "$T/starts-ctest" && "$X32_SDK_PREFIX/bin/x32-run" --tree -- ctest) > "$T/starts-ctest.out" 2>&1; then
            pass documented-ctest-line-passes
        else fail documented-ctest-line-passes "$(grep -E 'tests passed|Failed' "$T/starts-ctest.out" | tr '\n' ' ')"; fi
        if (cd "$T/starts-ctest" && ctest) > "$T/starts-ctest-plain.out" 2>&1; then
            skip plain-ctest-needs-the-tree "plain ctest passes too: this kernel runs x32 programs itself"
        else pass plain-ctest-needs-the-tree; fi
    else
        fail documented-ctest-line-passes "the starts project does not build with the SDK: $(tail -n 1 "$T/starts-ctest.log")"
    fi
else
    skip documented-ctest-line-passes "no completely built SDK with its toolchain file under '${X32_SDK_PREFIX:-}'"
fi

# --- the corpus of real-shaped projects, and the CI gate's options (corpus.sh) -------------
# shellcheck source=corpus.sh disable=SC1091
. "$HERE/corpus.sh"
# shellcheck source=corpus_dejagnu.sh disable=SC1091
. "$HERE/corpus_dejagnu.sh"

# --- builds that fail ---------------------------------------------------------------------
x32check broken broken
log=$(sed -n 's/.*the LP64 build failed.*(log: \(.*\))$/\1/p' "$T/broken.err")
if [ "$(rc_of broken)" = 2 ] && [ -n "$log" ] && [ -f "$log" ]; then pass lp64-build-failure-exit-2
else fail lp64-build-failure-exit-2 "exit $(rc_of broken): $(tail -n 1 "$T/broken.err")"; fi

x32check asm64 asm64
expect static asm64 "$PROJECTS/asm64" "$T/asm64.json" 2
log=$(sed -n 's/.*the x32 build failed.* (log: \([^)]*\)).*/\1/p' "$T/asm64.err")
if [ -n "$log" ] && [ -f "$log" ]; then pass x32-build-failure-names-side-and-log
else fail x32-build-failure-names-side-and-log "$(tail -n 1 "$T/asm64.err")"; fi

x32check werror werror
expect static werror "$PROJECTS/werror" "$T/werror.json" 1

x32check lp64only lp64only
if [ "$(rc_of lp64only)" = 2 ] && grep -q "the x32 configure failed.* (log: " "$T/lp64only.err" \
    && grep -q "only 64-bit targets are supported" "$T/lp64only.out"; then pass x32-configure-failure-exit-2
else fail x32-configure-failure-exit-2 "exit $(rc_of lp64only): $(tail -n 1 "$T/lp64only.err")"; fi

# --- the SDK's toolchain file is used when the SDK has one --------------------------------
if [ -n "${X32_SDK_PREFIX:-}" ] && [ -x "$X32_SDK_PREFIX/bin/x86_64-linux-gnux32-gcc" ] \
    && [ -f "$X32_SDK_PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" ]; then
    got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["x32_toolchain"]["toolchain_file"])' "$T/planted.json")
    if [ "$got" = "$X32_SDK_PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" ]; then
        pass uses-sdk-toolchain-file
    else fail uses-sdk-toolchain-file "x32 side used: $got"; fi
else
    skip uses-sdk-toolchain-file "no SDK compiler and toolchain file under '${X32_SDK_PREFIX:-}'"
fi

# The fake SDK and the installed copy without an SDK use Debian's multilib x32 compilers;
# the projects are C and C++, so both must link (gcc-multilib, g++-multilib).
mx32_why=""
printf 'int main(void){return 0;}\n' > "$T/mx32.c"
if ! gcc -mx32 "$T/mx32.c" -o "$T/mx32" > "$T/mx32.log" 2>&1; then
    mx32_why="Debian's gcc -mx32 cannot link a program (gcc-multilib): $(tail -n 1 "$T/mx32.log")"
elif ! g++ -mx32 -x c++ "$T/mx32.c" -o "$T/mx32" > "$T/mx32.log" 2>&1; then
    mx32_why="Debian's g++ -mx32 cannot link a program (g++-multilib): $(tail -n 1 "$T/mx32.log")"
fi

# The same through a fake SDK prefix that carries the project's real toolchain file
# (cmake/x86_64-linux-gnux32.cmake) around Debian's gcc -mx32: x32-check must pick the
# file up from the prefix, and ctest must run the tests through the prefix's x32-run.
if [ -n "$mx32_why" ]; then
    skip fake-sdk "$mx32_why"
elif [ -f "$TOP/cmake/x86_64-linux-gnux32.cmake" ]; then
    RUNNER=$(printf '%s\n' "$SDK_ARGS" | sed -n 's/.*--runner \([^ ]*\).*/\1/p')
    sh "$HERE/standin/make-fake-sdk" "$T/fakesdk" "$RUNNER"
    (unset X32_RUN X32_SDK_PREFIX
     "$CHECK" -q --sdk "$T/fakesdk" --workdir "$T/fakesdk.work" --json="$T/fakesdk.json" \
        "$PROJECTS/planted" > "$T/fakesdk.out" 2>&1)
    got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["x32_toolchain"]["toolchain_file"])' "$T/fakesdk.json" 2>/dev/null)
    if [ "$got" = "$T/fakesdk/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" ]; then
        pass fake-sdk-toolchain-file-used
    else fail fake-sdk-toolchain-file-used "x32 side used '$got': $(tail -n 1 "$T/fakesdk.out")"; fi
    expect static fake-sdk "$PROJECTS/planted" "$T/fakesdk.json" 1
    if grep -q "$T/fakesdk/bin/x32-run" "$T/fakesdk.work/x32/build/CTestTestfile.cmake" 2>/dev/null; then
        pass fake-sdk-ctest-uses-sdk-runner
    else fail fake-sdk-ctest-uses-sdk-runner "CTestTestfile.cmake does not run the tests through $T/fakesdk/bin/x32-run"; fi
    expect runtime fake-sdk "$PROJECTS/planted" "$T/fakesdk.json" handles sum
else
    skip fake-sdk "no cmake/x86_64-linux-gnux32.cmake in this checkout"
fi

# The README's fast path to x32-check with no SDK built: the runner from `make -C runner`
# (host compiler only) and Debian's gcc -mx32, x32-check run from the checkout. --sdk names
# an empty prefix, as in a checkout where ./build.sh never ran.
if [ -n "$mx32_why" ]; then
    skip no-sdk-fast-path "$mx32_why"
elif ! make -C "$TOP/runner" BUILD="$T/no-sdk-runner" MAKEFLAGS= -j2 "$T/no-sdk-runner/x32-run" \
        > "$T/no-sdk-runner.log" 2>&1; then
    fail no-sdk-fast-path "make -C runner failed: $(tail -n 1 "$T/no-sdk-runner.log")"
else
    mkdir -p "$T/no-sdk"
    (unset X32_RUN X32_SDK_PREFIX
     "$CHECK" --sdk "$T/no-sdk" --runner "$T/no-sdk-runner/x32-run" --workdir "$T/no-sdk.work" \
        --json="$T/no-sdk.json" "$PROJECTS/planted" > "$T/no-sdk.out" 2>&1; echo $? > "$T/no-sdk.rc")
    if grep -q "using Debian's gcc -mx32" "$T/no-sdk.out" && [ "$(rc_of no-sdk)" = 1 ]; then
        pass no-sdk-fast-path-uses-debian-mx32
    else fail no-sdk-fast-path-uses-debian-mx32 "exit $(rc_of no-sdk), notes: $(grep 'note:' "$T/no-sdk.out" | tr '\n' ' ')"; fi
    expect static no-sdk "$PROJECTS/planted" "$T/no-sdk.json" 1
    expect runtime no-sdk "$PROJECTS/planted" "$T/no-sdk.json" handles sum
fi

# --- runtime plumbing with an i386 stand-in -------------------------------------------------
# It needs i386 programs to build (gcc-multilib) and to run: gcc -m32 builds on kernels
# without IA32 emulation too, whose exec then fails ("Exec format error").
m32_why=""
if ! printf 'int main(void){return 0;}\n' | gcc -m32 -fsanitize=address,undefined -x c - -o "$T/m32" > "$T/m32.log" 2>&1; then
    m32_why="gcc -m32 with sanitizers cannot build a program here (gcc-multilib): $(tail -n 1 "$T/m32.log")"
elif ! "$T/m32" > "$T/m32.log" 2>&1; then
    m32_why="this kernel does not run i386 programs (no IA32 emulation?): $(tail -n 1 "$T/m32.log" | sed "s|$T/||")"
fi
if [ -z "$m32_why" ]; then
    STANDIN="--toolchain $HERE/standin/i386.cmake --runner $HERE/standin/run-direct"
    # shellcheck disable=SC2086
    x32check standin-planted planted --sanitize $STANDIN
    expect runtime standin-planted "$PROJECTS/planted" "$T/standin-planted.json" handles sum buffer
    # shellcheck disable=SC2086
    x32check standin-clean clean --sanitize $STANDIN
    expect clean standin-clean "$PROJECTS/clean" "$T/standin-clean.json"
    if have_meson; then
        # Meson takes compilers, not a toolchain file: the same stand-in through --x32-cc.
        MESON_STANDIN="--build-system meson --x32-cc $HERE/standin/gcc-m32 --runner $HERE/standin/run-direct"
        # shellcheck disable=SC2086
        x32check standin-meson-planted planted --sanitize $MESON_STANDIN
        expect runtime standin-meson-planted "$PROJECTS/planted" "$T/standin-meson-planted.json" handles sum buffer
    fi
    if have_autotools; then
        # automake names a test by its path; LOG_COMPILER puts the runner in front.
        AUTOTOOLS_STANDIN="--build-system autotools --x32-cc $HERE/standin/gcc-m32 --runner $HERE/standin/run-direct"
        # shellcheck disable=SC2086
        x32check standin-autotools-planted planted --sanitize $AUTOTOOLS_STANDIN
        expect runtime standin-autotools-planted "$PROJECTS/planted" \
            "$T/standin-autotools-planted.json" tests/test_handles tests/test_sum tests/test_buffer
    fi
else
    skip standin-runtime "$m32_why"
fi

# --- install.sh: a self-locating copy --------------------------------------------------------
if sh "$TOP/check/install.sh" "$T/prefix" > "$T/install.log" 2>&1 \
    && [ -x "$T/prefix/bin/x32-check" ] && "$T/prefix/bin/x32-check" --help > /dev/null; then
    pass install-runs
else
    fail install-runs "$(tail -n 1 "$T/install.log")"
fi
if [ ! -x "$T/prefix/bin/x32-check" ]; then
    skip installed-finds-its-prefix "the install failed (see install-runs)"
elif [ -n "$mx32_why" ]; then
    skip installed-finds-its-prefix "$mx32_why"
else
    # With no --sdk and no environment, the installed copy must take its own prefix.
    (unset X32_SDK_PREFIX X32_RUN; "$T/prefix/bin/x32-check" -q --workdir "$T/inst.work" \
        --json="$T/inst.json" "$PROJECTS/clean" > /dev/null 2>&1)
    if grep -q "$T/prefix/bin/x86_64-linux-gnux32-gcc" "$T/inst.json" 2>/dev/null \
        && python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))["exit_code"])' "$T/inst.json"; then
        pass installed-finds-its-prefix
    else
        fail installed-finds-its-prefix "the installed copy did not look for the SDK in $T/prefix or did not exit 0"
    fi
fi
exit 0
