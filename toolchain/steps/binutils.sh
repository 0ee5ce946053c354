# shellcheck shell=sh
# binutils for the target: as, ld (default emulation elf32_x86_64), ar, objdump...
# The sysroot lies inside the prefix, so ld finds it relative to itself (relocatable).
deps=""
pins="toolchain/binutils.pin"

run_step() {
    src=$(source_tree "$TOP/toolchain/binutils.pin")
    "$src/configure" --target="$TARGET" --prefix="$CONFIGURED_PREFIX" \
        --with-sysroot="$CONFIGURED_PREFIX/$TARGET/sysroot" \
        --disable-nls --disable-werror --disable-gdb --disable-gdbserver --disable-sim \
        --disable-gprofng --enable-deterministic-archives --enable-new-dtags \
        --enable-gold=no --with-system-zlib \
        CC="$HOST_CC" CXX="$HOST_CXX" CFLAGS="$HOST_CFLAGS" CXXFLAGS="$HOST_CFLAGS"
    make -j"$JOBS" MAKEINFO=true
    make -j"$JOBS" install DESTDIR="$DESTDIR" MAKEINFO=true
    relocate_destdir
}
