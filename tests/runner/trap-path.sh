# shellcheck shell=sh disable=SC2154 # root, TEST_TMP: set by run.sh
# tests/runner/trap-path.sh: the trap-path rule, sourced by run.sh (the whole suite, or
# `run.sh trap-path`).  Code in runner/src's trap-path folders runs while the guest owns
# %fs and, in the rewrite fast path's hook, while the guest's vector registers are live
# and saved nowhere: it may call no libc and none of the runner's other code, and use
# no FP or vector register (runner/README.md, "The trap path").  Four cases:
#   trap_path_check_finds_printf  runner/trap-path-check.sh fails on an object that
#                                 calls printf, planted in a trap-path folder
#   trap_path_check_finds_vector  ... on one that does double arithmetic (%xmm)
#   trap_path_check_finds_call_out ... on one that calls the command line's code
#                                 (front/), which may use libc
#                                 (the three planted ones show that the last case can fail)
#   trap_path_rule                the runner's own objects, built from this checkout with
#                                 the host compiler, keep the rules
#   runner_built_here_runs        the same objects linked run an x32 program
#   floor_check_finds_upward_include, floor_check_finds_private_header,
#   floor_check_finds_upward_call runner/floor-check.sh fails on a copy of the sources
#                                 where core/trap.c includes front/'s header, where
#                                 syscalls/ includes one of fastpath/'s private headers,
#                                 and on an object in core/ that calls front/'s code
#   maps_reader_parses_the_file   base/maps.c, the one /proc/self/maps reader, parses
#                                 every line as awk does, and its stream reads what a
#                                 copy read at once holds (runner/src's trap path uses it
#                                 for the address space, the virtual size and, on
#                                 kernels before 6.11, the fast path's site queries)
#   floor_rule                    the runner's own sources and objects keep the floors
#                                 (runner/README.md, "Architecture")
# All need the host's make, cc, nm and objdump (what building runner/ needs).

tp_build=$TEST_TMP/trap-path-build
tp_log=$TEST_TMP/log/trap-path-build.log

tp_cases="maps_reader_parses_the_file trap_path_check_finds_printf trap_path_check_finds_vector trap_path_check_finds_call_out trap_path_rule runner_built_here_runs floor_check_finds_upward_include floor_check_finds_private_header floor_check_finds_upward_call floor_rule"
if ! command -v make >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1 \
        || ! command -v nm >/dev/null 2>&1 || ! command -v objdump >/dev/null 2>&1; then
    for _c in $tp_cases; do skip "$_c" "make, cc, nm or objdump is missing (build-essential)"; done
elif ! make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build" objects >"$tp_log" 2>&1; then
    for _c in $tp_cases; do fail "$_c" "runner/'s objects do not build: $(reason "$tp_log")"; done
    show_log "$tp_log"
else
    # The planted objects go into a copy, so the real check below reads only the runner;
    # the check runs on every trap-path folder, as the Makefile names them.
    rm -rf "$tp_build.planted"
    cp -R "$tp_build" "$tp_build.planted"
    printf '#include <stdio.h>\nvoid planted(int x) { printf("%%d\\n", x); }\n' > "$TEST_TMP/planted_printf.c"
    printf 'double planted_double(double x) { return x * 3; }\n' > "$TEST_TMP/planted_vector.c"
    printf 'char **qemu_guest_env(char **);\nchar **planted_call(char **e) { return qemu_guest_env(e); }\n' \
        > "$TEST_TMP/planted_call_out.c"
    planted_ok=1
    for _p in printf vector call_out; do
        cc -O2 -c -o "$tp_build.planted/signals/planted_$_p.o" "$TEST_TMP/planted_$_p.c" \
            >"$TEST_TMP/log/planted_$_p.log" 2>&1 || planted_ok=0
    done
    if [ "$planted_ok" = 0 ]; then
        for _p in printf vector call_out; do
            fail "trap_path_check_finds_$_p" "the planted objects do not compile: $(reason "$TEST_TMP/log/planted_$_p.log")"
        done
    elif make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build.planted" trap-path-check \
            >"$TEST_TMP/log/planted.log" 2>&1; then
        for _p in printf vector call_out; do
            fail "trap_path_check_finds_$_p" "trap-path-check.sh passed signals/ with three planted objects"
        done
    else
        check_planted() { # NAME ERE: the check's line for that planted object
            if grep -Eq "^trap-path-check: signals/planted_$1\.o $2\$" "$TEST_TMP/log/planted.log"; then
                pass "trap_path_check_finds_$1"
            else
                fail "trap_path_check_finds_$1" "want a line naming planted_$1.o: $(grep -m 1 "planted_$1" "$TEST_TMP/log/planted.log" || reason "$TEST_TMP/log/planted.log")"
            fi
        }
        check_planted printf 'uses printf'
        check_planted vector 'touches the FP or vector state: .*%xmm.*'
        check_planted call_out 'uses qemu_guest_env'
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
    # The maps reader against awk's reading of the same text.
    _mr=$TEST_TMP/maps-reader
    if ! cc -O2 -I"$root/runner/src" -o "$_mr" "$here/host/maps_reader.c" "$root/runner/src/base/maps.c" \
            "$root/runner/src/base/util.c" >"$TEST_TMP/log/maps-reader.log" 2>&1; then
        fail maps_reader_parses_the_file "it does not build: $(reason "$TEST_TMP/log/maps-reader.log")"
    elif ! "$_mr" > "$_mr.out" 2>>"$TEST_TMP/log/maps-reader.log"; then
        fail maps_reader_parses_the_file "it failed: $(reason "$TEST_TMP/log/maps-reader.log")"
    else
        awk 'function h(x) { sub(/^0+/, "", x); return x == "" ? "0" : x }
            /^--$/ { exit }
            { split($1, r, "-"); split($4, d, ":"); name = ""
              for (i = 6; i <= NF; i++) name = name (i > 6 ? " " : "") $i
              print h(r[1]), h(r[2]), $2, h($3), h(d[1]), h(d[2]), $5, name }' "$_mr.out" > "$_mr.awk"
        awk '/^--$/ { n++; next } n == 1' "$_mr.out" > "$_mr.text"
        # the stream: the same mappings as the copy, apart from what changed between reads
        awk '/^--$/ { n++; next } n == 2 { print $1 }' "$_mr.out" > "$_mr.stream"
        if [ ! -s "$_mr.text" ]; then
            fail maps_reader_parses_the_file "maps_each_text parsed no line of $(grep -c . "$_mr.out") read"
        elif ! cmp -s "$_mr.awk" "$_mr.text"; then
            fail maps_reader_parses_the_file "its parse differs from awk's: $(diff "$_mr.awk" "$_mr.text" | sed -n '2p;4p' | tr '\n' ' ')"
        elif [ "$(cut -d' ' -f1 "$_mr.text" | head -n 3)" != "$(head -n 3 "$_mr.stream")" ] \
                || [ "$(wc -l < "$_mr.stream")" -lt "$(( $(wc -l < "$_mr.text") - 2 ))" ]; then
            fail maps_reader_parses_the_file "the stream read $(wc -l < "$_mr.stream") mappings, the copy $(wc -l < "$_mr.text")"
        else
            pass maps_reader_parses_the_file
        fi
    fi
    # The floors: first a planted copy, so that the real check can be seen to fail.
    fl_src=$TEST_TMP/floor-src fl_build=$TEST_TMP/floor-build
    rm -rf "$fl_src" "$fl_build"
    cp -R "$root/runner/src" "$fl_src"
    cp -R "$tp_build" "$fl_build"
    sed -i '1i #include "front/cli.h"' "$fl_src/core/trap.c"
    sed -i '1i #include "fastpath/fastpath_fs.h"' "$fl_src/syscalls/calls_memory.c"
    printf 'int print_probe(const char *);
int planted_up(void) { return print_probe("/"); }
' > "$TEST_TMP/planted_up.c"
    floors=$(make -s -C "$root/runner" MAKEFLAGS= floors)
    if ! cc -O2 -c -o "$fl_build/core/planted_up.o" "$TEST_TMP/planted_up.c" >"$TEST_TMP/log/planted_up.log" 2>&1; then
        for _c in floor_check_finds_upward_include floor_check_finds_private_header floor_check_finds_upward_call; do
            fail "$_c" "the planted object does not compile: $(reason "$TEST_TMP/log/planted_up.log")"
        done
    else
        # shellcheck disable=SC2086 # the floors are words
        if "$root/runner/floor-check.sh" "$fl_src" "$fl_build" $floors >"$TEST_TMP/log/floor-planted.log" 2>&1; then
            for _c in floor_check_finds_upward_include floor_check_finds_private_header floor_check_finds_upward_call; do
                fail "$_c" "floor-check.sh passed sources and objects with three planted violations"
            done
        else
            check_floor() { # NAME LINE: the check must print that line
                if grep -qxF "$2" "$TEST_TMP/log/floor-planted.log"; then pass "$1"
                else fail "$1" "want '$2', got: $(head -n 3 "$TEST_TMP/log/floor-planted.log" | tr '\n' ' ')"; fi
            }
            check_floor floor_check_finds_upward_include "floor-check: core/trap.c includes front/cli.h: front is above core"
            check_floor floor_check_finds_private_header "floor-check: syscalls/calls_memory.c includes fastpath/fastpath_fs.h: only fastpath/fastpath.h is fastpath's public header"
            check_floor floor_check_finds_upward_call "floor-check: core/planted_up.o calls print_probe, defined in front, above core"
        fi
    fi
    rm -rf "$fl_src" "$fl_build"
    if make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build" floor-check >"$TEST_TMP/log/floor.log" 2>&1; then
        pass floor_rule
    else
        fail floor_rule "$(grep -m 1 '^floor-check:' "$TEST_TMP/log/floor.log" || reason "$TEST_TMP/log/floor.log")"
        grep '^floor-check:' "$TEST_TMP/log/floor.log" | sed 's/^/    | /'
    fi
    # The same objects, linked: a runner built by this host's compiler (with -Werror in
    # the tests) runs an x32 program. On a newer Debian (tests/newer-host) this is the
    # runner a user's `make -C runner` gives there.
    tp_hello=$TEST_TMP/trap-path-hello
    printf '#include <stdio.h>\nint main(void) { printf("%%zu\\n", sizeof(void *)); return 0; }\n' > "$tp_hello.c"
    if ! make -C "$root/runner" MAKEFLAGS= BUILD="$tp_build" "$tp_build/x32-run" >"$TEST_TMP/log/host-runner.log" 2>&1; then
        fail runner_built_here_runs "runner/ does not link with this host's compiler: $(reason "$TEST_TMP/log/host-runner.log")"
    elif ! ${X32_CC:-gcc -mx32} -static -o "$tp_hello" "$tp_hello.c" >"$TEST_TMP/log/host-runner-hello.log" 2>&1; then
        skip runner_built_here_runs "no x32 compiler to build its test program (${X32_CC:-gcc -mx32}): $(reason "$TEST_TMP/log/host-runner-hello.log")"
    elif [ "$("$tp_build/x32-run" "$tp_hello" 2>&1)" = 4 ]; then
        pass runner_built_here_runs
    else
        fail runner_built_here_runs "an x32 hello under the runner built here printed '$("$tp_build/x32-run" "$tp_hello" 2>&1 | head -n 2 | tr '\n' ' ')', not 4"
    fi
fi
