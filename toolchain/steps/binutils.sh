# shellcheck shell=sh
# binutils for the target: as, ld (default emulation elf32_x86_64), ar, objdump...
# The sysroot lies inside the prefix, so ld finds it relative to itself (relocatable).
# zlib is binutils' own copy, built in the tree (no --with-system-zlib), and zstd
# (compressed debug sections) is left out: as and ld need only the host's glibc.
deps=""
pins="toolchain/binutils.pin"

run_step() {
    src=$(source_tree "$TOP/toolchain/binutils.pin")
    "$src/configure" --target="$TARGET" --prefix="$CONFIGURED_PREFIX" \
        --with-sysroot="$CONFIGURED_PREFIX/$TARGET/sysroot" \
        --disable-nls --disable-werror --disable-gdb --disable-gdbserver --disable-sim \
        --disable-gprofng --enable-deterministic-archives --enable-new-dtags \
        --enable-gold=no --without-zstd \
        CC="$HOST_CC" CXX="$HOST_CXX" CFLAGS="$HOST_CFLAGS" CXXFLAGS="$HOST_CFLAGS" \
        LDFLAGS="-static-libgcc"
    make -j"$JOBS" MAKEINFO=true
    make -j"$JOBS" install DESTDIR="$DESTDIR" MAKEINFO=true
    relocate_destdir
}
