# shellcheck shell=sh
# The GCC compiler proper (cc1, cc1plus, lto1, the drivers), compiled once.
# The build tree stays in the cache: libgcc and the target libraries are built from it
# later, after glibc, so GCC is never compiled a second time.
deps="binutils"
pins="toolchain/gcc.pin"
tree=gcc
tree_owner=yes
# Only glibc's version reaches the compiler (--with-glibc-version), not its patches.
opts="languages=$LANGUAGES target-cflags=$TARGET_CFLAGS glibc=$(pin_get "$TOP/sysroot/glibc.pin" version)"

gcc_version() { pin_get "$TOP/toolchain/gcc.pin" version; }

run_step() {
    src=$(source_tree "$TOP/toolchain/gcc.pin")
    # --with-abi=x32 makes x32 the default: without it a gnux32 GCC still emits LP64.
    # --with-glibc-version lets GCC know the C library before glibc is built.
    # --with-build-sysroot: where the sysroot is while building; the installed compiler
    # uses the relocatable --with-sysroot inside its own prefix.
    # Left out, as nothing of the SDK uses them (together about a minute of the cold build):
    # libssp (glibc has the stack protector's runtime; -fstack-protector uses glibc's),
    # libcc1 (the host plugin behind gdb's `compile` command) and libstdc++'s precompiled
    # headers (486 MB that `make install-target` never installs).
    set -- --target="$TARGET" --prefix="$CONFIGURED_PREFIX" \
        --with-sysroot="$CONFIGURED_PREFIX/$TARGET/sysroot" \
        --with-build-sysroot="$PREFIX/$TARGET/sysroot" \
        --with-abi=x32 --disable-multilib \
        --with-glibc-version="$(pin_get "$TOP/sysroot/glibc.pin" version)" \
        --enable-languages="$LANGUAGES" \
        --enable-shared --enable-threads=posix --enable-__cxa_atexit --enable-clocale=gnu \
        --enable-linker-build-id --enable-gnu-unique-object --enable-default-pie \
        --enable-libstdcxx-time=yes --enable-checking=release \
        --disable-bootstrap --disable-nls --disable-werror --disable-libvtv --disable-libitm \
        --disable-libssp --disable-libcc1 --disable-libstdcxx-pch \
        --without-zstd --with-pkgversion="x32-sdk"
    # The compiler's programs (cc1, cc1plus, lto1, collect2, the drivers) carry GMP, MPFR,
    # MPC, zlib (GCC's own copy, built in the tree: no --with-system-zlib) and the C++
    # runtime inside them, so a prefix unpacked on another host needs nothing there but a
    # glibc as new as this host's. LTO's zstd compression is left out (zlib's stays).
    _static=$(static_host_libs "$BUILD_DIR/static-host-libs" gmp mpfr mpc)
    [ -z "$_static" ] || set -- "$@" --with-gmp-lib="$_static" --with-mpfr-lib="$_static" --with-mpc-lib="$_static"
    case $LANGUAGES in *fortran*) ;; *) set -- "$@" --disable-libquadmath ;; esac
    printf '%s\n' "$@" > "$BUILD_DIR/configure-options.txt"
    "$src/configure" "$@" CC="$HOST_CC" CXX="$HOST_CXX" CFLAGS="$HOST_CFLAGS" CXXFLAGS="$HOST_CFLAGS" \
        LDFLAGS="-static-libstdc++ -static-libgcc" \
        CFLAGS_FOR_TARGET="$TARGET_CFLAGS" CXXFLAGS_FOR_TARGET="$TARGET_CFLAGS"
    make -j"$JOBS" all-gcc MAKEINFO=true
    # GCC wraps the C library's <limits.h> only if it saw one at build time; glibc comes
    # later, so install the wrapping version it would have made (as Yocto and LFS do).
    cat "$src/gcc/limitx.h" "$src/gcc/glimits.h" "$src/gcc/limity.h" > gcc/include-fixed/limits.h
    make install-gcc DESTDIR="$DESTDIR" MAKEINFO=true
    mkdir -p "$STAGE/share/x32-sdk/configure"
    cp "$BUILD_DIR/configure-options.txt" "$STAGE/share/x32-sdk/configure/gcc.txt"
}
