# shellcheck shell=sh
# root, here, prefix, cc, user_run, budget, started, TEST_TMP and report_pair come from
# run.sh and known.sh.
# shellcheck disable=SC2154
# The program-by-program differential of tests/vm/run.sh (sourced by it): every
# tests/runner program runs under x32-run in user mode and through x32-run --mode vm;
# exit status and output must agree, or the program must be listed in
# known-differences.txt with the reason.  The programs are built by
# tests/runner/run.sh itself, given a runner that runs nothing (/bin/true), so they are
# compiled exactly as that suite compiles them; they are run here the way its run_prog
# runs them (arguments, X32_TEST_VAR, X32_TEST_HELPERS, stdin from /dev/null).

runner_suite=$root/tests/runner
rt=$TEST_TMP/runner

# run_mode OUT TIMEOUT RUNNER... : run the current program ($exe, $name) with RUNNER.
run_mode() {
    _o=$1; _t=$2; shift 2
    rm -rf "$rt/work/$name"; mkdir -p "$rt/work/$name"
    (cd "$rt/work/$name" && X32_TEST_VAR=x32-value X32_TEST_HELPERS=$rt/helpers \
        exec timeout -k 5 "$_t" "$@" "$exe" x32-arg1 'x32 arg 2' < /dev/null) > "$_o" 2>&1
}

differential() {
    if [ ! -x "$user_run" ]; then
        skip runner_differential "no x32-run (set X32_RUN) to compare with"
        return
    fi
    mkdir -p "$rt"
    if ! TEST_TMP=$rt X32_CC=$cc X32_RUN=/bin/true sh "$runner_suite/run.sh" > "$rt/build.log" 2>&1; then
        fail runner_differential "tests/runner/run.sh could not build its programs (see $rt/build.log)"
        return
    fi
    printf 'differential: x32-run=%s, programs from %s, %ss into the suite\n' "$user_run" \
        "$runner_suite" "$(( $(date +%s) - started ))"
    # tests/runner's own timeout for user mode; TCG runs some programs (600 spawns)
    # several times slower, so the VM gets longer.
    _t_user=20; _t_vm=60
    for exe in "$rt"/bin/*; do
        [ -x "$exe" ] || continue
        name=$(basename "$exe")
        if [ $(( $(date +%s) - started )) -ge "$budget" ]; then
            skip "vm_diff_$name" "the suite's time budget (${budget}s) is spent"
            continue
        fi
        run_mode "$rt/$name.user" "$_t_user" "$user_run" --mode user; _ru=$?
        run_mode "$rt/$name.vm" "$_t_vm" "$user_run" --mode vm; _rv=$?
        if [ "$_ru" = "$_rv" ] && cmp -s "$rt/$name.user" "$rt/$name.vm"; then _same=yes; else _same=no; fi
        report_pair "vm_diff_$name" "$name" "$_same" "user mode exit $_ru, VM exit $_rv"
        [ "$_same" = yes ] || diff "$rt/$name.user" "$rt/$name.vm" | head -n 12 | sed 's/^/    | /'
    done
}

differential
printf 'vm suite: %ss in all\n' "$(( $(date +%s) - started ))"
