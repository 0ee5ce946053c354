# shellcheck shell=sh
# glibc's headers and start files, and a placeholder libc.so, so that libgcc can be
# built and linked before the real glibc exists. The real glibc step replaces all of it.
deps="gcc-compiler linux-headers"
pins="sysroot/glibc.pin"
tree=glibc
tree_owner=yes

run_step() {
    src=$(source_tree "$TOP/sysroot/glibc.pin")
    sysroot="$STAGE/$TARGET/sysroot"
    # prefix /usr: on x32 glibc then picks /libx32 and /usr/libx32 by itself.
    set -- --host="$TARGET" --build="$BUILD_TRIPLET" --prefix=/usr \
        --with-headers="$PREFIX/$TARGET/sysroot/usr/include" \
        --disable-werror --enable-stack-protector=strong --disable-profile \
        --enable-bind-now
    printf '%s\n' "$@" > "$BUILD_DIR/configure-options.txt"
    "$src/configure" "$@" CC="$TARGET-gcc" CXX="$TARGET-g++" CFLAGS="$TARGET_CFLAGS" \
        BUILD_CC="$HOST_BUILD_CC" AR="$TARGET-ar" RANLIB="$TARGET-ranlib"
    make install-headers install_root="$sysroot" install-bootstrap-headers=yes
    make -j"$JOBS" csu/subdir_lib
    # GCC reaches the x32 libraries as usr/lib/../libx32 and lib/../libx32 (its
    # multilib OS directory); those paths only resolve when usr/lib and lib exist.
    mkdir -p "$sysroot/usr/libx32" "$sysroot/usr/lib" "$sysroot/lib" "$sysroot/libx32"
    cp csu/crt1.o csu/crti.o csu/crtn.o "$sysroot/usr/libx32/"
    "$TARGET-gcc" -nostdlib -nostartfiles -shared -x c /dev/null \
        -Wl,-soname,libc.so.6 -o "$sysroot/usr/libx32/libc.so"
    mkdir -p "$STAGE/share/x32-sdk/configure"
    cp "$BUILD_DIR/configure-options.txt" "$STAGE/share/x32-sdk/configure/glibc.txt"
}
