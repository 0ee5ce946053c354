# shellcheck shell=sh
# tests/vm/mode-vm.sh: x32-vm's promises again, through `x32-run --mode vm` (sourced by
# tests/vm/run.sh, which runs the cases; user_run, vm, dyn, sta, vmrun, expect_eq and
# TEST_TMP come from there).
# shellcheck disable=SC2154

# xrun ARGS...: x32-run with a timeout.  --mode vm takes the x32-vm next to x32-run;
# when there is none there (X32_RUN=runner/build/x32-run), the one under test.
if [ -z "${X32_VM:-}" ] && [ ! -x "$(dirname "$user_run")/x32-vm" ]; then
    X32_VM=$vm
    export X32_VM
fi
xrun() { timeout -k 5 120 "$user_run" "$@"; }

have_user_run() {
    [ -x "$user_run" ] && return 0
    skip "$1" "no x32-run (set X32_RUN)"
    return 1
}

# The program really runs in the guest: its kernel release is the VM's, not ours.
case_mode_vm_in_guest() {
    have_user_run mode_vm_in_guest || return
    _guest=$(vmrun /bin/cat /proc/sys/kernel/osrelease 2>&1)
    _got=$(xrun --mode vm /bin/cat /proc/sys/kernel/osrelease 2>&1)
    if [ "$_got" = "$_guest" ] && [ "$_got" != "$(uname -r)" ]; then pass mode_vm_in_guest
    else fail mode_vm_in_guest "x32-run --mode vm saw release '$_got' (VM '$_guest', host '$(uname -r)')"; fi
}

case_mode_vm_exit_codes() {
    have_user_run mode_vm_exit_codes || return
    _got=""
    for _n in 0 3 255; do
        xrun --mode vm "$sta" exit "$_n"
        _got="$_got $?"
    done
    expect_eq mode_vm_exit_codes "$_got" " 0 3 255"
}

case_mode_vm_stdout() {
    have_user_run mode_vm_stdout || return
    expect_eq mode_vm_stdout "$(xrun --mode vm "$dyn" hello 2>&1)" \
        "hello long=4 ptr=4 x32-kernel=yes machine=x86_64"
}

case_mode_vm_argv() {
    have_user_run mode_vm_argv || return
    _dir="$TEST_TMP/mode vm dir"
    mkdir -p "$_dir"
    _want=$(cd "$_dir" && X32_VM_TEST_VAR='x y' "$TEST_TMP/probe-native" args '' 'a b' '*' | sed 1d)
    _got=$(cd "$_dir" && X32_VM_TEST_VAR='x y' xrun --mode=vm --argv0 'my name' "$dyn" args '' 'a b' '*')
    expect_eq mode_vm_argv "$_got" "argv[0]=<my name>
$_want"
}

case_mode_vm_signal() {
    have_user_run mode_vm_signal || return
    _got=""
    for _s in 11 15; do
        xrun --mode vm "$sta" signal "$_s" 2> /dev/null
        _got="$_got $?"
    done
    expect_eq mode_vm_signal "$_got" " 139 143"
}

case_mode_vm_env() {
    have_user_run mode_vm_env || return
    _a=$(X32_RUN_MODE=vm xrun /bin/cat /proc/sys/kernel/osrelease 2>&1)
    # Inside the VM, X32_RUN_MODE=vm has become native: no VM in the VM.
    # shellcheck disable=SC2016 # expanded by the shell in the VM
    _b=$(X32_RUN_MODE=vm xrun /bin/sh -c 'echo "$X32_RUN_MODE"' 2>&1)
    expect_eq mode_vm_env "$_a / $_b" "$(vmrun /bin/cat /proc/sys/kernel/osrelease 2>&1) / native"
}

# No x32-vm: one line saying what is missing and what to do, status 125.
case_mode_vm_missing_x32_vm() {
    have_user_run mode_vm_missing_x32_vm || return
    _err=$(X32_VM=/nonexistent "$user_run" --mode vm "$sta" hello 2>&1 > /dev/null)
    _rc=$?
    mkdir -p "$TEST_TMP/lonely"
    cp "$user_run" "$TEST_TMP/lonely/x32-run"
    _err2=$(env -u X32_VM "$TEST_TMP/lonely/x32-run" --mode vm "$sta" hello 2>&1 > /dev/null)
    _rc2=$?
    _n=$(printf '%s\n%s\n' "$_err" "$_err2" | wc -l)
    case "$_rc $_rc2 $_n|$_err|$_err2" in
        "125 125 2|"*"X32_VM=/nonexistent"*"build it with ./build.sh vm"*"|"*"$TEST_TMP/lonely/x32-vm"*"build it with ./build.sh vm"*)
            pass mode_vm_missing_x32_vm ;;
        *) fail mode_vm_missing_x32_vm "exit $_rc and $_rc2 (want 125), messages: '$_err' / '$_err2'" ;;
    esac
}

# An x32 program that a user-mode program execs stays in user mode, whatever
# X32_RUN_MODE says; with --mode vm, the exec happens inside the VM.
case_mode_user_exec_stays_user() {
    have_user_run mode_user_exec_stays_user || return
    _u=$(X32_RUN_MODE=vm xrun --mode user "$dyn" exec-release 2>&1)
    _v=$(xrun --mode vm "$dyn" exec-release 2>&1)
    expect_eq mode_user_exec_stays_user "$_u / $_v" \
        "$(uname -r) / $(vmrun /bin/cat /proc/sys/kernel/osrelease 2>&1)"
}

case_mode_vm_probe() {
    have_user_run mode_vm_probe || return
    _line=$("$user_run" --probe 2>&1 | grep '^vm mode:')
    case $_line in
        "vm mode: available"*) pass mode_vm_probe ;;
        *) fail mode_vm_probe "--probe says '$_line'" ;;
    esac
}
