#!/bin/sh
# shellcheck disable=SC2154 # oe_series, oe_parsed, oe_line_cases: set by the sourced bitbake/*.sh and oe_lines.sh
# tests/yocto/run.sh: x32-run in the role OpenEmbedded gives qemu-usermode (see
# tests/lib.sh for the protocol; runner/yocto/meta-x32-sdk/README.md for the layer).
#  1. BitBake: each OE-Core series of the archives parsed by its own BitBake with the
#     layer (bitbake/), and what the layer's README promises asserted on `bitbake -p`
#     and `bitbake -e` (no SDK needed).
#  2. A target rootfs assembled from the SDK's sysroot plus x32 programs (rootfs.sh),
#     then run with the command lines those parses generated (oe_lines.sh: meson's and
#     cmake-qemu's wrappers, qemuwrapper-cross and a postinst intercept), and with
#     libc-package's localedef form, with an x86-64 LD_PRELOAD (a stand-in for pseudo)
#     in the environment; x32-run's options and the bad inputs.
#  3. Each program again on a real x32 kernel, `x32-run --mode vm` running chroot(8)
#     into the same rootfs (one VM boot), and the results compared.
#
# Environment: X32_SDK_PREFIX (default out/), X32_CC, X32_RUN, TEST_TMP,
# X32_SDK_YOCTO_ARCHIVES and X32_SDK_YOCTO_CACHE (bitbake/host.sh).
set -u

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup yocto
top=$TOP
# shellcheck source=rootfs.sh
. "$here/rootfs.sh"
# shellcheck source=bitbake/host.sh
. "$here/bitbake/host.sh"
# shellcheck source=bitbake/extract.sh
. "$here/bitbake/extract.sh"
# shellcheck source=bitbake/cases.sh
. "$here/bitbake/cases.sh"
# shellcheck source=oe_lines.sh
. "$here/oe_lines.sh"

# shellcheck disable=SC2153 # PREFIX: set by suite_setup
prefix=$PREFIX
run=${X32_RUN:-$prefix/bin/x32-run}
cc=${X32_CC:-$prefix/bin/x86_64-linux-gnux32-gcc}
sysroot=$prefix/x86_64-linux-gnux32/sysroot

# 1. The parses, before anything needs the SDK.
bb_suite

CASES="localedef_form exec_by_absolute_path env_options_and_argv0 double_dash x86_64_preload_kept_out
preload_back_for_native_children dev_stays_host bad_rootfs_missing bad_rootfs_not_a_root
bad_missing_interpreter bad_option_without_value bad_not_x32 vm_chroot_cache vm_chroot_locale
vm_chroot_exec vm_chroot_meson_program sdk_oecore_variables sdk_environment_setup_d
sdk_oe_toolchain_config_cmake sdk_yocto_meson_cross_file sdk_tune_ccargs"
skip_all() {
    for _c in $CASES; do skip "$_c" "$1"; done
    for _sa in $oe_series; do
        for _c in $oe_line_cases; do skip "${_c}_${_sa%%:*}" "$1"; done
    done
    exit 0
}

[ -x "$run" ] || skip_all "no x32-run at $run (./build.sh builds it)"
[ -f "$sysroot/libx32/ld-linux-x32.so.2" ] || skip_all "no x32 glibc in $sysroot (./build.sh)"
progs=$TEST_TMP/progs
build_programs "$progs" > "$TEST_TMP/cc.log" 2>&1 \
    || skip_all "the x32 compiler $cc cannot build the test programs: $(tail -n 1 "$TEST_TMP/cc.log")"
D=$TEST_TMP/image-rootfs
make_rootfs "$D"
LIBS=$D/usr/libx32:$D/libx32
# What bitbake's environment has: pseudo's x86-64 library in LD_PRELOAD.
fakepseudo=$TEST_TMP/libfakepseudo.so
gcc -shared -fPIC -o "$fakepseudo" "$here/fakepseudo.c" 2> "$TEST_TMP/gcc.log" || fakepseudo=""
printf 'yocto tests: x32-run=%s rootfs=%s\n' "$run" "$D"

# oe RESULT_PREFIX CMD...: runs CMD the way a bitbake task would (pseudo's preload and
# variables set), stdout in RESULT_PREFIX.out, stderr in .err, status in .rc.
oe() {
    _o=$1; shift
    env ${fakepseudo:+LD_PRELOAD="$fakepseudo"} PSEUDO_PREFIX=/nonexistent/pseudo \
        PSEUDO_LOCALSTATEDIR="$TEST_TMP/pseudo" "$@" > "$_o.out" 2> "$_o.err"
    echo $? > "$_o.rc"
}
# ok NAME RESULT_PREFIX: the run exited 0 and ld.so did not complain about a preload.
ok() {
    if [ "$(cat "$2.rc")" != 0 ]; then
        fail "$1" "exit $(cat "$2.rc"): $(tail -n 1 "$2.err")"; return 1
    fi
    if grep -q 'wrong ELF class\|cannot be preloaded' "$2.err"; then
        fail "$1" "the x86-64 LD_PRELOAD reached the x32 program: $(grep -m1 'ELF class\|preloaded' "$2.err")"
        return 1
    fi
}
# want_line NAME FILE LINE: FILE has exactly LINE as one of its lines.
want_line() {
    grep -qxF "$3" "$2" && return 0
    fail "$1" "no line '$3' in $(tr '\n' '|' < "$2")"; return 1
}
# The cache cachegen must write for this rootfs: sizes from the files, x32 sizes.
expected_cache_names() {
    echo 'cachegen 1 long=4 ptr=4 suffix=.dat'
    for _i in 1 2 3; do
        echo "data$_i.dat $(wc -c < "$D/usr/share/cachegen/data$_i.dat")"
    done
}

case_localedef_form() {
    # libc-package.bbclass, "the earlier slower qemu way": -L and -E before QEMU_OPTIONS,
    # the input named by its path inside the tree, the output under --prefix.
    oe "$TEST_TMP/locale" sh -c "PSEUDO_RELOADED=YES PATH=\"$PATH\" I18NPATH=\"$D/usr/share/i18n\" $run -L $D -E LD_LIBRARY_PATH=$LIBS -r 5.15 -cpu Nehalem,check=false $D/bin/mklocale --force --no-hard-links --no-archive --prefix=$D --inputfile=/usr/share/i18n/locales/xx_XX --charmap=UTF-8 xx_XX.UTF-8"
    ok localedef_form "$TEST_TMP/locale" || return
    _f=$D/usr/lib/locale/xx_XX.UTF-8/LC_TEST
    # magic, 3 entries, 16-byte entries (x32: long and pointer are 4 bytes; x86-64: 24)
    _hdr=$(od -An -tx4 -N12 "$_f" 2>/dev/null | tr -s ' ' | sed 's/^ //')
    if [ "$_hdr" = "4c435431 00000003 00000010" ] && [ "$(wc -c < "$_f")" = 60 ]; then
        pass localedef_form
    else
        fail localedef_form "LC_TEST header '$_hdr', $(wc -c < "$_f" 2>&1) bytes"
    fi
}

case_exec_by_absolute_path() {
    # execabs starts /usr/bin/showenv, which only the rootfs has: the exec'd program is
    # looked up under -L, runs x32, and inherits -L (it sees the rootfs) and -r.
    oe "$TEST_TMP/exec" sh -c "PSEUDO_UNLOAD=1 $run -r 4.19.1 -L $D -E LD_LIBRARY_PATH=$LIBS $D/usr/bin/execabs /usr/bin/showenv child"
    ok exec_by_absolute_path "$TEST_TMP/exec" || return
    want_line exec_by_absolute_path "$TEST_TMP/exec.out" "argv0=/usr/bin/showenv ptr=4 release=4.19.1" \
        && want_line exec_by_absolute_path "$TEST_TMP/exec.out" "rootfs-only=yes" \
        && want_line exec_by_absolute_path "$TEST_TMP/exec.out" "execabs: /usr/bin/showenv exited 0" \
        && pass exec_by_absolute_path
}

case_env_options_and_argv0() {
    oe "$TEST_TMP/envopt" env BAR=from-caller "$run" -E FOO=1 -L "$D" -U BAR -0 my-name -E FOO=2 "$D/usr/bin/showenv"
    ok env_options_and_argv0 "$TEST_TMP/envopt" || return
    want_line env_options_and_argv0 "$TEST_TMP/envopt.out" "FOO=2 BAR=(unset) LD_PRELOAD=(unset)" || return
    if grep -q '^argv0=my-name ptr=4 ' "$TEST_TMP/envopt.out"; then
        pass env_options_and_argv0
    else
        fail env_options_and_argv0 "argv0 is not my-name: $(head -n 1 "$TEST_TMP/envopt.out")"
    fi
}

case_double_dash() {
    oe "$TEST_TMP/dd" "$run" -L "$D" -- "$D/usr/bin/showenv" -L -E
    ok double_dash "$TEST_TMP/dd" || return
    want_line double_dash "$TEST_TMP/dd.out" "arg1=-L" && want_line double_dash "$TEST_TMP/dd.out" "arg2=-E" \
        && pass double_dash
}

case_x86_64_preload_kept_out() {
    [ -n "$fakepseudo" ] || { skip x86_64_preload_kept_out "the host gcc cannot build a shared library: $(tail -n 1 "$TEST_TMP/gcc.log")"; return; }
    # An x32 preload library the caller adds stays; only the x86-64 one goes.
    # shellcheck disable=SC2086 # $cc may carry flags
    $cc -shared -fPIC -o "$D/usr/libx32/libx32keep.so" "$here/fakepseudo.c"
    oe "$TEST_TMP/pre" env LD_PRELOAD="$fakepseudo /usr/libx32/libx32keep.so" "$run" -L "$D" "$D/usr/bin/showenv"
    rm -f "$D/usr/libx32/libx32keep.so"
    ok x86_64_preload_kept_out "$TEST_TMP/pre" || return
    want_line x86_64_preload_kept_out "$TEST_TMP/pre.out" "FOO=(unset) BAR=(unset) LD_PRELOAD=/usr/libx32/libx32keep.so" \
        && pass x86_64_preload_kept_out
}

case_preload_back_for_native_children() {
    [ -n "$fakepseudo" ] || { skip preload_back_for_native_children "no x86-64 library to preload"; return; }
    # A native program the x32 one starts gets pseudo back, unless PSEUDO_UNLOAD asked
    # for pseudo to stay out of the command.
    oe "$TEST_TMP/native" "$run" -L "$D" "$D/usr/bin/execabs" /usr/bin/env
    oe "$TEST_TMP/unload" env PSEUDO_UNLOAD=1 "$run" -L "$D" "$D/usr/bin/execabs" /usr/bin/env
    ok preload_back_for_native_children "$TEST_TMP/native" || return
    ok preload_back_for_native_children "$TEST_TMP/unload" || return
    want_line preload_back_for_native_children "$TEST_TMP/native.out" "LD_PRELOAD=$fakepseudo" || return
    # The x32 side's memory of what it removed stays on the x32 side.
    if grep -q '^X32_RUN_NATIVE_PRELOAD=' "$TEST_TMP/native.out" "$TEST_TMP/unload.out"; then
        fail preload_back_for_native_children "X32_RUN_NATIVE_PRELOAD reached a native program"; return
    fi
    if grep -q '^LD_PRELOAD=' "$TEST_TMP/unload.out"; then
        fail preload_back_for_native_children "PSEUDO_UNLOAD=1, yet the native child has $(grep '^LD_PRELOAD=' "$TEST_TMP/unload.out")"
    else
        pass preload_back_for_native_children
    fi
}

case_dev_stays_host() {
    oe "$TEST_TMP/dev" "$run" -L "$D" "$D/usr/bin/showenv"
    ok dev_stays_host "$TEST_TMP/dev" || return
    if [ -s "$D/dev/null" ]; then
        fail dev_stays_host "the write to /dev/null went into the rootfs's dev/null file"
    else
        want_line dev_stays_host "$TEST_TMP/dev.out" "rootfs-only=yes" && pass dev_stays_host
    fi
}

# bad NAME STATUS PATTERN CMD...: CMD exits STATUS with one line on stderr matching PATTERN.
bad() {
    _n=$1 _want=$2 _pat=$3; shift 3
    _err=$("$@" 2>&1 >/dev/null)
    _rc=$?
    if [ "$_rc" != "$_want" ]; then
        fail "$_n" "exit $_rc, want $_want: $_err"
    elif [ "$(printf '%s\n' "$_err" | wc -l)" != 1 ] || ! printf '%s\n' "$_err" | grep -q "$_pat"; then
        fail "$_n" "stderr is not one line matching '$_pat': $(printf '%s' "$_err" | tr '\n' '|')"
    else
        printf '%s: %s (exit %s)\n' "$_n" "$_err" "$_rc"
        pass "$_n"
    fi
}

case_bad_rootfs_missing() {
    bad bad_rootfs_missing 3 'no such directory' "$run" -L "$TEST_TMP/no-such-root" "$D/usr/bin/showenv"
}
case_bad_rootfs_not_a_root() {
    mkdir -p "$TEST_TMP/empty-dir"
    bad bad_rootfs_not_a_root 3 'not a root file system' "$run" -L "$TEST_TMP/empty-dir" "$D/usr/bin/showenv"
}
case_bad_missing_interpreter() {
    # The host may have its own /libx32/ld-linux-x32.so.2 (libc6-x32): it must not be used.
    make_bare_rootfs "$TEST_TMP/bare-root"
    bad bad_missing_interpreter 127 'interpreter /libx32/ld-linux-x32.so.2 is not under -L' \
        "$run" -L "$TEST_TMP/bare-root" "$TEST_TMP/bare-root/usr/bin/showenv"
}
case_bad_option_without_value() {
    bad bad_option_without_value 2 '^x32-run: -r needs a value' "$run" -L "$D" -r
}
case_bad_not_x32() {
    # qemu-<arch> refuses a binary of another architecture; x32-run -L refuses what is not x32.
    bad bad_not_x32 126 'not an x32 program' "$run" -L "$D" /bin/true
}

for _c in $CASES; do
    case $_c in vm_*|sdk_*) continue ;; esac
    "case_$_c"
done
# 2. The generated command lines, per series.
oe_lines_bin
# (_ol_ variables: the cases set their own.)
for _ol_sa in $oe_series; do
    _ol_s=${_ol_sa%%:*} _ol_out=""
    for _ol_p in $oe_parsed; do [ "${_ol_p%%=*}" = "$_ol_s" ] && _ol_out=${_ol_p#*=}; done
    for _ol_c in $oe_line_cases; do
        if [ -z "$_ol_out" ]; then
            skip "${_ol_c}_$_ol_s" "no $_ol_s parse to take the command line from: $(cat "$TEST_TMP/oe-why-$_ol_s")"
        else
            "oe_$_ol_c" "$_ol_s" "$_ol_out"
        fi
    done
done
# shellcheck source=sdk_parity.sh
. "$here/sdk_parity.sh"
sdk_parity
# shellcheck source=vm_compare.sh
. "$here/vm_compare.sh"
vm_compare
