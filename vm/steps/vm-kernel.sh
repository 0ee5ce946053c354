# shellcheck shell=sh
# Optional (./build.sh --with vm-kernel): a guest kernel built from source, for hosts
# without Debian's kernel package or for changing its options. Linux 6.1 from the same
# pinned source as the headers, configured from `make tinyconfig` plus vm/kernel.config
# (x32 always on, virtio, 9p and every system-call family programs use, all built in),
# with an initramfs holding the agent (vm/init.c). It replaces the vm step's
# share/x32-sdk/vm/{bzImage,initramfs.cpio,kernel.config}: it comes after it (deps).
# About 10 minutes on 2 cores; its boot under TCG is about 2 s against 7 s for Debian's.
deps="vm"
optional=yes
pins="sysroot/linux.pin"
. "$TOP/vm/initramfs.sh"
# Only what goes into the guest: a README or x32-vm (host side) edit must not rebuild a
# kernel.  x32-vm itself is installed by vm/install.sh from finish_sdk (lib/finish.sh).
inputs="vm/kernel.config $GUEST_INPUTS"

# kernel_config_missing KBUILD: the options vm/kernel.config asks for that the final
# .config lacks (an unmet dependency drops them silently); empty when all took.
kernel_config_missing() {
    grep -E '^CONFIG_[A-Za-z0-9_]+=' "$TOP/vm/kernel.config" | while read -r _want; do
        grep -qx "$_want" "$1/.config" || printf '%s ' "$_want"
    done
}

run_step() {
    src=$(source_tree "$TOP/sysroot/linux.pin")
    kbuild="$BUILD_DIR/kernel"
    mkdir -p "$kbuild"
    make -C "$src" O="$kbuild" ARCH=x86_64 tinyconfig
    # merge_config.sh runs make from the current directory and reports what it dropped.
    (cd "$src" && ARCH=x86_64 scripts/kconfig/merge_config.sh -O "$kbuild" \
        "$kbuild/.config" "$TOP/vm/kernel.config")
    missing=$(kernel_config_missing "$kbuild")
    if [ -n "$missing" ]; then
        echo "vm/kernel.config: these options did not make it into the kernel config: $missing" >&2
        exit 1
    fi
    make -C "$src" O="$kbuild" ARCH=x86_64 CC="${HOST_CC:-gcc}" HOSTCC=gcc -j"$JOBS" bzImage

    make -C "$TOP/vm" B="$BUILD_DIR/vm" CC=gcc MAKEFLAGS= "$BUILD_DIR/vm/init"
    mkdir -p "$STAGE/share/x32-sdk/vm"
    make_initramfs "$src" "$STAGE/share/x32-sdk/vm/initramfs.cpio"
    cp "$kbuild/arch/x86/boot/bzImage" "$STAGE/share/x32-sdk/vm/bzImage"
    cp "$kbuild/.config" "$STAGE/share/x32-sdk/vm/kernel.config"
    echo "Linux 6.1 built from sysroot/linux.pin with vm/kernel.config" > "$STAGE/share/x32-sdk/vm/kernel-origin"
}
