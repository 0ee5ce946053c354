#!/bin/sh
# tests/gdb/run.sh: gdb on x32 programs through x32-run's GDB stub (x32-run -g,
# x32-gdb), driven by Debian's gdb in batch mode, plus the stub's wire
# protocol without gdb (wire.c: unknown, malformed and fuzzed packets, memory
# it must refuse, a hang-up).
#
# The source-level results of one gdb script (breakpoints, step, finish,
# backtraces through a signal handler, a second thread, a software watchpoint,
# a changed variable and the exit code) must be the same for prog.c built for
# x32 under the stub and for x86-64 under gdb natively (ptrace).
#
# Environment (set by tests/run.sh): X32_CC, X32_RUN, X32_SDK_PREFIX, TEST_TMP.
# shellcheck disable=SC2016 # the patterns name gdb's value history ($1), not variables
set -u

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup gdb
root=$TOP

run=${X32_RUN:-$root/out/bin/x32-run}
# shellcheck disable=SC2153 # PREFIX: set by suite_setup
prefix=$PREFIX
cc=${X32_CC:-$prefix/bin/x86_64-linux-gnux32-gcc}
tmp=$TEST_TMP
# x32-gdb next to x32-run when installed, else the repo's script with X32_RUN.
x32gdb=$(dirname "$run")/x32-gdb
[ -x "$x32gdb" ] || x32gdb=$root/runner/x32-gdb
X32_RUN=$run
export X32_RUN
if [ -z "${X32_SYSROOT:-}" ] && [ -d "$prefix/x86_64-linux-gnux32/sysroot" ]; then
    X32_SYSROOT=$prefix/x86_64-linux-gnux32/sysroot
    export X32_SYSROOT
fi
limit=${X32_GDB_TEST_TIMEOUT:-120}

cases="gdb-differential gdb-break-program gdb-break-libc gdb-step-finish
gdb-signal-handler-backtrace gdb-second-thread gdb-watchpoint gdb-modify-and-continue
gdb-sizeof-x32 gdb-struct-print gdb-sigsegv-line gdb-detach gdb-kill gdb-tcp-port
gdb-env-port gdb-port-in-use gdb-info-sharedlibrary gdb-wire gdb-in-vm
gdb-threads-breakpoint-storm gdb-stepi-syscall gdb-stepi-sigreturn gdb-rewritten-site-bytes gdb-seccomp-trap gdb-avx-registers
gdb-run-restart-args gdb-no-start-run gdb-attach-spinning gdb-attach-blocked-read
gdb-attach-blocked-fast-path gdb-attach-hangup-runs-on gdb-attach-refuses-native"
skip_all() {
    for c in $cases; do skip "$c" "$1"; done
    exit 0
}

command -v gdb >/dev/null 2>&1 || skip_all "no gdb on this host (tests/run.sh installs Debian's gdb as root; else apt-get install gdb)"
[ -x "$run" ] || skip_all "no x32-run at $run (build the SDK first)"
command -v "$cc" >/dev/null 2>&1 || [ -x "$cc" ] || skip_all "no x32 compiler ($cc)"

if ! "$cc" -g -O0 -pthread -o "$tmp/prog" "$here/prog.c" 2>"$tmp/cc.log"; then
    for c in $cases; do fail "$c" "prog.c does not build for x32: $(tail -n 1 "$tmp/cc.log")"; done
    exit 1
fi
line_of() { grep -n "LINE:$1" "$here/prog.c" | cut -d: -f1; }
loop_line=$(line_of loop)
crash_line=$(line_of crash)

# x32_gdb OUT [GDB-ARGS...] PROG [ARGS]: one batch session through the pipe form.
x32_gdb() {
    _out=$1; shift
    timeout "$limit" "$x32gdb" -batch -nx "$@" >"$_out" 2>&1
}
# expect NAME FILE ERE...: PASS when every pattern occurs in FILE.
expect() {
    _name=$1 _file=$2; shift 2
    for _re do
        if ! grep -Eq -- "$_re" "$_file"; then
            fail "$_name" "no line matching '$_re' (see $(tail -n 1 "$_file" | cut -c1-80))"
            return
        fi
    done
    pass "$_name"
}

# The shared script: everything in it is source-level and the same on x32 and x86-64.
set -- -ex 'set can-use-hw-watchpoints 0' -ex 'break main' -ex continue -ex next -ex next \
    -ex step -ex bt -ex finish -ex 'print rec.count' -ex 'print *rec.target' \
    -ex 'print rec.name' -ex delete -ex 'break on_usr1' -ex continue -ex continue -ex bt \
    -ex delete -ex 'break worker' -ex continue -ex 'info threads' -ex delete \
    -ex "break $loop_line" -ex continue -ex delete -ex 'watch counter' -ex continue \
    -ex continue -ex delete \
    -ex 'set var value = 20' -ex continue
x32_gdb "$tmp/x32.out" "$@" "$tmp/prog"
# Source-level lines only, with addresses, thread names and frame numbers gone;
# a listed source line counts only after a location in prog.c (the two libcs'
# sources differ: the SDK's has debug information, Debian's not).
normalize() {
    sed -E -e 's/0x[0-9a-f]+/ADDR/g' -e 's/^Thread [0-9]+ ("[^"]*" )?hit //' \
        -e 's/.*received signal/received signal/' -e 's/^#[0-9]+ +(ADDR in )?//' \
        -e 's/Hardware watchpoint/Watchpoint/' -e 's/\[Inferior 1 \([^)]*\)/[Inferior 1/' "$1" |
        awk '/^[0-9]+\t/ { if (in_prog) print; next }
             { in_prog = /prog\.c:[0-9]+$/ }
             /^(Breakpoint [0-9]+, |\$[0-9]+ = |Value returned|Old value|New value|Watchpoint [0-9]+: |received signal|\[Inferior 1 exited)/ { print; next }
             /^[^ *].* at .*prog\.c:[0-9]+$/ { print }'
}
if ! gcc -g -O0 -pthread -o "$tmp/prog.native" "$here/prog.c" 2>"$tmp/ncc.log"; then
    skip gdb-differential "the host gcc cannot build prog.c: $(tail -n 1 "$tmp/ncc.log")"
else
    timeout "$limit" gdb -batch -nx -ex starti "$@" --args "$tmp/prog.native" >"$tmp/native.out" 2>&1
    normalize "$tmp/x32.out" >"$tmp/x32.norm"
    normalize "$tmp/native.out" >"$tmp/native.norm"
    if [ "$(wc -l <"$tmp/native.norm")" -lt 10 ]; then
        skip gdb-differential "native gdb could not run the x86-64 build here (ptrace refused?): $(tail -n 1 "$tmp/native.out")"
    elif diff -u "$tmp/native.norm" "$tmp/x32.norm" >"$tmp/diff.out"; then
        pass gdb-differential
    else
        cat "$tmp/diff.out"
        fail gdb-differential "x32 under the stub and x86-64 under ptrace differ (diff above)"
    fi
fi
expect gdb-break-program "$tmp/x32.out" '^Breakpoint 1, main \(argc=1, argv=0x[0-9a-f]+\) at .*prog\.c:'
expect gdb-step-finish "$tmp/x32.out" '^twice_plus_one \(x=5\) at .*prog\.c:' '^Value returned is \$[0-9]+ = 11$'
expect gdb-signal-handler-backtrace "$tmp/x32.out" 'received signal SIGUSR1' '^#0 +on_usr1 \(sig=10\)' '^#1 +<signal handler called>' '^#[0-9]+ .* in main \(argc=1'
expect gdb-second-thread "$tmp/x32.out" '^Thread 2 .*hit Breakpoint [0-9]+, worker \(arg=0x5\)' '^\* 2 +Thread [0-9]+ +worker' '^  1 +Thread [0-9]+ +.*(futex|pthread_join|clone)'
expect gdb-watchpoint "$tmp/x32.out" '^Watchpoint [0-9]+: counter' '^Old value = 5$' '^New value = 6$' '^Old value = 6$' '^New value = 7$'
expect gdb-modify-and-continue "$tmp/x32.out" 'exited with code 024\]'

x32_gdb "$tmp/types.out" -ex 'break twice_plus_one' -ex continue -ex up \
    -ex 'print sizeof(rec.count)' -ex 'print sizeof(rec.name)' -ex 'print sizeof(long)' \
    -ex 'print rec' -ex 'print *rec.target' -ex 'break printf' -ex continue -ex bt \
    -ex 'info sharedlibrary' -ex 'info auxv' -ex kill "$tmp/prog"
expect gdb-sizeof-x32 "$tmp/types.out" '^\$1 = 4$' '^\$2 = 4$' '^\$3 = 4$'
expect gdb-struct-print "$tmp/types.out" '^\$4 = \{name = 0x[0-9a-f]+ "hello", count = 42, target = 0x[0-9a-f]+\}$' '^\$5 = 5$'
expect gdb-break-libc "$tmp/types.out" '^Breakpoint 2, .*printf' '^#1 +0x[0-9a-f]+ in main \('
expect gdb-info-sharedlibrary "$tmp/types.out" 'Yes .*/libc\.so\.6$' 'AT_ENTRY +Entry point of program'
# 'k' ends the program at once; gdb 13 then says the connection closed.
if grep -q 'Kill the program being debugged' "$tmp/types.out" && ! grep -q '^counter=' "$tmp/types.out"; then
    pass gdb-kill
else
    fail gdb-kill "the program was not killed: $(tail -n 1 "$tmp/types.out")"
fi

if "$cc" -g -O0 -pthread -o "$tmp/threads" "$here/threads.c" 2>"$tmp/cc2.log"; then
    x32_gdb "$tmp/storm.out" -ex 'break tick' -ex 'ignore 1 150' -ex continue -ex delete \
        -ex continue "$tmp/threads"
    expect gdb-threads-breakpoint-storm "$tmp/storm.out" '^Thread [0-9]+ hit Breakpoint 1, tick \(i=1\)' \
        '^total=200$' 'exited normally\]'
else
    fail gdb-threads-breakpoint-storm "threads.c does not build for x32: $(tail -n 1 "$tmp/cc2.log")"
fi

if "$cc" -g -O0 -o "$tmp/stepi" "$here/stepi.c" 2>"$tmp/cc3.log"; then
    x32_gdb "$tmp/stepi.out" -ex 'break *raw_getpid+5' -ex continue -ex stepi \
        -ex 'print $pc == (long)raw_getpid + 7' -ex 'print $rax > 0' "$tmp/stepi"
    expect gdb-stepi-syscall "$tmp/stepi.out" '^\$1 = 1$' '^\$2 = 1$'
else
    fail gdb-stepi-syscall "stepi.c does not build for x32: $(tail -n 1 "$tmp/cc3.log")"
fi

# A stepi over x32's rt_sigreturn stops where the signal came, and the program then ends
# as it should (before the fix a breakpoint was planted after the call and the step
# never stopped: gdb saw the program exit).
if "$cc" -g -O0 -o "$tmp/sigreturn" "$here/sigreturn.c" 2>"$tmp/cc4.log"; then
    x32_gdb "$tmp/sigreturn.out" -ex 'handle SIGUSR1 nostop noprint pass' \
        -ex 'break *sigreturn_restorer+5' -ex continue -ex stepi \
        -ex 'print $pc != (long)sigreturn_restorer + 7' -ex 'print got' -ex continue "$tmp/sigreturn"
    expect gdb-stepi-sigreturn "$tmp/sigreturn.out" '^\$1 = 1$' '^\$2 = 10$' 'exited normally\]'
else
    fail gdb-stepi-sigreturn "sigreturn.c does not build for x32: $(tail -n 1 "$tmp/cc4.log")"
fi

# The program's own bytes at a site the fast path rewrote, and a breakpoint on it later.
if "$cc" -g -O0 -o "$tmp/codebytes" "$here/codebytes.c" 2>"$tmp/cc5.log"; then
    x32_gdb "$tmp/codebytes.out" -ex 'break done' -ex continue -ex 'x/2i raw_getpid' \
        -ex 'break raw_getpid' -ex continue -ex 'x/2i $pc' -ex 'delete' -ex continue "$tmp/codebytes"
    expect gdb-rewritten-site-bytes "$tmp/codebytes.out" \
        '<raw_getpid>:[[:space:]]+mov +\$0x40000027,%eax' '<raw_getpid\+5>:[[:space:]]+syscall' \
        '^Breakpoint 2, .*raw_getpid' '=> 0x[0-9a-f]+ <raw_getpid>:[[:space:]]+mov +\$0x40000027,%eax' \
        'exited normally\]'
else
    fail gdb-rewritten-site-bytes "codebytes.c does not build for x32: $(tail -n 1 "$tmp/cc5.log")"
fi

if ! grep -qw avx /proc/cpuinfo; then
    skip gdb-avx-registers "this CPU has no AVX"
elif "$cc" -g -O1 -o "$tmp/avx" "$here/avx.c" 2>"$tmp/cc4.log"; then
    x32_gdb "$tmp/avx.out" -ex 'break *after_load' -ex continue -ex 'print $ymm3.v8_float' \
        -ex 'set var $ymm3.v8_float[7] = 42' -ex continue "$tmp/avx"
    expect gdb-avx-registers "$tmp/avx.out" '^\$1 = \{1, 2, 3, 4, 5, 6, 7, 8\}$' 'exited with code 052\]'
else
    fail gdb-avx-registers "avx.c does not build for x32: $(tail -n 1 "$tmp/cc4.log")"
fi

# The seccomp fallback traps system calls differently; the stub must not care.
X32_RUN_TRAP=seccomp x32_gdb "$tmp/seccomp.out" -ex 'handle SIGUSR1 nostop noprint pass' \
    -ex 'break twice_plus_one' -ex continue -ex finish -ex 'break worker' -ex continue \
    -ex delete -ex continue "$tmp/prog"
expect gdb-seccomp-trap "$tmp/seccomp.out" '^Value returned is \$1 = 11$' \
    '^Thread 2 .*hit Breakpoint 2, worker \(arg=0x5\)' 'exited with code 013\]'

x32_gdb "$tmp/crash.out" -ex 'handle SIGUSR1 nostop noprint pass' -ex continue -ex bt \
    -ex continue "$tmp/prog" crash
expect gdb-sigsegv-line "$tmp/crash.out" 'received signal SIGSEGV' "^0x[0-9a-f]+ in crash \\(p=0x0\\) at .*prog\\.c:$crash_line\$" '^#1 .* in main ' 'terminated with signal SIGSEGV'



# extended-remote (x32-run -g - without a program): `run` with arguments
# (one with a space and a quote), a second `run` that restarts, and --no-start.
if "$cc" -g -O0 -o "$tmp/attach" "$here/attach.c" 2>"$tmp/cc5.log"; then
    x32_gdb "$tmp/rerun.out" -ex 'break count_args' -ex run -ex 'print argc' -ex run \
        -ex finish -ex continue "$tmp/attach" one "two 2" "it's"
    expect gdb-run-restart-args "$tmp/rerun.out" '^Breakpoint 1, count_args \(argc=4\)' \
        '^\$1 = 4$' 'Value returned is \$2 = 3$' "^arg3=\[it's\]\$" '^arg2=\[two 2\]$' \
        'exited with code 03\]'
    x32_gdb "$tmp/nostart.out" --no-start -ex 'info inferiors' -ex 'break count_args' \
        -ex 'run' -ex 'print sizeof(long)' -ex continue "$tmp/attach"
    expect gdb-no-start-run "$tmp/nostart.out" '^Breakpoint 1, count_args \(argc=1\)' '^\$1 = 4$' \
        'exited normally\]'

    # attach PID: a program spinning in its own code, then one blocked in read().
    # wait_ready FILE: the program's "ready PID" line.
    wait_ready() {
        for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
            grep -q '^ready' "$1" 2>/dev/null && break
            sleep 0.5
        done
        sed -n 's/^ready //p' "$1"
    }
    "$run" "$tmp/attach" spin >"$tmp/spin.prog" 2>&1 &
    prog_pid=$!
    x32_gdb "$tmp/spin.out" --pid "$(wait_ready "$tmp/spin.prog")" -ex 'print spins > 0' \
        -ex 'print sizeof(spins)' -ex 'set var released = 1' -ex detach "$tmp/attach"
    wait "$prog_pid"
    spin_rc=$?
    if grep -q '^\$1 = 1$' "$tmp/spin.out" && grep -q '^\$2 = 4$' "$tmp/spin.out" &&
        grep -q 'detached\]' "$tmp/spin.out" && grep -q '^released, sizeof(long)=4$' "$tmp/spin.prog" &&
        [ "$spin_rc" = 21 ]; then
        pass gdb-attach-spinning
    else
        fail gdb-attach-spinning "exit $spin_rc; gdb: $(grep -v '^warning' "$tmp/spin.out" | tail -n 1); program: $(tail -n 1 "$tmp/spin.prog")"
    fi
    rm -f "$tmp/fifo"
    mkfifo "$tmp/fifo"
    "$run" "$tmp/attach" read <"$tmp/fifo" >"$tmp/read.prog" 2>&1 &
    prog_pid=$!
    exec 7>"$tmp/fifo"
    x32_gdb "$tmp/read.out" --pid "$(wait_ready "$tmp/read.prog")" -ex 'bt' -ex detach "$tmp/attach"
    printf 'x' >&7
    exec 7>&-
    wait "$prog_pid"
    read_rc=$?
    if grep -Eq '^#[0-9]+ .* in main \(' "$tmp/read.out" && grep -q "^read 1 'x'$" "$tmp/read.prog" &&
        [ "$read_rc" = 22 ]; then
        pass gdb-attach-blocked-read
    else
        fail gdb-attach-blocked-read "exit $read_rc; gdb: $(grep -v '^warning' "$tmp/read.out" | tail -n 1); program: $(tail -n 1 "$tmp/read.prog")"
    fi
    # The same in a call that came through the rewrite fast path (x32-run's
    # default): the program reads 5 bytes through one patchable site, which is
    # rewritten by then, and blocks there inside the hook.  gdb must see the
    # call's registers (fd 0, count 1, xmm8 as the program set it), a backtrace
    # into main; the call must give its byte after the detach, and xmm8 the value
    # gdb wrote (x32-run's hook does not save that register; gdb's change must
    # still reach the program, as ptrace's does on a kernel).
    site_want=b8
    [ "$(fast_path_state "$run")" != on ] || site_want=e9
    rm -f "$tmp/fifo"
    mkfifo "$tmp/fifo"
    "$run" "$tmp/attach" site <"$tmp/fifo" >"$tmp/site.prog" 2>&1 &
    prog_pid=$!
    exec 7>"$tmp/fifo"
    printf '12345' >&7
    x32_gdb "$tmp/site.out" --pid "$(wait_ready "$tmp/site.prog")" -ex 'bt' -ex 'print $rdi' \
        -ex 'print $rdx' -ex 'print/x $xmm8.v2_int64[0]' \
        -ex 'set var $xmm8.v2_int64[0] = 0x4764622d73657421' -ex detach "$tmp/attach"
    printf 'x' >&7
    exec 7>&-
    wait "$prog_pid"
    site_rc=$?
    if grep -Eq '^#0 .*site_read' "$tmp/site.out" && grep -Eq '^#1 .* in main \(' "$tmp/site.out" &&
        grep -q '^\$1 = 0$' "$tmp/site.out" && grep -q '^\$2 = 1$' "$tmp/site.out" &&
        grep -q '^\$3 = 0x5832726561647878$' "$tmp/site.out" &&
        grep -q "^read 1 'x' site $site_want xmm8 4764622d73657421\$" "$tmp/site.prog" && [ "$site_rc" = 23 ]; then
        pass gdb-attach-blocked-fast-path
    else
        fail gdb-attach-blocked-fast-path "exit $site_rc; gdb: $(grep -v '^warning' "$tmp/site.out" | tr '\n' '|' | cut -c1-300); program (site should be $site_want): $(tail -n 1 "$tmp/site.prog")"
    fi
    # gdb killed while attached: the program is detached and runs on (a
    # breakpoint left behind must not stop it), as after a native gdb dies.
    "$run" "$tmp/attach" spin >"$tmp/hang.prog" 2>&1 &
    prog_pid=$!
    x32_gdb "$tmp/hang.out" --pid "$(wait_ready "$tmp/hang.prog")" -ex 'break count_args' \
        -ex 'set var released = 1' -ex 'shell kill -9 $PPID' "$tmp/attach"
    wait "$prog_pid"
    hang_rc=$?
    if [ "$hang_rc" = 21 ] && grep -q '^released' "$tmp/hang.prog"; then
        pass gdb-attach-hangup-runs-on
    else
        fail gdb-attach-hangup-runs-on "exit $hang_rc; program: $(tail -n 1 "$tmp/hang.prog")"
    fi
else
    for c in gdb-run-restart-args gdb-no-start-run gdb-attach-spinning gdb-attach-blocked-read \
        gdb-attach-blocked-fast-path gdb-attach-hangup-runs-on; do
        fail "$c" "attach.c does not build for x32: $(tail -n 1 "$tmp/cc5.log")"
    done
fi
# attach to a native process: refused in one line, and the process is untouched
# (SIGSYS, the attach request, would have killed it).
sleep 30 &
native_pid=$!
x32_gdb "$tmp/native.attach" --pid "$native_pid"
if kill -0 "$native_pid" 2>/dev/null &&
    grep -q "cannot attach to $native_pid: it is not an x32 program under x32-run" "$tmp/native.attach"; then
    pass gdb-attach-refuses-native
else
    fail gdb-attach-refuses-native "$(head -n 1 "$tmp/native.attach")"
fi
kill "$native_pid" 2>/dev/null

# TCP: -g PORT and X32_RUN_GDB=PORT, and a port already taken.
pick_port() { echo $((20000 + $(od -An -N2 -tu2 /dev/urandom) % 20000)); }
port=$(pick_port)
"$run" -g "$port" "$tmp/prog" exit-arg >"$tmp/tcp.prog" 2>&1 &
stub=$!
sleep 1
"$run" -g "$port" "$tmp/prog" >"$tmp/inuse.out" 2>&1
inuse=$?
if [ "$inuse" != 0 ] && [ "$(wc -l <"$tmp/inuse.out")" = 1 ] && grep -q "port $port.*in use" "$tmp/inuse.out"; then
    pass gdb-port-in-use
else
    fail gdb-port-in-use "exit $inuse: $(head -n 1 "$tmp/inuse.out")"
fi
timeout "$limit" gdb -batch -nx -ex "set sysroot ${X32_SYSROOT:-/}" -ex "target remote :$port" \
    -ex 'handle SIGUSR1 nostop noprint pass' -ex continue "$tmp/prog" >"$tmp/tcp.out" 2>&1
wait "$stub"
expect gdb-tcp-port "$tmp/tcp.out" 'exited with code 0157\]'
port=$(pick_port)
X32_RUN_GDB=$port "$run" "$tmp/prog" >"$tmp/env.prog" 2>&1 &
stub=$!
sleep 1
timeout "$limit" gdb -batch -nx -ex "set sysroot ${X32_SYSROOT:-/}" -ex "target remote :$port" \
    -ex 'handle SIGUSR1 nostop noprint pass' -ex 'break twice_plus_one' -ex continue \
    -ex continue "$tmp/prog" >"$tmp/env.out" 2>&1
wait "$stub"
expect gdb-env-port "$tmp/env.out" '^Breakpoint 1, twice_plus_one \(x=5\)' 'exited with code 013\]'

# detach over TCP (the pipe form's gdb sends SIGTERM down the pipe when it exits):
# the program runs on by itself to its own exit status.
port=$(pick_port)
"$run" -g "$port" "$tmp/prog" >"$tmp/detach.prog" 2>&1 &
stub=$!
sleep 1
timeout "$limit" gdb -batch -nx -ex "set sysroot ${X32_SYSROOT:-/}" -ex "target remote :$port" \
    -ex 'break twice_plus_one' -ex continue -ex detach "$tmp/prog" >"$tmp/detach.out" 2>&1
wait "$stub"
detach_rc=$?
if grep -q '^Breakpoint 1, twice_plus_one' "$tmp/detach.out" && grep -q 'detached\]' "$tmp/detach.out" &&
    grep -q '^counter=8 handled=10$' "$tmp/detach.prog" && [ "$detach_rc" = 11 ]; then
    pass gdb-detach
else
    fail gdb-detach "exit $detach_rc; gdb: $(tail -n 1 "$tmp/detach.out"); program: $(tail -n 1 "$tmp/detach.prog")"
fi

if gcc -O2 -o "$tmp/wire" "$here/wire.c" 2>"$tmp/wire.cc"; then
    timeout "$limit" "$tmp/wire" "$run" "$tmp/prog" "$(od -An -N2 -tu2 /dev/urandom)" >"$tmp/wire.out" 2>&1
    wire_rc=$?
    cat "$tmp/wire.out"
    if [ "$wire_rc" = 0 ]; then pass gdb-wire; else fail gdb-wire "exit $wire_rc (failures above)"; fi
else
    skip gdb-wire "the host gcc cannot build wire.c"
fi

# The other documented way: gdb inside the x32 VM (a real x32 kernel, ptrace).
vm=$(dirname "$run")/x32-vm
if [ ! -x "$vm" ]; then
    skip gdb-in-vm "no x32-vm next to $run"
else
    timeout "$limit" "$vm" run -- /usr/bin/gdb -batch -nx -ex 'handle SIGUSR1 nostop noprint pass' \
        -ex run -ex bt -ex 'print sizeof(long)' --args "$tmp/prog" crash >"$tmp/vm.out" 2>&1
    vm_rc=$?
    if [ "$vm_rc" = 125 ] || [ "$vm_rc" = 124 ]; then
        skip gdb-in-vm "the VM did not run here (exit $vm_rc): $(tail -n 1 "$tmp/vm.out")"
    else
        expect gdb-in-vm "$tmp/vm.out" 'received signal SIGSEGV' "^0x[0-9a-f]+ in crash \\(p=0x0\\) at .*prog\\.c:$crash_line\$" '^\$1 = 4$'
    fi
fi
