# shellcheck shell=sh
# The remaining target libraries from the same GCC build tree, now that glibc exists:
# libstdc++, libatomic, libgomp, libsanitizer (ASan, UBSan), libquadmath/libgfortran
# with Fortran. libgcc is rebuilt first (seconds) so libgcc_s links against real glibc.
# Also the host side of C++20 modules, g++-mapper-server (c++tools), which `make all`
# builds here and which g++ runs from libexec for -fmodule-mapper='|@g++-mapper-server'.
deps="glibc"
tree=gcc

run_step() {
    rm -rf "$TARGET/libgcc"
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
