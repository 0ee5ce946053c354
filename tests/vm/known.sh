# shellcheck shell=sh
# Shared by the differentials of tests/vm/run.sh (sourced by it; here comes from it).
# shellcheck disable=SC2154
known=$here/known-differences.txt

# known_reason KEY: the reason KEY may differ between user mode and the VM, as listed in
# known-differences.txt ("KEY REASON..." lines), empty when it must not differ.
known_reason() {
    awk -v k="$1" '$1 == k { sub(/^[^[:space:]]+[[:space:]]+/, ""); print; exit }' "$known" 2>/dev/null
}

# report_pair TEST KEY SAME DETAIL: one PASS/FAIL line for a user-mode/VM comparison.
# SAME is yes when both sides agreed; a listed difference counts as a pass (with its
# reason printed), and a listed one that agreed is noted, so the list can shrink.
report_pair() {
    _rp_why=$(known_reason "$2")
    if [ "$3" = yes ]; then
        [ -n "$_rp_why" ] && printf 'note: %s is listed as a known difference but agreed\n' "$2"
        pass "$1"
    elif [ -n "$_rp_why" ]; then
        printf 'known difference %s (%s): %s\n' "$2" "$4" "$_rp_why"
        pass "$1"
    else
        fail "$1" "$4"
    fi
}
