# shellcheck shell=sh
# The remaining target libraries from the same GCC build tree, now that glibc exists:
# libstdc++, libatomic, libgomp, libsanitizer (ASan, UBSan), libquadmath/libgfortran
# with Fortran. libgcc_s is linked again first, so that it links against the real glibc.
# Also the host side of C++20 modules, g++-mapper-server (c++tools), which `make all`
# builds here and which g++ runs from libexec for -fmodule-mapper='|@g++-mapper-server'.
deps="glibc"
tree=gcc

# relink_libgcc_s: make all-target-libgcc (next) link only libgcc_s again. The libgcc
# step linked it against glibc-headers' placeholder libc.so; every other file of libgcc
# comes out byte-identical with the real glibc. But glibc's install wrote the sysroot's
# headers anew, and their newer dates would make make compile all of libgcc again (50 s):
# `make -t` marks libgcc's files as up to date instead. Only when the tree's libgcc is the
# libgcc step's current output (its mark); otherwise libgcc is built afresh, as before.
relink_libgcc_s() {
    if [ -f "$TARGET/libgcc/libgcc.a" ] && [ -f "$TARGET/libgcc/.x32sdk-libgcc-key" ] \
        && [ "$(cat "$TARGET/libgcc/.x32sdk-libgcc-key")" = "$(step_key libgcc)" ]; then
        command make -C "$TARGET/libgcc" -t MAKEINFO=true > /dev/null
        rm -f "$TARGET/libgcc"/libgcc_s.so*
    else
        echo "gcc-libs: the build tree's libgcc is not the libgcc step's: building it again"
        rm -rf "$TARGET/libgcc"
    fi
}

run_step() {
    relink_libgcc_s
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
