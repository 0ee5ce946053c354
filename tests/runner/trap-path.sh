# shellcheck shell=sh disable=SC2154 # root, TEST_TMP: set by run.sh
# tests/runner/trap-path.sh: the trap-path rule, sourced by run.sh (the whole suite, or
# `run.sh trap-path`).  Code in runner/src's trap-path folders runs while the guest owns
# %fs, so it may use no stdio, no errno and no libc function that is not
# async-signal-safe (runner/README.md, "The trap path").  Two cases:
#   trap_path_check_finds_printf  runner/trap-path-check.sh fails on an object that
#                                 calls printf, planted in a trap-path folder (so the
#                                 next case can fail)
#   trap_path_rule                the runner's own objects, built from this checkout with
#                                 the host compiler, keep the rule
# Both need the host's make, cc and nm (what building runner/ needs).

tp_build=$TEST_TMP/trap-path-build
tp_log=$TEST_TMP/log/trap-path-build.log
tp_check=$root/runner/trap-path-check.sh

if ! command -v make >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1 \
        || ! command -v nm >/dev/null 2>&1; then
    skip trap_path_check_finds_printf "make, cc or nm is missing (build-essential)"
    skip trap_path_rule "make, cc or nm is missing (build-essential)"
elif ! make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build" objects >"$tp_log" 2>&1; then
    fail trap_path_check_finds_printf "runner/'s objects do not build: $(reason "$tp_log")"
    fail trap_path_rule "runner/'s objects do not build: $(reason "$tp_log")"
    show_log "$tp_log"
else
    # The planted object goes into a copy, so the real check below reads only the runner.
    rm -rf "$tp_build.planted"
    cp -R "$tp_build" "$tp_build.planted"
    printf '#include <stdio.h>\nvoid planted(int x) { printf("%%d\\n", x); }\n' \
        > "$TEST_TMP/planted_printf.c"
    if ! cc -c -o "$tp_build.planted/signals/planted_printf.o" "$TEST_TMP/planted_printf.c" \
            >"$TEST_TMP/log/planted_printf.log" 2>&1; then
        fail trap_path_check_finds_printf "the planted object does not compile: $(reason "$TEST_TMP/log/planted_printf.log")"
    elif sh "$tp_check" "$tp_build.planted" signals >"$TEST_TMP/log/planted.log" 2>&1; then
        fail trap_path_check_finds_printf "trap-path-check.sh passed signals/ with a planted printf"
    elif grep -q '^trap-path-check: signals/planted_printf.o uses printf$' "$TEST_TMP/log/planted.log"; then
        pass trap_path_check_finds_printf
    else
        fail trap_path_check_finds_printf "want one line naming planted_printf.o and printf: $(reason "$TEST_TMP/log/planted.log")"
    fi
    rm -rf "$tp_build.planted"
    # The folders come from runner/Makefile, the one place that names them.
    if make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build" trap-path-check \
            >"$TEST_TMP/log/trap-path.log" 2>&1; then
        pass trap_path_rule
    else
        fail trap_path_rule "$(grep -m 1 '^trap-path-check:' "$TEST_TMP/log/trap-path.log" || reason "$TEST_TMP/log/trap-path.log")"
        grep '^trap-path-check:' "$TEST_TMP/log/trap-path.log" | sed 's/^/    | /'
    fi
fi
