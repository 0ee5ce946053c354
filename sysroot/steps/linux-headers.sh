# shellcheck shell=sh
# The kernel's user-space API headers (asm/unistd_x32.h and friends) for the sysroot.
deps=""
pins="sysroot/linux.pin"

run_step() {
    src=$(source_tree "$TOP/sysroot/linux.pin")
    # headers_install writes into the source tree's usr/; work on a private copy of the
    # few folders it needs would be fragile, so build out of tree instead.
    # In parallel: 37 s serial, 27 s at -j2 on two cores, and the same headers.
    make -j"$JOBS" -C "$src" O="$BUILD_DIR" ARCH=x86_64 headers_install INSTALL_HDR_PATH="$BUILD_DIR/hdr"
    mkdir -p "$STAGE/$TARGET/sysroot/usr"
    cp -a "$BUILD_DIR/hdr/include" "$STAGE/$TARGET/sysroot/usr/"
}
