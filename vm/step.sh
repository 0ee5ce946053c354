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

# fetch_kernel_deb PIN OUT: the pinned kernel package, checked, at OUT; a newer ABI's
# package (checked by apt against its signed index) when the archive no longer has it.
fetch_kernel_deb() {
    _pkg=$(pin_get "$1" deb_package); _ver=$(pin_get "$1" deb_version)
    _sum=$(pin_get "$1" deb_sha256)
    _deb="$SOURCES/${_pkg}_${_ver}_amd64.deb"
    if [ ! -f "$_deb" ]; then
        command -v apt-get > /dev/null 2>&1 \
            || { echo "vm: the guest kernel is Debian's $_pkg $_ver and there is no apt-get here to download it: put ${_pkg}_${_ver}_amd64.deb into $SOURCES, or build a kernel from source with ./build.sh --with vm-kernel" >&2; return 1; }
        mkdir -p "$SOURCES/.apt-download"
        # apt-get download verifies the file against the archive's signed index.
        if (cd "$SOURCES/.apt-download" && apt-get download "$_pkg=$_ver") \
            && mv "$SOURCES/.apt-download/${_pkg}_${_ver}_amd64.deb" "$_deb"; then :
        else
            _new=$(apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-[0-9].*-amd64\)$/\1/p' | head -n 1)
            [ -n "$_new" ] || { echo "vm: cannot download $_pkg $_ver, and apt knows no linux-image-amd64: run apt-get update, put ${_pkg}_${_ver}_amd64.deb into $SOURCES, or build the kernel from source with ./build.sh --with vm-kernel" >&2; return 1; }
            echo "vm: Debian's archive no longer has $_pkg $_ver; taking $_new, checked by apt against its signed index" >&2
            (cd "$SOURCES/.apt-download" && rm -f ./*.deb && apt-get download "$_new") || return 1
            cp "$SOURCES/.apt-download/${_new}"_*.deb "$OUT" && echo "$_new (substituted for $_pkg $_ver)" > "$OUT.origin"
            return
        fi
    fi
    [ "$(file_digest sha256 "$_deb")" = "$_sum" ] \
        || { echo "vm: $_deb does not match deb_sha256 in $1; delete it and run ./build.sh vm again" >&2; return 1; }
    cp "$_deb" "$OUT" && echo "$_pkg $_ver" > "$OUT.origin"
}

run_step() {
    OUT="$BUILD_DIR/kernel.deb"
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
    mkdir -p "$STAGE/share/x32-sdk/vm"
    # shellcheck disable=SC2046 # the pin's module names, one word each
    make_initramfs "$(source_tree "$TOP/sysroot/linux.pin")" "$STAGE/share/x32-sdk/vm/initramfs.cpio" \
        "$BUILD_DIR/image/lib/modules/$_release" $(pin_get "$TOP/vm/debian-kernel.pin" modules)
    cp "$_kernel" "$STAGE/share/x32-sdk/vm/bzImage"
    cp "$BUILD_DIR/image/boot/config-$_release" "$STAGE/share/x32-sdk/vm/kernel.config"
    cat "$OUT.origin" > "$STAGE/share/x32-sdk/vm/kernel-origin"
    rm -rf "$BUILD_DIR/image"
}
