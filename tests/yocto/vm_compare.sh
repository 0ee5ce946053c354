# shellcheck shell=sh
# shellcheck disable=SC2154 # run, prefix, D and TEST_TMP are set by run.sh
# tests/yocto/vm_compare.sh: sourced by run.sh after the user-mode cases. Runs the same
# programs on a real x32 kernel: `x32-run --mode vm` runs chroot(8) into the same rootfs
# in x32-vm's guest (the host's files are shared at the same paths), so each program
# sees the rootfs as its / there, which is what -L imitates. The VM boots once (under
# TCG a few seconds); the later calls reuse it.

vm_cases="vm_chroot_cache vm_chroot_locale vm_chroot_exec vm_chroot_meson_program"

vm_skip_all() {
    for _c in $vm_cases; do skip "$_c" "$1"; done
}

# vm_in_root RESULT_PREFIX PROGRAM ARGS...: PROGRAM run as /PROGRAM in a chroot of $D.
vm_in_root() {
    _o=$1; shift
    (cd / && timeout -k 5 180 "$run" --mode vm /usr/sbin/chroot "$D" "$@") > "$_o.out" 2> "$_o.err"
    echo $? > "$_o.rc"
}

vm_ok() {
    [ "$(cat "$2.rc")" = 0 ] && return 0
    fail "$1" "in the VM: exit $(cat "$2.rc"): $(tail -n 1 "$2.err")"; return 1
}

vm_compare() {
    _vm=$(dirname "$run")/x32-vm
    [ -x "$_vm" ] || { vm_skip_all "no x32-vm next to $run (./build.sh vm)"; return; }
    [ -f "$prefix/share/x32-sdk/vm/bzImage" ] || [ -n "${X32_VM_KERNEL:-}" ] \
        || { vm_skip_all "no guest kernel in $prefix/share/x32-sdk/vm (./build.sh vm)"; return; }
    command -v qemu-system-x86_64 > /dev/null 2>&1 \
        || { vm_skip_all "qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)"; return; }
    [ "$(id -u)" = 0 ] || { vm_skip_all "chroot(8) in the VM needs root (run as root)"; return; }
    [ -x /usr/sbin/chroot ] || { vm_skip_all "no /usr/sbin/chroot"; return; }

    _t0=$(date +%s)
    # The cache, by user mode (here: the OE command-line cases need a parse, which may
    # be missing) and in the VM.
    "$run" -L "$D" "$D/usr/bin/cachegen" "$D/usr/share/cachegen" "$D/var/cache/cachegen/index.user" \
        > "$TEST_TMP/user-cache.out" 2>&1
    vm_in_root "$TEST_TMP/vm-cache" /usr/bin/cachegen /usr/share/cachegen /var/cache/cachegen/index.vm
    printf 'first VM call (boot included): %s s\n' "$(( $(date +%s) - _t0 ))"
    if vm_ok vm_chroot_cache "$TEST_TMP/vm-cache"; then
        if [ ! -s "$D/var/cache/cachegen/index.user" ]; then
            fail vm_chroot_cache "user mode wrote no cache: $(tail -n 1 "$TEST_TMP/user-cache.out")"
        elif cmp -s "$D/var/cache/cachegen/index.user" "$D/var/cache/cachegen/index.vm"; then
            pass vm_chroot_cache
        else
            fail vm_chroot_cache "user mode's cache differs from the VM's: $(diff "$D/var/cache/cachegen/index.user" "$D/var/cache/cachegen/index.vm" | tr '\n' '|')"
        fi
    fi

    vm_in_root "$TEST_TMP/vm-locale" /bin/mklocale --prefix=/ --inputfile=/usr/share/i18n/locales/xx_XX xx_XX.vm
    if vm_ok vm_chroot_locale "$TEST_TMP/vm-locale"; then
        if cmp "$D/usr/lib/locale/xx_XX.UTF-8/LC_TEST" "$D/usr/lib/locale/xx_XX.vm/LC_TEST" > "$TEST_TMP/vm-cmp" 2>&1; then
            pass vm_chroot_locale
        else
            fail vm_chroot_locale "LC_TEST differs: $(cat "$TEST_TMP/vm-cmp")"
        fi
    fi

    # The release differs by design (-r in user mode, the guest's own kernel in the VM).
    vm_in_root "$TEST_TMP/vm-exec" /usr/bin/execabs /usr/bin/showenv child
    if vm_ok vm_chroot_exec "$TEST_TMP/vm-exec"; then
        _u=$(sed 's/ release=.*//' "$TEST_TMP/exec.out")
        _v=$(sed 's/ release=.*//' "$TEST_TMP/vm-exec.out")
        if [ "$_u" = "$_v" ]; then
            pass vm_chroot_exec
        else
            fail vm_chroot_exec "user mode '$(echo "$_u" | tr '\n' '|')', VM '$(echo "$_v" | tr '\n' '|')'"
        fi
    fi

    if [ ! -f "$D/usr/bin/ptrsize" ]; then
        skip vm_chroot_meson_program "no meson_exe_wrapper_SERIES case built the program"
        return
    fi
    "$run" -L "$D" "$D/usr/bin/ptrsize" 4 > "$TEST_TMP/ptr-user.out" 2>&1
    vm_in_root "$TEST_TMP/vm-ptr" /usr/bin/ptrsize 4
    if vm_ok vm_chroot_meson_program "$TEST_TMP/vm-ptr"; then
        if cmp -s "$TEST_TMP/ptr-user.out" "$TEST_TMP/vm-ptr.out"; then
            pass vm_chroot_meson_program
        else
            fail vm_chroot_meson_program "user mode '$(cat "$TEST_TMP/ptr-user.out")', VM '$(cat "$TEST_TMP/vm-ptr.out")'"
        fi
    fi
}
