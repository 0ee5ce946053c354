# shellcheck shell=sh disable=SC2154
# Sourced by run.sh after the program tests (x32 mode; the whole suite, or
# `run.sh sud`): the whole suite runs with x32-run's default, the rewrite fast
# path; this runs the fast path's own tests and the signal, thread and process
# tests most likely to meet it once more with X32_RUN_TRAP=sud (every call
# through a SIGSYS trap, as before the fast path and wherever it cannot
# rewrite), each reported as sud/NAME, so that both paths stay tested.  A
# program not built yet is built (and run in the default mode) first.
sud_cases="fastpath_redzone fastpath_signal_storm fastpath_churn fastpath_bad_input fastpath_many_sites fastpath_cross_block fastpath_mov_between fastpath_vector_state fork_while_locked
    signal_storm signal_restart_rules signal_restart_threads signal_restart_translated
    signal_eintr_pipe signal_sa_restart_pipe signal_no_spurious_eintr signal_fpu_preserved
    signal_redzone_alignment signal_ucontext_regs static_threads_signals
    thread_syscall_stress thread_detached_churn proc_vfork proc_spawn_many
    io_race_msghdr misc_proc_self_labels misc_code_bytes misc_gs_base misc_gs_wrgsbase misc_maps_unchanged
    static_maps_unchanged misc_proc_maps_first_read thread_robust_list_unmapped"

for _rw in $sud_cases; do
    [ -x "$TEST_TMP/bin/$_rw" ] || run_test "$_rw" >/dev/null
    if [ ! -x "$TEST_TMP/bin/$_rw" ]; then
        skip "sud/$_rw" "$_rw did not build (run.sh $_rw says why)"
        continue
    fi
    _rc=0
    (X32_RUN_TRAP=sud; export X32_RUN_TRAP; expect_rewrite=0; run_prog "sud-$_rw" "$TEST_TMP/bin/$_rw") || _rc=$?
    _log=$TEST_TMP/log/sud-$_rw.log
    case $_rc in
        0) pass "sud/$_rw" ;;
        77) skip "sud/$_rw" "$(skip_reason "$_log")" ;;
        124|137) fail "sud/$_rw" "timed out after ${timeout_s}s: $(reason "$_log")"
            show_log "$_log" ;;
        *) if [ "$_rc" -gt 128 ]; then _why="killed by signal $((_rc - 128))"; else _why="exit $_rc"; fi
           fail "sud/$_rw" "$_why: $(reason "$_log")"
           show_log "$_log" ;;
    esac
done
