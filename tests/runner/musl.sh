# shellcheck shell=sh
# Sourced by tests/runner/run.sh: the same self-checking programs built with the SDK's
# optional musl toolchain (./build.sh musl, issue 34), static as it links by default,
# and run under the same x32-run. Each is one musl-NAME line. A program that does not
# build against musl uses something only glibc has: a skip that names it. A program
# whose check is of glibc's own behaviour or meets a musl bug, and so fails on the
# real x32 kernel too, is listed in musl-known.txt with the reason, and skips saying
# so. Everything else must pass, as with glibc: musl makes its system calls its own
# way (its own wrappers, its own syscall instructions), which is what this exercises
# in the runner.
# shellcheck disable=SC2154 # cc, programs, here, root: set by run.sh
musl_cc="${X32_SDK_PREFIX:-$root/out}/bin/x86_64-linux-muslx32-gcc"
if [ ! -x "$musl_cc" ]; then
    skip musl-programs "the optional musl toolchain is not built (./build.sh musl)"
else
    _musl_list=$programs
    if [ -z "$_musl_list" ]; then
        for _src in "$here"/*.c; do _musl_list="$_musl_list $(basename "$_src" .c)"; done
    fi
    _glibc_cc=$cc
    cc=$musl_cc name_prefix=musl- build_fail_is=skip
    for _m in $_musl_list; do
        _why=$(sed -n "s/^$_m *| *//p" "$here/musl-known.txt" 2>/dev/null | head -n 1)
        if [ -n "$_why" ]; then
            skip "musl-$_m" "fails on the real x32 kernel too (musl-known.txt): $_why"
            continue
        fi
        run_test "$_m"
    done
    cc=$_glibc_cc name_prefix="" build_fail_is=fail
fi
