# shellcheck shell=sh disable=SC2154 # run, TEST_TMP, timeout_s: set by run.sh
# tests/runner/trap-plan.sh: the trap plan (runner/README.md, "The trap plan"), sourced
# by run.sh in x32 mode (the whole suite, or `run.sh trap-plan`).  One function decides
# how guest calls reach the runner; --probe and a program's start both ask it:
#   trap_plan/probe-matches-run-MODE  for X32_RUN_TRAP unset, sud and seccomp, the
#                      "trap plan:" line of --probe is the one X32_RUN_DEBUG=1 shows
#                      for a program started the same way
#   trap_plan/seccomp-no-fast-path  under X32_RUN_TRAP=seccomp a program with many
#                      hot call sites runs, and nothing of the fast path acts (no
#                      site is rewritten, %gs stays the program's)
#   trap_plan/default-rewrites  the same program in the default mode, where --probe
#                      plans a rewrite mode, has its sites rewritten: the check above
#                      can see a fast path at work
#   trap_plan/unknown-value-run, -probe  X32_RUN_TRAP=bogus ends a run and --probe
#                      with one line

tp_prog=fastpath_many_sites
[ -x "$TEST_TMP/bin/$tp_prog" ] || run_test "$tp_prog" >/dev/null
plan_of_probe() { # X32_RUN_TRAP value ("" for unset)
    if [ -n "$1" ]; then X32_RUN_TRAP=$1 "$run" --probe 2>&1; else env -u X32_RUN_TRAP "$run" --probe 2>&1; fi \
        | sed -n 's/^trap plan: //p'
}
plan_of_run() { # X32_RUN_TRAP value, log
    if [ -n "$1" ]; then
        X32_RUN_TRAP=$1 X32_RUN_DEBUG=1 timeout -k 5 "$timeout_s" "$run" "$TEST_TMP/bin/$tp_prog" > "$2" 2>&1
    else
        env -u X32_RUN_TRAP X32_RUN_DEBUG=1 timeout -k 5 "$timeout_s" "$run" "$TEST_TMP/bin/$tp_prog" > "$2" 2>&1
    fi
    _tp_rc=$?
    sed -n 's/^x32-run: trap plan: //p' "$2" | head -n 1
    return "$_tp_rc"
}

if [ ! -x "$TEST_TMP/bin/$tp_prog" ]; then
    for _c in probe-matches-run-default probe-matches-run-sud probe-matches-run-seccomp \
            seccomp-no-fast-path default-rewrites; do
        skip "trap_plan/$_c" "$tp_prog did not build (run.sh $tp_prog says why)"
    done
else
    for _m in default sud seccomp; do
        _v=$_m; [ "$_m" = default ] && _v=""
        _probe=$(plan_of_probe "$_v")
        _ran=$(plan_of_run "$_v" "$TEST_TMP/log/trap-plan-$_m.log" && echo "rc=0" || echo "rc=$?")
        eval "_rc_$_m=\${_ran##*rc=}"
        _ran=$(printf '%s\n' "$_ran" | sed '$d')
        if [ -z "$_probe" ]; then
            fail "trap_plan/probe-matches-run-$_m" "x32-run --probe printed no 'trap plan:' line"
        elif [ "$_probe" = "$_ran" ]; then
            pass "trap_plan/probe-matches-run-$_m"
        else
            fail "trap_plan/probe-matches-run-$_m" "--probe plans '$_probe', the run used '$_ran'"
        fi
    done
    _seccomp_log=$TEST_TMP/log/trap-plan-seccomp.log
    if ! grep -q '^x32-run: trap plan: seccomp ' "$_seccomp_log"; then
        fail trap_plan/seccomp-no-fast-path "X32_RUN_TRAP=seccomp did not plan seccomp: $(grep -m 1 'trap plan' "$_seccomp_log")"
    elif [ "$_rc_seccomp" != 0 ]; then
        fail trap_plan/seccomp-no-fast-path "$tp_prog failed under seccomp (exit $_rc_seccomp): $(reason "$_seccomp_log")"
    elif grep -q '^x32-run: rewrite' "$_seccomp_log"; then
        fail trap_plan/seccomp-no-fast-path "the fast path acted under seccomp: $(grep -m 1 '^x32-run: rewrite' "$_seccomp_log")"
    else
        pass trap_plan/seccomp-no-fast-path
    fi
    case $(plan_of_probe "") in
        rewrite-*)
            if grep -q '^x32-run: rewrite: site ' "$TEST_TMP/log/trap-plan-default.log"; then
                pass trap_plan/default-rewrites
            else
                fail trap_plan/default-rewrites "the plan is $(plan_of_probe "" | cut -d' ' -f1), yet no site was rewritten: $(reason "$TEST_TMP/log/trap-plan-default.log")"
            fi ;;
        *) skip trap_plan/default-rewrites "this host's plan is no rewrite mode: $(plan_of_probe "")" ;;
    esac
    for _w in run probe; do
        _rc=0
        if [ "$_w" = run ]; then
            X32_RUN_TRAP=bogus "$run" "$TEST_TMP/bin/$tp_prog" > "$TEST_TMP/log/trap-plan-bogus.log" 2>&1 || _rc=$?
        else
            X32_RUN_TRAP=bogus "$run" --probe > "$TEST_TMP/log/trap-plan-bogus.log" 2>&1 || _rc=$?
        fi
        if [ "$_rc" = 126 ] && grep -q '^x32-run: X32_RUN_TRAP=bogus is not a trap mechanism: use rewrite' "$TEST_TMP/log/trap-plan-bogus.log"; then
            pass "trap_plan/unknown-value-$_w"
        else
            fail "trap_plan/unknown-value-$_w" "exit $_rc: $(grep -v '^[a-z ]*:' "$TEST_TMP/log/trap-plan-bogus.log" | head -n 2 | tr '\n' ' ')$(grep -m1 X32_RUN_TRAP "$TEST_TMP/log/trap-plan-bogus.log")"
        fi
    done
fi
