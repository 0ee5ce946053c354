# shellcheck shell=sh
# The guest kernel for x32-vm: Linux 6.1 from the same pinned source as the headers,
# configured from `make tinyconfig` plus vm/kernel.config (x32, virtio, 9p and every
# system-call family programs use), with an initramfs holding the agent (vm/init.c),
# installed as share/x32-sdk/vm/{bzImage,initramfs.cpio}.
deps=""
pins="sysroot/linux.pin"
# Only what goes into the guest: a README or x32-vm (host side) edit must not rebuild a
# kernel.  x32-vm itself is installed by vm/install.sh from finish_sdk (lib/finish.sh).
inputs="vm/kernel.config vm/Makefile vm/init.c vm/agent_run.c vm/run_request.c vm/wire.c
vm/guest.h vm/protocol.h vm/run_request.h vm/wire.h"

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
    # The initramfs is only the agent and the mount points it needs before devtmpfs;
    # gen_init_cpio (one C file of the kernel) makes it without root and reproducibly.
    gcc -O2 -o "$BUILD_DIR/gen_init_cpio" "$src/usr/gen_init_cpio.c"
    cat > "$BUILD_DIR/initramfs.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /.host 0755 0 0
file /init $BUILD_DIR/vm/init 0755 0 0
LIST
    mkdir -p "$STAGE/share/x32-sdk/vm"
    "$BUILD_DIR/gen_init_cpio" -t 0 "$BUILD_DIR/initramfs.list" > "$STAGE/share/x32-sdk/vm/initramfs.cpio"
    cp "$kbuild/arch/x86/boot/bzImage" "$STAGE/share/x32-sdk/vm/bzImage"
    cp "$kbuild/.config" "$STAGE/share/x32-sdk/vm/kernel.config"
}
