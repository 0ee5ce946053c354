# shellcheck shell=sh
# Sourced by run.sh (its x32check, rc_of, have_* and $T), after corpus.sh: autotools
# projects with DejaGnu suites, native failures of their own and a real x32 bug class
# each (issue 50), and their fixed twins (NAME.fixed/: files laid over a copy of NAME):
#   dejagnu-ffi-trampoline  libffi's #887: an FFI trampoline's pointer registers keep a
#                           dirty upper half, which GCC's callees at -O2 test for NULL;
#                           laid out as libffi is, its suite runs in a per-host
#                           subdirectory that no command-line variable reaches;
#   dejagnu-asm-by-macro    an x86-64 assembly kernel chosen by __x86_64__ alone.
# Each must report exactly its EXPECTED (corpus.py): the x32-only failures by name
# (exit 1), none on the twin (exit 0), the native failures as failing on both. Then what
# the runs must show besides: every suite ran once per side and never in the build step,
# UNSUPPORTED is counted, the x32-only failure carries its own part of the .log, the
# report gives each side's times, and -j is the number of CPUs.
dejagnu_why=""
have_autotools || dejagnu_why="autoconf and automake are not installed (apt-get install autoconf automake)"
command -v runtest >/dev/null 2>&1 || dejagnu_why="DejaGnu is not installed (apt-get install dejagnu)"

# lines_in FILE: how many lines FILE has (0 when it does not exist).
lines_in() { if [ -f "$1" ]; then wc -l < "$1" | tr -d ' '; else echo 0; fi; }
json_true() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(not ($2))" "$1" 2>/dev/null; }

for project in dejagnu-ffi-trampoline dejagnu-asm-by-macro; do
    if [ -n "$dejagnu_why" ]; then skip "corpus-$project" "$dejagnu_why"; continue; fi
    rm -rf "$T/$project-fixed" && cp -r "$CORPUS/$project" "$T/$project-fixed" \
        && cp -r "$CORPUS/$project.fixed/." "$T/$project-fixed/"
    (PROJECTS=$CORPUS; x32check "corpus-$project" "$project")
    (PROJECTS=$T; x32check "corpus-$project-fixed" "$project-fixed")
    if ! json_true "$T/corpus-$project.json" 'r["tests"]["x32_ran"]'; then
        skip "corpus-$project" "x32 tests did not run: $(sed -n 's/^x32 tests: NOT RUN: //p' "$T/corpus-$project.out")$(tail -n 1 "$T/corpus-$project.err")"
        continue
    fi
    corpus_expect "corpus-$project" "$CORPUS/$project/EXPECTED" "$T/corpus-$project.json"
    corpus_expect "corpus-$project-fixed" "$T/$project-fixed/EXPECTED" "$T/corpus-$project-fixed.json"

    # Once per side: the suites count their runs (suite-runs, and smoke-runs for the
    # automake harness's test); a suite run in the build step would make it two.
    for run in "corpus-$project" "corpus-$project-fixed"; do
        counts=""
        for side in lp64 x32; do
            for counter in suite-runs smoke-runs; do
                found=$(find "$T/$run.work/$side/build" -name "$counter" | head -n 1)
                [ -n "$found" ] || [ "$counter" = smoke-runs ] || counts="$counts $side/$counter:missing"
                [ -z "$found" ] || counts="$counts $side/$counter:$(lines_in "$found")"
            done
        done
        case $counts in
            *:0*|*:[2-9]*|*missing*) fail "$run-each-suite-runs-once" "runs per side:$counts" ;;
            *) pass "$run-each-suite-runs-once" ;;
        esac
    done
done

if [ -z "$dejagnu_why" ] && json_true "$T/corpus-dejagnu-ffi-trampoline.json" 'r["tests"]["x32_ran"]'; then
    ffi=corpus-dejagnu-ffi-trampoline
    # The terminal and Markdown reports list the native baseline apart from the findings.
    if grep -q "^tests failing on both (the native baseline, not x32 findings): 2" "$T/$ffi.out" \
        && grep -q "^    dejagnu:tinyffi: doubles.c -O2 execution test" "$T/$ffi.out" \
        && grep -q "^### Failing on both sides" "$T/$ffi.md"; then
        pass native-failures-listed-as-failing-on-both
    else fail native-failures-listed-as-failing-on-both "$(grep -A2 'failing' "$T/$ffi.out" | tr '\n' ' ')"; fi
    # UNSUPPORTED is counted and shown on both sides.
    if grep -q "^tests: LP64 .*(1 unsupported); x32 .*(1 unsupported)" "$T/$ffi.out" \
        && json_true "$T/$ffi.json" 'r["tests"]["x32"]["unsupported"] == 1 == r["tests"]["lp64"]["unsupported"]'; then
        pass dejagnu-unsupported-counted
    else fail dejagnu-unsupported-counted "$(grep '^tests:' "$T/$ffi.out")"; fi
    # The finding carries its own part of the DejaGnu log, not the whole log.
    if json_true "$T/$ffi.json" '(lambda o: "FAIL: null_pointer.c -O2 execution test" in o and "null_pointer.c -O2:" in o and "doubles.c" not in o)(r["tests"]["x32_only_failures"][0]["output"])'; then
        pass x32-only-failure-has-its-log-excerpt
    else fail x32-only-failure-has-its-log-excerpt "its output is not null_pointer.c -O2's part of tinyffi.log"; fi
    # The report gives each side's build and test times, and -j is the number of CPUs.
    if grep -q "^  time: LP64 build [0-9.]* s, tests [0-9.]* s; x32 build [0-9.]* s, tests [0-9.]* s" "$T/$ffi.out" \
        && grep -q "^Time: LP64 build" "$T/$ffi.md" \
        && json_true "$T/$ffi.json" 'all(r["seconds"][s][k] > 0 for s in ("lp64", "x32") for k in ("build", "tests"))'; then
        pass report-gives-each-sides-times
    else fail report-gives-each-sides-times "$(grep 'time:' "$T/$ffi.out")"; fi
    cpus=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
    if json_true "$T/$ffi.json" "r['jobs'] == $cpus" \
        && grep -q "^\$ make -k -j $cpus all" "$T/$ffi.work/lp64/build.log"; then
        pass jobs-default-to-the-cpus
    else fail jobs-default-to-the-cpus "nproc $cpus; $(head -n 1 "$T/$ffi.work/lp64/build.log")"; fi
fi

# A compile error is "does not build", and the one-line message names it.
if have_autotools; then
    x32check broken-autotools broken --build-system autotools
    if [ "$(rc_of broken-autotools)" = 2 ] \
        && grep -q "the LP64 build failed; the project does not build natively: broken.c:2:[0-9]*: error: " "$T/broken-autotools.err"; then
        pass build-failure-names-the-first-error
    else fail build-failure-names-the-first-error "exit $(rc_of broken-autotools): $(tail -n 1 "$T/broken-autotools.err")"; fi
else
    skip build-failure-names-the-first-error "autoconf and automake are not installed (apt-get install autoconf automake)"
fi
