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

# The x32-vm that x32-run --mode vm uses (run.sh exports X32_VM when there is none next
# to x32-run).
xvm=${X32_VM:-$(dirname "$user_run")/x32-vm}

# ensure_vm NAME: the VM is up before a case, outside the case's timeout. A 124 from
# thread_exit_semantics on a loaded machine was not the program: 400 runs of it through
# --mode vm with a core burnt took 0.2-1.5 s each, against a 60 s timeout. What can take
# that long is the session around it: a boot (after the idle power-off or a lost
# session) under TCG on a loaded host, plus the 30 s wait for a lost greeting. So that
# is done here, with its own time, and said when it happens.
ensure_vm() {
    _e0=$(date +%s)
    _msg=$(timeout -k 5 200 "$xvm" start 2>&1)
    case $_msg in
        "already running"*) ;;
        *) printf 'differential: before %s the VM was not up; x32-vm start took %ss: %s\n' \
               "$1" "$(( $(date +%s) - _e0 ))" "$(printf '%s' "$_msg" | tail -n 1)" ;;
    esac
}

# console_tail: the guest console's last lines, after a VM-side timeout: a hang in the
# guest shows there, a slow host does not.
console_tail() {
    _sess=$("$xvm" start 2>&1 | sed -n 's/.*session \(.*\)$/\1/p')
    [ -f "$_sess/console.log" ] && tail -n 5 "$_sess/console.log" | sed 's/^/    | guest console: /'
}

differential() {
    if [ ! -x "$user_run" ]; then
        skip runner_differential "no x32-run (set X32_RUN) to compare with"
        return
    fi
    mkdir -p "$rt"
    if ! TEST_TMP=$rt X32_CC=$cc X32_RUN=/bin/true X32_RUNNER_BUILD_ONLY=1 sh "$runner_suite/run.sh" > "$rt/build.log" 2>&1; then
        fail runner_differential "tests/runner/run.sh could not build its programs (see $rt/build.log)"
        return
    fi
    printf 'differential: x32-run=%s, programs from %s, %ss into the suite\n' "$user_run" \
        "$runner_suite" "$(( $(date +%s) - started ))"
    compare_programs "$rt/bin"
    # The same programs built against musl (issue 34), when the SDK has the optional musl
    # toolchain: tests/runner/run.sh's musl pass builds them (musl-NAME); one that does
    # not build against musl is left out there, with its reason in musl-build.log.
    _mcc="$prefix/bin/x86_64-linux-muslx32-gcc"
    if [ ! -x "$_mcc" ]; then
        skip vm_diff_musl "the optional musl toolchain is not built (./build.sh musl)"
    else
        TEST_TMP=$rt/musl X32_CC=$cc X32_SDK_PREFIX=$prefix X32_RUN=/bin/true X32_RUNNER_BUILD_ONLY=1 \
            sh "$runner_suite/run.sh" musl > "$rt/musl-build.log" 2>&1
        if grep -q '^FAIL ' "$rt/musl-build.log"; then
            fail vm_diff_musl "tests/runner/run.sh musl: $(grep -m1 '^FAIL ' "$rt/musl-build.log")"
        else
            compare_programs "$rt/musl/bin"
        fi
    fi
}

# compare_programs DIR: each program in DIR under x32-run in user mode and in the VM.
compare_programs() {
    # tests/runner's own timeout for user mode; TCG runs some programs much slower, so
    # the VM gets longer: Debian's kernel under TCG takes about 85 ms a spawn, and
    # proc_spawn_many's 600 spawns took 47-56 s here (2.4 s under x32-run).
    _t_user=20; _t_vm=120
    for exe in "$1"/*; do
        [ -x "$exe" ] || continue
        name=$(basename "$exe")
        if [ $(( $(date +%s) - started )) -ge "$budget" ]; then
            skip "vm_diff_$name" "the suite's time budget (${budget}s) is spent"
            continue
        fi
        run_mode "$rt/$name.user" "$_t_user" "$user_run" --mode user; _ru=$?
        ensure_vm "$name"
        _v0=$(date +%s)
        run_mode "$rt/$name.vm" "$_t_vm" "$user_run" --mode vm; _rv=$?
        if [ "$_rv" = 124 ]; then
            printf 'differential: %s timed out in the VM after %ss (the VM was up when it started)\n' \
                "$name" "$(( $(date +%s) - _v0 ))"
            console_tail
        fi
        if [ "$_ru" = 77 ] && [ "$_rv" != 77 ]; then
            # The program needs what this host's CPU lacks (the guest's has it): there is
            # nothing to compare here; vm_guest_user_NAME runs it under x32-run in the guest.
            skip "vm_diff_$name" "user mode here: $(skip_reason "$rt/$name.user")"
            continue
        fi
        if [ "$_ru" = "$_rv" ] && cmp -s "$rt/$name.user" "$rt/$name.vm"; then _same=yes; else _same=no; fi
        # A musl build shares its glibc twin's known difference unless it has its own.
        _key=$name
        [ -z "$(known_reason "$name")" ] && [ -n "$(known_reason "${name#musl-}")" ] && _key=${name#musl-}
        report_pair "vm_diff_$name" "$_key" "$_same" "user mode exit $_ru, VM exit $_rv"
        [ "$_same" = yes ] || diff "$rt/$name.user" "$rt/$name.vm" | head -n 12 | sed 's/^/    | /'
    done
}

differential
