# shellcheck shell=sh
# tests/glue/musl.sh: the glue's musl variants (issue 34) for the optional musl toolchain
# (./build.sh musl): the CMake toolchain file x86_64-linux-muslx32.cmake, the environment
# script environment-setup-x86_64-linux-muslx32, the Meson cross file and the pkg-config
# wrapper, each building and running the consumer projects against musl. Without the
# musl toolchain those cases skip, and what is checked instead is that each variant
# refuses with "./build.sh musl" in its message.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

MT=x86_64-linux-muslx32

# is_musl_static FILE: an x32 program with no program interpreter (musl's default here).
is_musl_static() {
    [ "$(elf_class "$1")" = x32 ] && ! readelf -l "$1" 2>/dev/null | grep -q INTERP
}

# musl_refusals SDK: each musl variant, on an SDK without the musl toolchain, refuses
# with the command that builds it, and changes nothing.
musl_refusals() {
    _sdk=$1 _bad=""
    rm -rf "$TEST_TMP/build/musl-refuse"
    if env -u X32_SDK_PREFIX cmake -S "$TEST_TMP/src/cmake" -B "$TEST_TMP/build/musl-refuse" \
            -DCMAKE_TOOLCHAIN_FILE="$_sdk/share/x32-sdk/cmake/$MT.cmake" > "$LOGS/musl-refuse-cmake.log" 2>&1; then
        _bad="$_bad; cmake configured"
    # CMake folds its messages over lines.
    elif ! tr -s ' \n' '  ' < "$LOGS/musl-refuse-cmake.log" | grep -q 'build it with ./build.sh musl'; then
        _bad="$_bad; cmake said: $(grep -m1 'x32 SDK' "$LOGS/musl-refuse-cmake.log")"
    fi
    # shellcheck disable=SC2016 # expanded by the inner shell
    _out=$(env -u X32_SDK_PREFIX CC=untouched bash -c '. "$1"; echo "rc=$? CC=$CC"' _ "$_sdk/environment-setup-$MT" 2>&1)
    case $_out in
        *"build it with ./build.sh musl"*"rc=1 CC=untouched") ;;
        *) _bad="$_bad; environment script: $(printf '%s' "$_out" | tr '\n' ' ')" ;;
    esac
    _out=$("$_sdk/bin/$MT-pkg-config" --version 2>&1) && _bad="$_bad; pkg-config wrapper ran"
    case $_out in *"./build.sh musl"*) ;; *) _bad="$_bad; pkg-config wrapper said: $_out" ;; esac
    if [ -z "$_bad" ]; then pass musl-glue-refuses-without-musl; else fail musl-glue-refuses-without-musl "${_bad#; }"; fi
}

test_musl() {
    copy_project cmake-project "$TEST_TMP/src/cmake"
    # A bad X32_SDK_LIBC is refused whether musl is built or not.
    rm -rf "$TEST_TMP/build/musl-bad-libc"
    if env -u X32_SDK_PREFIX cmake -S "$TEST_TMP/src/cmake" -B "$TEST_TMP/build/musl-bad-libc" \
            -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$T.cmake" -DX32_SDK_LIBC=uclibc \
            > "$LOGS/musl-bad-libc.log" 2>&1; then
        fail musl-cmake-bad-libc "cmake accepted X32_SDK_LIBC=uclibc"
    elif grep -q "X32_SDK_LIBC is 'uclibc'; it must be glibc or musl" "$LOGS/musl-bad-libc.log"; then
        pass musl-cmake-bad-libc
    else
        fail musl-cmake-bad-libc "$(grep -m1 'x32 SDK' "$LOGS/musl-bad-libc.log")"
    fi

    if [ ! -x "$PREFIX/bin/$MT-gcc" ]; then
        for _c in musl-cmake musl-cmake-ctest musl-env-script musl-meson musl-pkg-config; do
            skip "$_c" "the optional musl toolchain is not built (./build.sh musl)"
        done
        musl_refusals "$PREFIX"
        return
    fi

    # --- CMake: configure, build, facts, ctest through x32-run ---
    _b="$TEST_TMP/build/musl-cmake"
    rm -rf "$_b"
    if ! logged musl-cmake-configure env -u X32_SDK_PREFIX cmake -S "$TEST_TMP/src/cmake" -B "$_b" \
            -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$MT.cmake" -DEXPECT_POINTER_BYTES=4; then
        fail musl-cmake "configure failed: $(why musl-cmake-configure)"
        skip musl-cmake-ctest "nothing was configured"
    elif ! logged musl-cmake-build cmake --build "$_b" -j 1; then
        fail musl-cmake "build failed: $(why musl-cmake-build)"
        skip musl-cmake-ctest "nothing was built"
    else
        _f="$_b/facts.txt" _bad=""
        [ "$(fact "$_f" sizeof_void_p)" = 4 ] || _bad="$_bad CMAKE_SIZEOF_VOID_P=$(fact "$_f" sizeof_void_p)"
        [ "$(fact "$_f" c_compiler)" = "$PREFIX/bin/$MT-gcc" ] || _bad="$_bad compiler=$(fact "$_f" c_compiler)"
        case $(fact "$_f" libm) in "$PREFIX/$MT/sysroot/usr/lib/libm."*) ;; *) _bad="$_bad find_library(m)=$(fact "$_f" libm)" ;; esac
        is_musl_static "$_b/ptrsize" || _bad="$_bad ptrsize is not a static x32 program"
        is_musl_static "$_b/hello_cxx" || _bad="$_bad hello_cxx is not a static x32 program"
        [ "$(fact "$_f" try_run_output)" = 4 ] || _bad="$_bad try_run printed '$(fact "$_f" try_run_output)'"
        if [ -z "$_bad" ]; then pass musl-cmake; else fail musl-cmake "wrong:$_bad"; fi
        if logged musl-cmake-ctest ctest --test-dir "$_b" --output-on-failure -V \
                && grep -q "Test command: $PREFIX/bin/x32-run .*ptrsize" "$LOGS/musl-cmake-ctest.log"; then
            pass musl-cmake-ctest
        else
            fail musl-cmake-ctest "$(grep -m1 -i -e fail -e 'Test command' "$LOGS/musl-cmake-ctest.log")"
        fi
    fi

    # --- The environment script: bash and dash, then back to glibc in the same shell ---
    # shellcheck disable=SC2016 # expanded by the inner shell
    if logged musl-env env -u X32_SDK_PREFIX bash -c '
            . "$1/environment-setup-x86_64-linux-muslx32" || exit 1
            echo "cc=$CC"; echo "flags=$CONFIGURE_FLAGS"; echo "libc=$X32_SDK_LIBC"
            echo "os=$OECORE_TARGET_OS/$OECORE_BASELIB"; echo "pcpath=$PKG_CONFIG_PATH"
            echo "cmake=$CMAKE_TOOLCHAIN_FILE"; echo "meson=$X32_MESON_CROSS_FILE"; echo "rustc=${RUSTC:-none}"
            printf "#include <stdio.h>\nint main(void){printf(\"%%zu\\\\n\", sizeof(void *));return 0;}\n" > "$2/menv.c"
            $CC $CFLAGS $LDFLAGS "$2/menv.c" -o "$2/menv" || exit 1
            echo "ran=$($X32_RUN "$2/menv")"
            . "$1/environment-setup-x86_64-linux-gnux32" || exit 1
            echo "back=$CC $X32_SDK_LIBC"
        ' _ "$PREFIX" "$TEST_TMP" \
        && _dash=$(cd "$PREFIX" && env -u X32_SDK_PREFIX dash -c '. ./environment-setup-x86_64-linux-muslx32 && echo "$CC"' 2>&1); then
        _l="$LOGS/musl-env.log" _bad=""
        [ "$(fact "$_l" cc)" = "$MT-gcc --sysroot=$PREFIX/$MT/sysroot" ] || _bad="$_bad CC=$(fact "$_l" cc)"
        case $(fact "$_l" flags) in "--host=$MT "*) ;; *) _bad="$_bad CONFIGURE_FLAGS=$(fact "$_l" flags)" ;; esac
        [ "$(fact "$_l" libc)" = musl ] || _bad="$_bad X32_SDK_LIBC=$(fact "$_l" libc)"
        [ "$(fact "$_l" os)" = linux-muslx32/lib ] || _bad="$_bad OECORE_TARGET_OS/BASELIB=$(fact "$_l" os)"
        case $(fact "$_l" pcpath) in "$PREFIX/$MT/sysroot/usr/lib/pkgconfig:"*) ;; *) _bad="$_bad PKG_CONFIG_PATH=$(fact "$_l" pcpath)" ;; esac
        [ "$(fact "$_l" cmake)" = "$PREFIX/share/x32-sdk/cmake/$MT.cmake" ] || _bad="$_bad CMAKE_TOOLCHAIN_FILE=$(fact "$_l" cmake)"
        [ "$(fact "$_l" meson)" = "$PREFIX/share/x32-sdk/meson/$MT-on-path.ini" ] || _bad="$_bad X32_MESON_CROSS_FILE=$(fact "$_l" meson)"
        [ "$(fact "$_l" rustc)" = none ] || _bad="$_bad RUSTC=$(fact "$_l" rustc) (Rust has no musl x32 target)"
        [ "$(fact "$_l" ran)" = 4 ] || _bad="$_bad \$X32_RUN printed '$(fact "$_l" ran)'"
        [ "$(fact "$_l" back)" = "$T-gcc --sysroot=$PREFIX/$T/sysroot glibc" ] || _bad="$_bad after glibc's script: $(fact "$_l" back)"
        [ "$_dash" = "$MT-gcc --sysroot=$PREFIX/$MT/sysroot" ] || _bad="$_bad dash: $_dash"
        if [ -z "$_bad" ]; then pass musl-env-script; else fail musl-env-script "wrong:$_bad"; fi
    else
        fail musl-env-script "$(why musl-env) ${_dash:-}"
    fi

    # --- pkg-config: a .pc file in the moved copy's musl sysroot, paths sysroot-prefixed ---
    _sr="$MOVED/$MT/sysroot"
    mkdir -p "$_sr/usr/lib/pkgconfig"
    # A package only the musl sysroot has: glibc's wrapper must not find it.
    # shellcheck disable=SC2016 # a pkg-config variable, not the shell's
    sed -e 's|^libdir=.*|libdir=${prefix}/lib|' -e 's|x32demo|muslonly|g' \
        "$HERE/pkgconfig-project/lib/x32demo.pc" > "$_sr/usr/lib/pkgconfig/muslonly.pc"
    _out=$(env -u PKG_CONFIG_PATH "$MOVED/bin/$MT-pkg-config" --cflags --libs muslonly 2>&1 | trim)
    _glibc=$("$MOVED/bin/$T-pkg-config" --exists muslonly 2>/dev/null && echo found)
    rm -f "$_sr/usr/lib/pkgconfig/muslonly.pc"
    if [ "$_out" = "-I$_sr/usr/include/muslonly -L$_sr/usr/lib -lmuslonly" ] && [ -z "$_glibc" ]; then
        pass musl-pkg-config
    else
        fail musl-pkg-config "got '$_out'$([ -n "$_glibc" ] && echo "; glibc's wrapper found the musl package too")"
    fi

    # --- Meson: the on-path cross file from the musl environment script ---
    if ! command -v meson > /dev/null 2>&1 || ! command -v ninja > /dev/null 2>&1; then
        skip musl-meson "meson and ninja are not installed (apt-get install meson ninja-build)"
    else
        copy_project meson-project "$TEST_TMP/src/meson-musl"
        _b="$TEST_TMP/build/musl-meson"
        rm -rf "$_b"
        # shellcheck disable=SC2016 # expanded by the inner shell
        if logged musl-meson env -u X32_SDK_PREFIX bash -c '
                . "$1/environment-setup-x86_64-linux-muslx32" || exit 1
                meson setup "$2" "$3" --cross-file "$X32_MESON_CROSS_FILE" -Dexpect_pointer_bytes=4 \
                    && ninja -C "$2" -j 1 && meson test -C "$2" --print-errorlogs
            ' _ "$PREFIX" "$_b" "$TEST_TMP/src/meson-musl" \
            && grep -q "C compiler for the host machine: $MT-gcc" "$LOGS/musl-meson.log" \
            && grep -q "glue-run-sizeof=4" "$LOGS/musl-meson.log" && is_musl_static "$_b/ptrsize"; then
            pass musl-meson
        else
            fail musl-meson "$(grep -m1 -E 'FAIL|ERROR|glue-run-sizeof' "$LOGS/musl-meson.log")$(why musl-meson)"
        fi
    fi

    # --- and the refusals, on the moved copy without the musl toolchain (removing the
    # moved copy's hard links leaves the SDK under test as it is) ---
    rm -rf "${MOVED:?}/bin/$MT-gcc" "${MOVED:?}/$MT"
    musl_refusals "$MOVED"
}
