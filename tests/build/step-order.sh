# shellcheck shell=sh
# Sourced by tests/build/run.sh. lib/steps.sh finds the steps by their files and orders
# them by their deps: a new step file takes its place with nothing else edited, an
# optional one is built only when asked for, and deps that cannot be met are one clear
# error.

# steps_of DIR [WITH]: the step list of the checkout in DIR (WITH: optional steps asked for).
steps_of() {
    TOP=$1 WITH_STEPS=${2:-} sh -c '. "$TOP/lib/steps.sh"; all_steps' 2>&1 | paste -sd ' ' -
}

# Every step of the real checkout comes after the steps it declares in deps=.
# Two spaces between names, so that " a " and " b " of neighbours do not share one.
_order=" $(steps_of "$TOP" | sed 's/ /  /g') "
_bad=""
for _s in $_order; do
    for _d in $(TOP=$TOP sh -c '. "$TOP/lib/steps.sh"; step_declared "$(step_file "$1")" deps' sh "$_s"); do
        case $_order in *" $_d "*" $_s "*) ;; *) _bad="$_bad $_s-before-$_d" ;; esac
    done
done
# shellcheck disable=SC2086 # one step name a word
if [ -n "$_bad" ] || [ "$(printf '%s\n' $_order | wc -l)" -lt 9 ]; then
    fail steps-ordered-by-deps "order '$_order':$_bad"
else
    pass steps-ordered-by-deps
fi

# A fake checkout with two more step files: one the build needs after gcc-libs, one
# optional; then one whose dep does not exist.
FO="$T/fake-order"
fake_checkout "$FO"
printf 'deps="gcc-libs"\npins=""\nrun_step() { :; }\n' > "$FO/toolchain/steps/extra.sh"
printf 'deps="linux-headers"\npins=""\noptional=yes\nrun_step() { :; }\n' > "$FO/sysroot/steps/maybe.sh"
_plain=$(steps_of "$FO")
_with=$(steps_of "$FO" maybe)
printf 'deps="no-such-step"\npins=""\nrun_step() { :; }\n' > "$FO/sysroot/steps/broken.sh"
_broken=$(steps_of "$FO")
_real=$(steps_of "$TOP")
case "$_plain|$_with|$_broken" in
    "${_real% runner vm} extra runner vm|binutils linux-headers gcc-compiler maybe glibc-headers"*" extra runner vm|"*"need steps that do not exist"*"sysroot/steps/broken.sh"*)
        pass optional-and-new-steps-take-their-place ;;
    *) fail optional-and-new-steps-take-their-place "without: '$_plain'; with maybe: '$_with'; with a broken dep: '$_broken'" ;;
esac
