# shellcheck shell=sh
# A second C library: GCC (C, C++) and musl for x86_64-linux-muslx32, into the same
# prefix as x86_64-linux-muslx32-*, with its own sysroot (PREFIX/x86_64-linux-muslx32/
# sysroot). Optional: ./build.sh musl (or --with musl). The compiler links statically
# unless told -shared or -pie (a driver spec): -pie gives a dynamic program, whose
# loader is /lib/ld-musl-x32.so.1 (musl's libc.so), which x32-run takes from
# PREFIX/x86_64-linux-muslx32/sysroot by itself, as the program's root (QEMU's -L), since
# musl looks for its libraries in /lib and /usr/lib.
#
# binutils is the SDK's own (x86_64-linux-gnux32-as and -ld emit the same ELF32 x86-64
# objects): the muslx32 names are links to it (relative, in PREFIX/bin and in
# PREFIX/x86_64-linux-muslx32/bin, where the driver looks; no build path is recorded). GCC is configured again for the musl
# target from the same patched source tree, in a build tree of its own; the order is
# musl-cross-make's: musl's headers, the compiler, a static libgcc, musl, then libgcc
# again with libgcc_s and libstdc++.
deps="gcc-libs"
optional=yes
pins="toolchain/gcc.pin toolchain/musl.pin"
inputs="toolchain/musl-hello.c"

MT=x86_64-linux-muslx32

run_step() {
    gcc_src=$(source_tree "$TOP/toolchain/gcc.pin")
    musl_src=$(source_tree "$TOP/toolchain/musl.pin")
    sysroot="$STAGE/$MT/sysroot"
    tools="$BUILD_DIR/tools"
    mkdir -p "$tools" "$STAGE/bin" "$STAGE/$MT/bin" "$sysroot/usr"
    # The muslx32 binutils: relative links to the gnux32 ones, in the prefix and here.
    for t in addr2line ar as c++filt elfedit gprof ld ld.bfd nm objcopy objdump ranlib \
        readelf size strings strip; do
        [ -x "$PREFIX/bin/$TARGET-$t" ] || continue
        ln -sf "$TARGET-$t" "$STAGE/bin/$MT-$t"
        ln -sf "$PREFIX/bin/$TARGET-$t" "$tools/$MT-$t"
        ln -sf "../../bin/$TARGET-$t" "$STAGE/$MT/bin/$t"
    done
    PATH="$tools:$PATH"; export PATH

    # musl's headers first: GCC's fixincludes and limits.h want the target's headers.
    # Configuring musl needs a C compiler only to name its ARCH (x32): the host's will do.
    mkdir -p musl && cd musl || exit 1
    "$musl_src/configure" --target="$MT" --prefix=/usr --syslibdir=/lib CC=gcc LIBCC=" "
    make install-headers DESTDIR="$sysroot"
    # The Linux user-space API headers (linux/, asm/, ...), as musl-cross-make installs
    # them beside musl's: programs include <linux/audit.h> and friends directly. The
    # same headers as the glibc sysroot's (the linux-headers step); musl's own files of
    # the same name (scsi/) stay.
    uapi="$PREFIX/$TARGET/sysroot/usr/include"
    for d in asm asm-generic drm linux misc mtd rdma scsi sound video xen; do
        [ -d "$uapi/$d" ] && cp -Rn "$uapi/$d" "$sysroot/usr/include/"
    done
    [ -f "$sysroot/usr/include/linux/audit.h" ] || { echo "the Linux headers were not copied from $uapi" >&2; exit 1; }
    cd "$BUILD_DIR" && mkdir -p gcc && cd gcc || exit 1
    set -- --target="$MT" --prefix="$CONFIGURED_PREFIX" \
        --with-sysroot="$CONFIGURED_PREFIX/$MT/sysroot" --with-build-sysroot="$sysroot" \
        --with-abi=x32 --disable-multilib --enable-languages=c,c++ \
        --enable-shared --enable-threads=posix --enable-__cxa_atexit --enable-tls \
        --enable-default-pie --enable-checking=release --enable-linker-build-id \
        --disable-bootstrap --disable-nls --disable-werror --disable-libvtv --disable-libitm \
        --disable-libsanitizer --disable-libquadmath --disable-libmpx --disable-gnu-indirect-function \
        --disable-libmudflap --disable-libssp --disable-fixed-point \
        --with-specs='%{!shared:%{!pie:%{!static-pie:-static}}}' \
        --with-system-zlib --with-pkgversion="x32-sdk musl"
    "$gcc_src/configure" "$@" CC="$HOST_CC" CXX="$HOST_CXX" CFLAGS="$HOST_CFLAGS" \
        CXXFLAGS="$HOST_CFLAGS" CFLAGS_FOR_TARGET="$TARGET_CFLAGS" CXXFLAGS_FOR_TARGET="$TARGET_CFLAGS"
    make -j"$JOBS" all-gcc MAKEINFO=true
    make install-gcc DESTDIR="$DESTDIR" MAKEINFO=true
    xgcc="$DESTDIR$CONFIGURED_PREFIX/bin/$MT-gcc"

    # A static libgcc to link musl with.
    make -j"$JOBS" MAKE="make enable_shared=no" all-target-libgcc MAKEINFO=true
    make MAKE="make enable_shared=no" install-target-libgcc DESTDIR="$DESTDIR" MAKEINFO=true

    # musl itself, linked against that libgcc.
    cd "$BUILD_DIR/musl" || exit 1
    libgcc_a=$("$xgcc" -print-libgcc-file-name)
    "$musl_src/configure" --target="$MT" --prefix=/usr --syslibdir=/lib \
        CC="$xgcc" CROSS_COMPILE="$MT-" LIBCC="$libgcc_a"
    make -j"$JOBS"
    make install DESTDIR="$sysroot"

    # The rest of GCC's target libraries, libgcc_s and libstdc++ against real musl.
    cd "$BUILD_DIR/gcc" || exit 1
    rm -rf "$MT/libgcc"
    make -j"$JOBS" all-target-libgcc all-target-libstdc++-v3 all-target-libatomic MAKEINFO=true
    make install-target-libgcc install-target-libstdc++-v3 install-target-libatomic \
        DESTDIR="$DESTDIR" MAKEINFO=true
    relocate_destdir
    # musl's dynamic loader is its libc.so: the link is absolute in musl's install.
    ln -sf ../usr/lib/libc.so "$sysroot/lib/ld-musl-x32.so.1"
    # Runtime libraries for x32-run --sysroot, as in a target root.
    for lib in "$STAGE/$MT"/lib*/libstdc++.so* "$STAGE/$MT"/lib*/libgcc_s.so*; do
        [ -e "$lib" ] && cp -a "$lib" "$sysroot/usr/lib/"
    done
    musl_smoke_test
}

# musl_smoke_test: hello, built static (the default) and dynamic (-pie) with the new compiler,
# must be ELF32 x32 programs and, where this host's x32-run can run them, print their
# line.
musl_smoke_test() {
    cc="$STAGE/bin/$MT-gcc"
    "$cc" -O2 -o "$BUILD_DIR/hello-static" "$TOP/toolchain/musl-hello.c"
    "$cc" -O2 -pie -o "$BUILD_DIR/hello-dynamic" "$TOP/toolchain/musl-hello.c"
    "$tools/$MT-readelf" -l "$BUILD_DIR/hello-dynamic" | grep -q '/lib/ld-musl-x32.so.1' ||
        { echo "musl: the -pie hello does not ask for /lib/ld-musl-x32.so.1" >&2; exit 1; }
    if "$tools/$MT-readelf" -l "$BUILD_DIR/hello-static" | grep -q INTERP; then
        echo "musl: hello without -pie is not static" >&2; exit 1
    fi
    for p in hello-static hello-dynamic; do
        [ "$(od -An -tx1 -j4 -N1 "$BUILD_DIR/$p" | tr -d ' ')" = 01 ] ||
            { echo "musl: $p is not ELF32" >&2; exit 1; }
    done
    if [ -x "$PREFIX/bin/x32-run" ] && "$PREFIX/bin/x32-run" --probe >/dev/null 2>&1; then
        out=$("$PREFIX/bin/x32-run" "$BUILD_DIR/hello-static")
        [ "$out" = "musl x32: 4-byte pointers" ] || { echo "musl: static hello said '$out'" >&2; exit 1; }
        out=$("$PREFIX/bin/x32-run" -L "$STAGE/$MT/sysroot" "$BUILD_DIR/hello-dynamic")
        [ "$out" = "musl x32: 4-byte pointers" ] || { echo "musl: dynamic hello said '$out'" >&2; exit 1; }
        echo "musl: static and dynamic hello ran under x32-run"
    else
        echo "musl: no usable x32-run in $PREFIX/bin: hello built but not run"
    fi
}
