# shellcheck shell=sh
# Sourced by run.sh (its x32check, rc_of, have_* and $T): the corpus of real-shaped
# projects (corpus/, issue 23), each with an EXPECTED file that lists exactly what
# x32-check must report under the default gate (corpus.py compares): clean projects
# exit 0, planted ones exit 1 naming exactly their findings. Then the gate's options on
# them: --require-tests against a test that ran no x32 code, --fail-on and a baseline.
CORPUS=$HERE/corpus
corpus_expect() { python3 "$HERE/corpus.py" "$@"; }

# Configured in place first (build-native/, as developers leave them): its generated
# CMakeSystem.cmake and CMakeCCompilerId.c must give no hints.
rm -rf "$T/forms" && cp -r "$CORPUS/cmake-forms-clean" "$T/forms"
if cmake -S "$T/forms" -B "$T/forms/build-native" > "$T/forms-native.log" 2>&1; then
    (PROJECTS=$T; x32check corpus-forms forms)
    corpus_expect corpus-cmake-forms-clean "$CORPUS/cmake-forms-clean/EXPECTED" "$T/corpus-forms.json"
else
    fail corpus-cmake-forms-clean "cmake cannot configure it natively: $(tail -n 1 "$T/forms-native.log")"
fi

# An EXPECTED file's "args" line gives the options of its run.
for project in cmake-nested-build cmake-asm-by-arch; do
    args=$(sed -n 's/^args //p' "$CORPUS/$project/EXPECTED")
    # shellcheck disable=SC2086 # args: options, one word each
    (PROJECTS=$CORPUS; x32check "corpus-$project" "$project" $args)
    corpus_expect "corpus-$project" "$CORPUS/$project/EXPECTED" "$T/corpus-$project.json"
done

# The twin: one program, one planted bug, built by Meson and by autotools, whose make
# check is DejaGnu and runs on the SDK's x32-run board.
for system in meson autotools; do
    if ! "have_$system"; then skip "corpus-twin-$system" "$system is not installed"; continue; fi
    if [ "$system" = autotools ] && ! command -v runtest >/dev/null 2>&1; then
        skip corpus-twin-autotools "DejaGnu is not installed (apt-get install dejagnu)"; continue
    fi
    (PROJECTS=$CORPUS; x32check "corpus-twin-$system" twin-meson-autotools --build-system "$system")
    corpus_expect "corpus-twin-$system" "$CORPUS/twin-meson-autotools/EXPECTED" "$T/corpus-twin-$system.json"
done

# No x32 pass without x32 code: the nested build's pass fails --require-tests (its
# EXPECTED runs it so), naming the test.
ran_x32() { python3 -c 'import json,sys; sys.exit(not json.load(open(sys.argv[1]))["tests"]["x32_ran"])' "$1" 2>/dev/null; }
if ran_x32 "$T/corpus-cmake-nested-build.json"; then
    if grep -q "1 x32 test(s) ran no x32 code (--require-tests): smoke_build" "$T/corpus-cmake-nested-build.err"; then
        pass require-tests-refuses-passes-without-x32-code
    else fail require-tests-refuses-passes-without-x32-code "exit $(rc_of corpus-cmake-nested-build): $(tail -n 1 "$T/corpus-cmake-nested-build.err")"; fi
else
    skip require-tests-refuses-passes-without-x32-code "the x32 tests did not run"
fi

# --fail-on and a baseline, on the clean project's informational -Wsign-conversion
# (static, so --no-tests): with --fail-on it fails the gate; written into a baseline
# (exit 0), it is known there and the same run passes.
(PROJECTS=$T; x32check baseline-write forms --no-tests --fail-on sign-conversion --write-baseline "$T/known.baseline")
(PROJECTS=$T; x32check baseline-use forms --no-tests --fail-on sign-conversion --baseline "$T/known.baseline")
if [ "$(rc_of baseline-write)" = 0 ] && [ "$(rc_of baseline-use)" = 0 ] \
    && grep -q "^diagnostic	src/ring.c	-Wsign-conversion	" "$T/known.baseline" \
    && grep -q "^gate: 0 finding(s) fail it; 1 known in the baseline" "$T/baseline-use.out"; then
    pass fail-on-and-baseline-round-trip
else fail fail-on-and-baseline-round-trip "exits $(rc_of baseline-write), $(rc_of baseline-use): $(grep '^gate' "$T/baseline-use.out")"; fi

# The documented DejaGnu line for users (cmake/README.md): with the environment script,
# `make check RUNTESTFLAGS=--target_board=x32-run` runs the twin's suite through x32-run
# (its %ld bug prints the right size for 12 bytes, so it passes on x32 too).
if [ -z "${X32_SDK_PREFIX:-}" ] || [ ! -f "$X32_SDK_PREFIX/share/x32-sdk/dejagnu/boards/x32-run.exp" ] \
    || [ ! -f "$X32_SDK_PREFIX/share/x32-sdk/build-info.json" ]; then
    skip documented-dejagnu-line "no built SDK with the DejaGnu board under '${X32_SDK_PREFIX:-}'"
elif ! have_autotools || ! command -v runtest >/dev/null 2>&1; then
    skip documented-dejagnu-line "needs autoconf, automake and DejaGnu"
else
    rm -rf "$T/dejagnu-line" && cp -r "$CORPUS/twin-meson-autotools" "$T/dejagnu-line"
    # shellcheck disable=SC2016 # expanded by the inner shell
    if env -u LD_LIBRARY_PATH sh -c 'cd "$1" && . ./environment-setup-x86_64-linux-gnux32 && cd "$2" \
            && autoreconf -fi && ./configure $CONFIGURE_FLAGS && make \
            && make check RUNTESTFLAGS=--target_board=x32-run' sh "$X32_SDK_PREFIX" "$T/dejagnu-line" \
            > "$T/dejagnu-line.log" 2>&1 \
        && grep -q "^PASS: filesize reports 12 bytes" "$T/dejagnu-line/filesize.sum" \
        && grep -q "x32-run board: not inside x32-run --tree" "$T/dejagnu-line/filesize.log"; then
        pass documented-dejagnu-line
    else fail documented-dejagnu-line "$(grep -E '^(FAIL|ERROR)|rror' "$T/dejagnu-line.log" | head -n 2 | tr '\n' ' ')"; fi
fi
