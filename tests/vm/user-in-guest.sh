# shellcheck shell=sh
# tests/vm/user-in-guest.sh: x32-run's user mode inside the guest (sourced by
# tests/vm/run.sh after differential.sh, whose programs in $rt/bin it runs; xvm,
# user_run, run_mode, budget, started and TEST_TMP come from there).
#
# The guest is another host for the user-mode runner, one this machine is not:
#   - Debian 12's kernel, 6.1, has no PROCMAP_QUERY (Linux 6.11), so the rewrite
#     fast path asks /proc/self/maps about a site's mapping (fastpath/procmap.c);
#   - QEMU's CPU model "max" has protection keys and FSGSBASE, which this machine's
#     CPU may lack: rewritten pages are kept execute-only there (fastpath_xonly.c),
#     and rdgsbase/wrgsbase are real instructions.
# So the visibility programs of tests/runner (the program's code bytes, its maps, its
# %gs base) and the fast path's own run there under --mode user, and must pass (exit 0)
# or skip (77, their reason printed).
# shellcheck disable=SC2154

GUEST_USER_PROGRAMS="misc_code_bytes misc_maps_unchanged static_maps_unchanged misc_gs_base misc_gs_wrgsbase
misc_proc_self_maps misc_proc_self_labels fastpath_bad_input fastpath_redzone fastpath_churn
fastpath_signal_storm fastpath_cross_block fastpath_mov_between fastpath_many_sites fastpath_vector_state
static_threads_signals misc_dlopen"

user_in_guest() {
    if [ ! -x "$user_run" ] || [ ! -d "$rt/bin" ]; then
        skip vm_guest_user_probe "no x32-run or no tests/runner programs (see runner_differential)"
        return
    fi
    ensure_vm guest-probe
    _probe=$(timeout -k 5 120 "$xvm" run "$user_run" --probe 2>&1)
    # (x32-vm boots with syscall.x32=y, so --probe names native mode; its lines on the
    # fast path are about --mode user, which the programs below ask for)
    printf '%s\n' "$_probe" | grep -E '^(kernel|mode|user mode|rewrite)' | sed 's/^/guest x32-run --probe: /'
    _expect=0
    case $_probe in
        *"rewrite fast path: on"*) _expect=1 ;;
    esac
    if [ "$_expect" = 1 ]; then
        pass vm_guest_user_probe
    else
        fail vm_guest_user_probe "x32-run --probe in the guest shows no rewrite fast path: $(printf '%s\n' "$_probe" | grep '^rewrite' | head -n 1)"
    fi
    # what tests/runner/run.sh tells its programs about the fast path, for the guest
    X32_TEST_EXPECT_REWRITE=$_expect
    export X32_TEST_EXPECT_REWRITE
    for name in $GUEST_USER_PROGRAMS; do
        exe=$rt/bin/$name
        if [ ! -x "$exe" ]; then
            skip "vm_guest_user_$name" "tests/runner did not build $name"
            continue
        fi
        if [ $(( $(date +%s) - started )) -ge "$budget" ]; then
            skip "vm_guest_user_$name" "the suite's time budget (${budget}s) is spent"
            continue
        fi
        ensure_vm "$name"
        run_mode "$rt/$name.guest-user" 120 "$xvm" run "$user_run" --mode user
        _rc=$?
        case $_rc in
            0) pass "vm_guest_user_$name" ;;
            77) skip "vm_guest_user_$name" "$(skip_reason "$rt/$name.guest-user")" ;;
            *) fail "vm_guest_user_$name" "x32-run --mode user in the guest: exit $_rc"
               tail -n 8 "$rt/$name.guest-user" | sed 's/^/    | /' ;;
        esac
    done
    # The %gs base with rdgsbase/wrgsbase once more with X32_RUN_TRAP=sud: the guest's
    # CPU has FSGSBASE, which this machine's may lack, so only here do both paths meet it.
    name=misc_gs_wrgsbase; exe=$rt/bin/$name
    if [ -x "$exe" ] && [ $(( $(date +%s) - started )) -lt "$budget" ]; then
        ensure_vm "sud-$name"
        X32_TEST_EXPECT_REWRITE=0 X32_RUN_TRAP=sud run_mode "$rt/$name.guest-user-sud" 120 \
            "$xvm" run "$user_run" --mode user
        _rc=$?
        case $_rc in
            0) pass "vm_guest_user_sud_$name" ;;
            77) skip "vm_guest_user_sud_$name" "$(skip_reason "$rt/$name.guest-user-sud")" ;;
            *) fail "vm_guest_user_sud_$name" "X32_RUN_TRAP=sud x32-run --mode user in the guest: exit $_rc"
               tail -n 8 "$rt/$name.guest-user-sud" | sed 's/^/    | /' ;;
        esac
    else
        skip "vm_guest_user_sud_$name" "tests/runner did not build $name, or the suite's time budget is spent"
    fi
    unset X32_TEST_EXPECT_REWRITE
}

user_in_guest
