# shellcheck shell=sh
# The portability examples in both modes (sourced by tests/vm/run.sh; root, cc, here,
# user_run, TEST_TMP and report_pair come from there).  examples/run.sh builds and runs
# every example as it always does, but with X32_RUN pointing at a stand-in that runs
# each x32 program twice, under x32-run in user mode and through x32-run --mode vm, each
# from its own empty directory with stdin /dev/null, and hands the user-mode result back
# (so the examples' own verdicts are those of user mode; tests/run.sh's examples suite
# reports them).  Each program run is then one PASS/FAIL here: exit status, stdout and
# stderr must be equal in both modes, or the run must be listed in
# known-differences.txt as "example:NN-name/TAG REASON".
# shellcheck disable=SC2154

examples_differential() {
    if [ ! -x "$user_run" ]; then
        skip examples_differential "no x32-run (set X32_RUN) to compare with"
        return
    fi
    _log=$TEST_TMP/examples
    rm -rf "$_log"
    mkdir -p "$_log"
    : > "$_log/keys"
    cat > "$_log/x32-run-both" <<'WRAPPER'
#!/bin/sh
# x32-run stand-in for tests/vm/examples.sh: user mode, then VM, user mode's result back.
prog=$1
case $prog in
    */build/*) key=$(basename "$(dirname "$(dirname "$prog")")")/$(basename "$prog") ;;
    *) exec "$X32EX_RUN" "$@" ;;   # examples/run.sh's own hello-world probe
esac
safe=$(printf '%s' "$key" | tr / _)
for m in user vm; do
    d=$X32EX_LOG/cwd-$safe-$m
    rm -rf "$d"
    mkdir -p "$d"
    (cd "$d" && exec "$X32EX_RUN" --mode "$m" "$@" < /dev/null) \
        > "$X32EX_LOG/$safe.$m.out" 2> "$X32EX_LOG/$safe.$m.err"
    echo "$?" > "$X32EX_LOG/$safe.$m.rc"
    rm -rf "$d"
done
echo "$key" >> "$X32EX_LOG/keys"
cat "$X32EX_LOG/$safe.user.out"
cat "$X32EX_LOG/$safe.user.err" >&2
exit "$(cat "$X32EX_LOG/$safe.user.rc")"
WRAPPER
    chmod +x "$_log/x32-run-both"
    _t0=$(date +%s)
    X32EX_RUN=$user_run X32EX_LOG=$_log X32_RUN=$_log/x32-run-both X32_CC=$cc \
        sh "$root/examples/run.sh" --check > "$_log/examples.log" 2>&1
    _rc=$?
    printf 'examples: examples/run.sh --check exit %s in %ss, %s x32 runs compared (its own verdicts: %s PASS, %s FAIL, %s SKIP)\n' \
        "$_rc" "$(( $(date +%s) - _t0 ))" "$(wc -l < "$_log/keys")" \
        "$(grep -c '^PASS ' "$_log/examples.log")" "$(grep -c '^FAIL ' "$_log/examples.log")" \
        "$(grep -c '^SKIP ' "$_log/examples.log")"
    if [ ! -s "$_log/keys" ]; then
        fail examples_differential "examples/run.sh ran no x32 program (see $_log/examples.log): $(tail -n 1 "$_log/examples.log")"
        return
    fi
    while read -r _k; do
        _s=$(printf '%s' "$_k" | tr / _)
        _ru=$(cat "$_log/$_s.user.rc") _rv=$(cat "$_log/$_s.vm.rc")
        if [ "$_ru" = "$_rv" ] && cmp -s "$_log/$_s.user.out" "$_log/$_s.vm.out" \
                && cmp -s "$_log/$_s.user.err" "$_log/$_s.vm.err"; then
            _same=yes
        else
            _same=no
        fi
        report_pair "vm_diff_examples/$_k" "example:$_k" "$_same" "user mode exit $_ru, VM exit $_rv"
        if [ "$_same" = no ]; then
            diff "$_log/$_s.user.out" "$_log/$_s.vm.out" | head -n 6 | sed 's/^/    | stdout /'
            diff "$_log/$_s.user.err" "$_log/$_s.vm.err" | head -n 6 | sed 's/^/    | stderr /'
        fi
    done < "$_log/keys"
}

examples_differential
