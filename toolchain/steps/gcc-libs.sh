# shellcheck shell=sh
# The remaining target libraries from the same GCC build tree, now that glibc exists:
# libstdc++, libatomic, libgomp, libsanitizer (ASan, UBSan), libquadmath/libgfortran
# with Fortran. libgcc_s is linked again first, against the real glibc: the libgcc step
# linked it against glibc-headers' stand-in libc.so. Only the link: every object and
# archive of libgcc came out byte for byte the same when the whole of libgcc was built
# again, as this step did until 2026-12-06 (a minute of a cold build).
# Also the host side of C++20 modules, g++-mapper-server (c++tools), which `make all`
# builds here and which g++ runs from libexec for -fmodule-mapper='|@g++-mapper-server'.
deps="glibc"
tree=gcc

run_step() {
    rm -f "$TARGET/libgcc/libgcc_s.so" "$TARGET/libgcc/libgcc_s.so.1"
    make -j"$JOBS" all-target-libgcc MAKEINFO=true
    make -j"$JOBS" all MAKEINFO=true
    make install-target DESTDIR="$DESTDIR" MAKEINFO=true
    make install-c++tools DESTDIR="$DESTDIR" MAKEINFO=true
    relocate_destdir
    # Programs run by x32-run find their shared runtime libraries in the sysroot, as on
    # a target machine; the compiler links against the copies beside it.
    mkdir -p "$STAGE/$TARGET/sysroot/usr/libx32"
    for lib in "$STAGE/$TARGET"/lib*/*.so*; do
        [ -e "$lib" ] && cp -a "$lib" "$STAGE/$TARGET/sysroot/usr/libx32/"
    done
    case $(ls "$STAGE/$TARGET/sysroot/usr/libx32/") in *libstdc++.so.6*) ;; *)
        echo "libstdc++.so.6 was not installed: the target libraries are incomplete" >&2; exit 1 ;;
    esac
}
