#!/bin/sh
# tests/vm/run.sh: x32-vm's test suite (see tests/lib.sh for the protocol).
#
# Boots the VM once, then runs tests/vm/probe.c, built static and dynamic for x32, to
# check what x32-vm promises: the guest kernel runs x32, and stdout, stderr, stdin,
# argv, environment, cwd, files and exit statuses (codes and signals) pass through,
# nothing one run leaves in the VM is seen by the next, and a set-user-ID file or a
# device node from the host's tree gives nothing in the guest; the same through
# `x32-run --mode vm` (and X32_RUN_MODE=vm), with its error when x32-vm is missing
# (host-files.sh and mode-vm.sh hold those two groups of cases; this file the rest).
# Then three differentials between user mode (x32-run) and the VM (x32-run --mode vm),
# where both must agree except for the cases listed with a reason in
# tests/vm/known-differences.txt:
#   syscalls.sh      tests/vm/syscall_table/, call by call (one case per line)
#   examples.sh      the portability examples (examples/run.sh), program by program
#   differential.sh  every program of tests/runner: exit status and output
# and user-in-guest.sh runs the visibility and fast-path programs of tests/runner under
# x32-run --mode user inside the guest: a kernel without PROCMAP_QUERY, a CPU with
# protection keys.
#
# Environment: X32_SDK_PREFIX (default out/), X32_CC (default the prefix's compiler,
# else `gcc -mx32`), X32_RUN (default PREFIX/bin/x32-run), X32_VM (default
# PREFIX/bin/x32-vm; the x32-run --mode vm cases use the x32-vm next to x32-run, or this
# one when it is set), TEST_TMP, X32_VM_TEST_BUDGET (seconds for the whole suite,
# default 600: runner differential cases beyond it are skipped, not failed).
set -u

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup vm
root=$TOP
# shellcheck disable=SC2153 # PREFIX: set by suite_setup
prefix=$PREFIX
vm=${X32_VM:-$prefix/bin/x32-vm}
user_run=${X32_RUN:-$prefix/bin/x32-run}
[ -x "$user_run" ] || user_run=$root/runner/build/x32-run
budget=${X32_VM_TEST_BUDGET:-600}
started=$(date +%s)
trap 'exit 130' INT TERM

BASIC_CASES="vm_boot static_on_x32_kernel dynamic_on_x32_kernel exit_codes signal_deaths
exec_failures argv_env_cwd stdin_small stdin_large stdin_devnull stdout_stderr_apart
stdout_stderr_merged files_in_cwd sigpipe signal_forwarding isolation sysroot_libc
warm_latency mode_vm_in_guest mode_vm_exit_codes mode_vm_stdout mode_vm_argv mode_vm_signal
mode_vm_env mode_vm_missing_x32_vm mode_vm_probe mode_user_exec_stays_user host_share_nosuid_nodev
setuid_file_gains_nothing device_node_unusable"

skip_all() {
    for _c in $BASIC_CASES; do skip "$_c" "$1"; done
    skip syscall_differential "$1"
    skip examples_differential "$1"
    skip runner_differential "$1"
    skip vm_guest_user "$1"
    exit 0
}

# --- What the suite needs; without it every case is skipped, with the reason ---
[ -x "$vm" ] || skip_all "no x32-vm at $vm (vm/install.sh PREFIX installs it)"
if [ -z "${X32_VM_KERNEL:-}" ] && [ ! -f "$prefix/share/x32-sdk/vm/bzImage" ]; then
    skip_all "no guest kernel in $prefix/share/x32-sdk/vm: $(cat "$prefix/share/x32-sdk/vm/missing" 2>/dev/null || echo 'the vm step builds it')"
fi
command -v qemu-system-x86_64 >/dev/null 2>&1 \
    || skip_all "qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)"

# The compiler: the SDK's when it works, else Debian's multilib one (same ABI).
is_elf32() { [ "$(od -An -tx1 -j4 -N1 "$1" | tr -d ' ')" = 01 ]; }
cc=${X32_CC:-$prefix/bin/x86_64-linux-gnux32-gcc}
# shellcheck disable=SC2086 # $cc may carry flags
if ! $cc -O2 -o "$TEST_TMP/probe-dynamic" "$here/probe.c" > "$TEST_TMP/cc.log" 2>&1 \
        || ! is_elf32 "$TEST_TMP/probe-dynamic"; then
    printf 'x32 compiler %s does not work (%s); using gcc -mx32\n' "$cc" "$(tail -n 1 "$TEST_TMP/cc.log")"
    cc="gcc -mx32"
    # shellcheck disable=SC2086
    $cc -O2 -o "$TEST_TMP/probe-dynamic" "$here/probe.c" > "$TEST_TMP/cc.log" 2>&1 \
        || skip_all "no working x32 compiler: $(tail -n 1 "$TEST_TMP/cc.log")"
fi
# shellcheck disable=SC2086
$cc -O2 -static -o "$TEST_TMP/probe-static" "$here/probe.c" > "$TEST_TMP/cc-static.log" 2>&1 \
    || rm -f "$TEST_TMP/probe-static"
gcc -O2 -o "$TEST_TMP/probe-native" "$here/probe.c" || skip_all "the host gcc cannot build probe.c"
dyn=$TEST_TMP/probe-dynamic
sta=$TEST_TMP/probe-static
[ -x "$sta" ] || sta=$dyn
printf 'vm tests: x32-vm=%s cc=%s tmp=%s\n' "$vm" "$cc" "$TEST_TMP"

# vmrun ARGS...: x32-vm run with a timeout, so a hang fails a case instead of the suite.
vmrun() { timeout -k 5 120 "$vm" run "$@"; }

# expect_eq NAME GOT WANT
expect_eq() {
    if [ "$2" = "$3" ]; then pass "$1"; else fail "$1" "got '$2', want '$3'"; fi
}

ms_now() { date +%s%3N; }

case_vm_boot() {
    "$vm" stop > /dev/null 2>&1
    _t0=$(ms_now)
    if _out=$("$vm" start 2>&1); then
        printf 'boot: %s (%s ms wall)\n' "$_out" "$(( $(ms_now) - _t0 ))"
        pass vm_boot
    else
        fail vm_boot "x32-vm start failed: $(printf '%s\n' "$_out" | tail -n 1)"
        printf '%s\n' "$_out" | sed 's/^/    | /'
        # Every other case would try to boot again and fail the same way, slowly.
        # shellcheck disable=SC2086 # one case per word
        BASIC_CASES=$(printf '%s\n' $BASIC_CASES | sed 1d)
        skip_all "the VM does not boot (see vm_boot)"
    fi
}

case_on_x32_kernel() {
    expect_eq "$1" "$(vmrun "$2" hello 2>&1)" "hello long=4 ptr=4 x32-kernel=yes machine=x86_64"
}

case_exit_codes() {
    _got=""
    for _n in 0 1 42 255; do
        vmrun "$sta" exit "$_n"
        _got="$_got $?"
    done
    expect_eq exit_codes "$_got" " 0 1 42 255"
}

# A program killed by signal N kills x32-vm by N: the shell reports 128+N.
case_signal_deaths() {
    _got=""
    for _s in 15 11 6 9; do
        vmrun "$sta" signal "$_s" 2> /dev/null
        _got="$_got $?"
    done
    expect_eq signal_deaths "$_got" " 143 139 134 137"
}

case_exec_failures() {
    printf 'not a program\n' > "$TEST_TMP/plain.txt"
    vmrun "$TEST_TMP/does-not-exist" 2> /dev/null
    _a=$?
    vmrun "$TEST_TMP/plain.txt" 2> /dev/null
    expect_eq exec_failures "$_a $?" "127 126"
}

case_argv_env_cwd() {
    _dir="$TEST_TMP/dir with space"
    mkdir -p "$_dir"
    _want=$(cd "$_dir" && umask 027 && X32_VM_TEST_VAR='v a=l' "$TEST_TMP/probe-native" args '' 'a b' 'é' '*' | sed 1d)
    _got=$(cd "$_dir" && umask 027 && X32_VM_TEST_VAR='v a=l' vmrun "$dyn" args '' 'a b' 'é' '*')
    _argv0=$(printf '%s\n' "$_got" | sed -n 1p)
    expect_eq argv_env_cwd "$_argv0
$(printf '%s\n' "$_got" | sed 1d)" "argv[0]=<$dyn>
$_want"
}

case_stdin() {
    _want=$("$TEST_TMP/probe-native" stdin-sum < "$2")
    expect_eq "$1" "$(vmrun "$sta" stdin-sum < "$2")" "$_want"
}

case_stdout_stderr_apart() {
    vmrun "$sta" interleave > "$TEST_TMP/o" 2> "$TEST_TMP/e"
    expect_eq stdout_stderr_apart "$(cat "$TEST_TMP/o") / $(cat "$TEST_TMP/e")" "o1
o2
o3 / e1
e2"
}

case_stdout_stderr_merged() {
    vmrun "$sta" interleave > "$TEST_TMP/oe" 2>&1
    expect_eq stdout_stderr_merged "$(tr '\n' ' ' < "$TEST_TMP/oe")" "o1 e1 o2 e2 o3 "
}

case_files_in_cwd() {
    rm -f "$TEST_TMP/written.txt"
    (cd "$TEST_TMP" && vmrun "$dyn" write-file written.txt "from the VM")
    expect_eq files_in_cwd "$(cat "$TEST_TMP/written.txt" 2>&1)" "from the VM"
}

# A reader that goes away kills the writer with SIGPIPE, as it would natively.
case_sigpipe() {
    { vmrun "$sta" yes 2> /dev/null; echo $? > "$TEST_TMP/sigpipe.rc"; } | head -n 1 > /dev/null
    expect_eq sigpipe "$(cat "$TEST_TMP/sigpipe.rc")" 141
}

# SIGTERM sent to x32-vm reaches the program, which dies of it.  x32-vm itself goes
# to the background (not the vmrun function: $! would be a subshell).
case_signal_forwarding() {
    : > "$TEST_TMP/ready"
    "$vm" run "$sta" wait-signal > "$TEST_TMP/ready" 2>&1 &
    _pid=$!
    _i=0
    while [ "$(cat "$TEST_TMP/ready")" != ready ] && [ $_i -lt 300 ]; do
        sleep 0.1; _i=$((_i + 1))
    done
    if [ "$(cat "$TEST_TMP/ready")" != ready ]; then
        kill -KILL "$_pid"
        wait "$_pid"
        fail signal_forwarding "the program did not start within 30 s: $(head -n 1 "$TEST_TMP/ready")"
        return
    fi
    kill -TERM "$_pid"
    wait "$_pid"
    expect_eq signal_forwarding "$?" 143
}

case_isolation() {
    rm -f "$TEST_TMP/daemon.pid"
    vmrun "$sta" leave-state "$TEST_TMP/daemon.pid"
    if [ ! -s "$TEST_TMP/daemon.pid" ]; then
        fail isolation "the first run did not start its daemon"
        return
    fi
    _out=$(vmrun "$sta" check-clean)
    if [ "$_out" = clean ]; then pass isolation
    else fail isolation "$(printf '%s\n' "$_out" | head -n 1)"; fi
}

# Dynamic programs must load the SDK's C library in the VM, as under x32-run: the
# guest's /libx32/libc.so.6 is the sysroot's file.
case_sysroot_libc() {
    _lib=${X32_SYSROOT:-$prefix/x86_64-linux-gnux32/sysroot}/libx32/libc.so.6
    if [ ! -f "$_lib" ]; then
        skip sysroot_libc "no SDK sysroot C library at $_lib"
        return
    fi
    expect_eq sysroot_libc "$(vmrun /bin/sh -c 'cksum < /libx32/libc.so.6' 2>&1)" "$(cksum < "$_lib")"
}

case_warm_latency() {
    _t0=$(ms_now)
    for _i in 1 2 3 4 5; do vmrun "$sta" exit 0 || { fail warm_latency "run failed"; return; }; done
    _avg=$(( ($(ms_now) - _t0) / 5 ))
    printf 'warm latency: %s ms per call (static program, average of 5)\n' "$_avg"
    if [ "$_avg" -lt 5000 ]; then pass warm_latency
    else fail warm_latency "$_avg ms per call (limit 5000)"; fi
}

# --- The host's files are data to the guest, not privileges (host-files.sh) ---
# shellcheck source=host-files.sh
. "$here/host-files.sh"

# --- x32-run --mode vm: the same promises through the runner's VM mode (mode-vm.sh) ---
# shellcheck source=mode-vm.sh
. "$here/mode-vm.sh"

# --- The cases, in the order they report ---
case_vm_boot
case_on_x32_kernel static_on_x32_kernel "$sta"
case_on_x32_kernel dynamic_on_x32_kernel "$dyn"
case_exit_codes
case_signal_deaths
case_exec_failures
case_argv_env_cwd
printf 'one line\nand another\n' > "$TEST_TMP/small.in"
case_stdin stdin_small "$TEST_TMP/small.in"
seq 1 400000 > "$TEST_TMP/large.in"
case_stdin stdin_large "$TEST_TMP/large.in"
expect_eq stdin_devnull "$(vmrun "$sta" stdin-sum < /dev/null)" "bytes=0 fnv=cbf29ce484222325"
case_stdout_stderr_apart
case_stdout_stderr_merged
case_files_in_cwd
case_sigpipe
case_signal_forwarding
case_isolation
case_sysroot_libc
case_warm_latency
case_host_share_nosuid_nodev
case_setuid_file_gains_nothing
case_device_node_unusable
case_mode_vm_in_guest
case_mode_vm_exit_codes
case_mode_vm_stdout
case_mode_vm_argv
case_mode_vm_signal
case_mode_vm_env
case_mode_vm_missing_x32_vm
case_mode_vm_probe
case_mode_user_exec_stays_user

# The differentials share known_reason (known-differences.txt) and report_pair.
# shellcheck source=known.sh
. "$here/known.sh"
# shellcheck source=syscalls.sh
. "$here/syscalls.sh"
# shellcheck source=examples.sh
. "$here/examples.sh"
# shellcheck source=differential.sh
. "$here/differential.sh"
# shellcheck source=user-in-guest.sh
. "$here/user-in-guest.sh"
printf 'vm suite: %ss in all\n' "$(( $(date +%s) - started ))"
