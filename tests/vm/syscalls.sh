# shellcheck shell=sh
# The call-by-call half of tests/vm/run.sh (sourced by it; cc, here, user_run, TEST_TMP
# and report_pair come from there).  tests/vm/syscall_table/ (the table in main.c, one
# file per family of calls around syscall_table.h) builds one program that runs a table
# of cases, each printing one normalised line "name: result"; it runs once under x32-run
# in user mode and once through x32-run --mode vm on the real x32 kernel, and every case
# is one PASS/FAIL: its two lines must be equal, or the case must be listed in
# known-differences.txt as "syscall:NAME REASON".  The table runs again in user mode
# with X32_RUN_TRAP=seccomp (the fallback trap) and X32_RUN_TRAP=sud (every call
# trapped, no site rewritten; the default is the rewrite fast path), each checked
# against the VM the same way and reported as one case.
# shellcheck disable=SC2154

# trap_differential MODE WHAT: the table once more in user mode with
# X32_RUN_TRAP=MODE, checked against the VM's lines; one case.
trap_differential() {
    (cd "$TEST_TMP" && X32_RUN_TRAP=$1 exec timeout -k 5 300 "$user_run" --mode user "$_st" < /dev/null) \
        > "$TEST_TMP/st.$1" 2> "$TEST_TMP/st.$1.err"
    _rs=$?
    _bad=""
    while read -r _c; do
        _s=$(awk -v n="$_c:" '$1 == n { sub(/^[^ ]+ /, ""); print; exit }' "$TEST_TMP/st.$1")
        _v=$(awk -v n="$_c:" '$1 == n { sub(/^[^ ]+ /, ""); print; exit }' "$TEST_TMP/st.vm")
        if [ -z "$_s" ] || { [ "$_s" != "$_v" ] && [ -z "$(known_reason "syscall:$_c")" ]; }; then
            _bad="$_bad $_c"
            printf '    | %s trap %s: %s | VM: %s\n' "$1" "$_c" "${_s:-no line}" "$_v"
        fi
    done < "$TEST_TMP/st.list"
    if [ "$_rs" = 126 ] && grep -q 'neither syscall user dispatch nor seccomp is available\|not available' "$TEST_TMP/st.$1.err"; then
        skip "vm_syscall_table_$1_trap" "this kernel cannot run $2: $(tail -n 1 "$TEST_TMP/st.$1.err")"
    elif [ "$_rs" = 0 ] && [ -z "$_bad" ]; then pass "vm_syscall_table_$1_trap"
    else fail "vm_syscall_table_$1_trap" "with X32_RUN_TRAP=$1 ($2; exit $_rs) differing from the VM:$_bad"; fi
}

syscall_differential() {
    _st=$TEST_TMP/syscall_table
    # shellcheck disable=SC2086 # $cc may carry flags
    if ! $cc -O2 -Wall -o "$_st" "$here"/syscall_table/*.c > "$TEST_TMP/st-cc.log" 2>&1; then
        fail syscall_differential "tests/vm/syscall_table/ does not build: $(tail -n 1 "$TEST_TMP/st-cc.log")"
        return
    fi
    if [ ! -x "$user_run" ]; then
        skip syscall_differential "no x32-run (set X32_RUN) to compare with"
        return
    fi
    _t0=$(date +%s)
    # Both from the same scratch cwd, stdin /dev/null; 20 s per case at most inside.
    (cd "$TEST_TMP" && exec timeout -k 5 300 "$user_run" --mode user "$_st" < /dev/null) \
        > "$TEST_TMP/st.user" 2> "$TEST_TMP/st.user.err"
    _ru=$?
    _t1=$(date +%s)
    (cd "$TEST_TMP" && exec timeout -k 5 300 "$user_run" --mode vm "$_st" < /dev/null) \
        > "$TEST_TMP/st.vm" 2> "$TEST_TMP/st.vm.err"
    _rv=$?
    printf 'syscall table: user mode %ss (exit %s), VM %ss (exit %s)\n' "$((_t1 - _t0))" "$_ru" \
        "$(( $(date +%s) - _t1 ))" "$_rv"
    if ! "$user_run" --mode user "$_st" --list > "$TEST_TMP/st.list" 2>&1 || [ ! -s "$TEST_TMP/st.list" ]; then
        fail syscall_differential "syscall_table --list failed: $(tail -n 1 "$TEST_TMP/st.list")"
        return
    fi
    expect_eq vm_syscall_table_exit "$_ru $_rv" "0 0"
    while read -r _c; do
        _u=$(awk -v n="$_c:" '$1 == n { sub(/^[^ ]+ /, ""); print; exit }' "$TEST_TMP/st.user")
        _v=$(awk -v n="$_c:" '$1 == n { sub(/^[^ ]+ /, ""); print; exit }' "$TEST_TMP/st.vm")
        if [ -z "$_u" ] || [ -z "$_v" ]; then
            fail "vm_syscall_$_c" "no result line (user mode: '${_u:-none}', VM: '${_v:-none}'; see stderr)"
            sed 's/^/    | user stderr: /' "$TEST_TMP/st.user.err" | head -n 3
            sed 's/^/    | vm stderr: /' "$TEST_TMP/st.vm.err" | head -n 3
            continue
        fi
        if [ "$_u" = "$_v" ]; then _same=yes; else _same=no; fi
        report_pair "vm_syscall_$_c" "syscall:$_c" "$_same" "user mode: $_u | VM: $_v"
    done < "$TEST_TMP/st.list"

    trap_differential seccomp "the fallback trap"
    trap_differential sud "syscall user dispatch without the rewrite fast path"
}

syscall_differential
