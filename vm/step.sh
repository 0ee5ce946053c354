# shellcheck shell=sh
# The guest kernel for x32-vm, by default Debian 12's own kernel image (vm/debian-kernel.pin):
# it has the x32 ABI compiled in, and x32-vm boots it with syscall.x32=y. Nothing is
# compiled but the agent, so the step takes seconds where building a kernel took ten
# minutes. The image's modules for virtio, 9p and overlayfs go into the initramfs
# (vm/initramfs.sh). Installed as share/x32-sdk/vm/{bzImage,initramfs.cpio,kernel.config}.
# `./build.sh --with vm-kernel` builds a kernel from source instead (vm/steps/vm-kernel.sh).
deps=""
pins="sysroot/linux.pin"  # gen_init_cpio, the kernel's own initramfs writer, comes from it
. "$TOP/vm/initramfs.sh"
# Only what goes into the guest: a README or x32-vm (host side) edit must not redo it.
# x32-vm itself is installed by vm/install.sh from finish_sdk (lib/finish.sh).
inputs="vm/debian-kernel.pin $GUEST_INPUTS"

# The VM is not a gate: a host that cannot get Debian's kernel (no apt and no .deb in the
# sources folder) still gets a complete SDK; the step then installs the reason in
# share/x32-sdk/vm/missing, which x32-vm prints when it is run. Whether the kernel can be
# had is part of the key, so the step is redone once it can.
vm_kernel_deb_name() {
    printf '%s_%s_amd64.deb\n' "$(pin_get "$TOP/vm/debian-kernel.pin" deb_package)" \
        "$(pin_get "$TOP/vm/debian-kernel.pin" deb_version)"
}
vm_kernel_availability() {
    if [ -f "$SOURCES/$(vm_kernel_deb_name)" ] || archive_usable > /dev/null; then echo yes
    else echo none; fi
}
opts="guest-kernel=$(vm_kernel_availability)"

# fetch_kernel_deb PIN OUT: the pinned kernel package, checked, at OUT; a newer ABI's
# package of Debian 12 (checked by apt against its signed index) when the archive no
# longer has it. Both come from Debian 12's archive (lib/debian-archive.sh), whatever the
# host's release.
fetch_kernel_deb() {
    _pkg=$(pin_get "$1" deb_package); _ver=$(pin_get "$1" deb_version)
    _sum=$(pin_get "$1" deb_sha256)
    _deb="$SOURCES/$(vm_kernel_deb_name)"
    if [ ! -f "$_deb" ]; then
        rm -rf "$SOURCES/.apt-download"
        _got=$(archive_download "$SOURCES/.apt-download" "$_pkg" "$_ver" 2>/dev/null) || _got=""
        if [ -n "$_got" ] && [ "$(dpkg-deb -f "$_got" Version)" = "$_ver" ]; then
            mv "$_got" "$_deb"
        else
            # The pinned ABI is gone: the current linux-image-amd64's kernel.
            _new=$(archive_apt_cache depends linux-image-amd64 2>/dev/null \
                | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -n 1)
            [ -n "$_new" ] || { echo "vm: cannot download $_pkg $_ver from Debian $DEBIAN_RELEASE, and its index names no linux-image-amd64 (log: $(archive_dir)/apt.log): put $(vm_kernel_deb_name) into $SOURCES, or build the kernel from source with ./build.sh --with vm-kernel" >&2; return 1; }
            echo "vm: Debian's archive no longer has $_pkg $_ver; taking $_new, checked by apt against its signed index" >&2
            _got=$(archive_download "$SOURCES/.apt-download" "$_new" "") || return 1
            cp "$_got" "$OUT" && echo "$_new $(dpkg-deb -f "$_got" Version) (substituted for $_pkg $_ver)" > "$OUT.origin"
            return
        fi
    fi
    [ "$(file_digest sha256 "$_deb")" = "$_sum" ] \
        || { echo "vm: $_deb does not match deb_sha256 in $1; delete it and run ./build.sh vm again" >&2; return 1; }
    cp "$_deb" "$OUT" && echo "$_pkg $_ver" > "$OUT.origin"
}

run_step() {
    OUT="$BUILD_DIR/kernel.deb"
    mkdir -p "$STAGE/share/x32-sdk/vm"
    if [ "$(vm_kernel_availability)" = none ]; then
        _why="Debian's kernel package cannot be fetched on this host ($(archive_usable))"
        echo "vm: $_why; the SDK is complete without a guest. For --mode vm: put $(vm_kernel_deb_name) (Debian 12's) into $SOURCES and run ./build.sh again, or build a kernel with ./build.sh --with vm-kernel" >&2
        printf '%s; put %s into the sources folder and run ./build.sh again, or run ./build.sh --with vm-kernel\n' \
            "$_why" "$(vm_kernel_deb_name)" > "$STAGE/share/x32-sdk/vm/missing"
        return 0
    fi
    fetch_kernel_deb "$TOP/vm/debian-kernel.pin" "$OUT"
    rm -rf "$BUILD_DIR/image" && mkdir -p "$BUILD_DIR/image"
    # A .deb is an ar archive; its files are the data.tar.* member (no dpkg needed).
    _member=$(ar t "$OUT" | grep '^data\.tar')
    ar p "$OUT" "$_member" > "$BUILD_DIR/$_member"  # a file: tar tells its compression by name
    tar -xf "$BUILD_DIR/$_member" -C "$BUILD_DIR/image" ./boot ./lib/modules
    rm -f "$BUILD_DIR/$_member"
    _kernel=$(ls "$BUILD_DIR"/image/boot/vmlinuz-*)
    _release=${_kernel##*/vmlinuz-}
    grep -qx 'CONFIG_X86_X32_ABI=y' "$BUILD_DIR/image/boot/config-$_release" \
        || { echo "vm: $(cat "$OUT.origin") has no x32 ABI (CONFIG_X86_X32_ABI); use ./build.sh --with vm-kernel" >&2; exit 1; }

    make -C "$TOP/vm" B="$BUILD_DIR/vm" CC=gcc MAKEFLAGS= "$BUILD_DIR/vm/init"
    # shellcheck disable=SC2046 # the pin's module names, one word each
    make_initramfs "$(source_tree "$TOP/sysroot/linux.pin")" "$STAGE/share/x32-sdk/vm/initramfs.cpio" \
        "$BUILD_DIR/image/lib/modules/$_release" $(pin_get "$TOP/vm/debian-kernel.pin" modules)
    cp "$_kernel" "$STAGE/share/x32-sdk/vm/bzImage"
    cp "$BUILD_DIR/image/boot/config-$_release" "$STAGE/share/x32-sdk/vm/kernel.config"
    cat "$OUT.origin" > "$STAGE/share/x32-sdk/vm/kernel-origin"
    rm -rf "$BUILD_DIR/image"
}
