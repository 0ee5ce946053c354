# shellcheck shell=sh
# tests/glue/pkg-config.sh: the SDK's pkg-config wrapper: an x32 library installed into the
# sysroot (and a native twin) found by pkg-config and used from CMake.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

# A tiny static library in the moved copy's sysroot (the original prefix stays as built),
# and a native twin in a scratch root.
install_demo_lib() {
    _sr="$MOVED/$T/sysroot"
    _lib="$HERE/pkgconfig-project/lib"
    mkdir -p "$_sr/usr/include/x32demo" "$_sr/usr/libx32/pkgconfig" "$TEST_TMP/demo-obj"
    "$MOVED/bin/$T-gcc" -O2 -c "$_lib/x32demo.c" -o "$TEST_TMP/demo-obj/x32.o" \
        && "$MOVED/bin/$T-ar" rcs "$_sr/usr/libx32/libx32demo.a" "$TEST_TMP/demo-obj/x32.o" \
        && cp "$_lib/x32demo.h" "$_sr/usr/include/x32demo/" \
        && cp "$_lib/x32demo.pc" "$_sr/usr/libx32/pkgconfig/" || return 1
    _nr="$TEST_TMP/native-root/usr"
    mkdir -p "$_nr/include/x32demo" "$_nr/lib/pkgconfig"
    gcc -O2 -c "$_lib/x32demo.c" -o "$TEST_TMP/demo-obj/native.o" \
        && ar rcs "$_nr/lib/libx32demo.a" "$TEST_TMP/demo-obj/native.o" \
        && cp "$_lib/x32demo.h" "$_nr/include/x32demo/" \
        && sed -e "s|^prefix=.*|prefix=$_nr|" -e 's|^libdir=.*|libdir=${prefix}/lib|' \
               "$_lib/x32demo.pc" > "$_nr/lib/pkgconfig/x32demo.pc"
}

test_pkgconfig() {
    if ! command -v pkg-config > /dev/null 2>&1 && ! command -v pkgconf > /dev/null 2>&1; then
        skip pkgconfig "pkg-config is not installed (apt-get install pkg-config)"; return
    fi
    if ! logged demo-lib install_demo_lib; then
        fail pkgconfig-demo-lib "could not build the test library: $(why demo-lib)"; return
    fi
    _w="$MOVED/bin/$T-pkg-config" _sr="$MOVED/$T/sysroot"
    _cflags=$("$_w" --cflags x32demo 2>&1 | trim) _libs=$("$_w" --libs x32demo 2>&1 | trim)
    if [ "$_cflags" = "-I$_sr/usr/include/x32demo" ] && [ "$_libs" = "-L$_sr/usr/libx32 -lx32demo" ]; then
        pass pkgconfig-wrapper-sysroot
    else fail pkgconfig-wrapper-sysroot "got '$_cflags' '$_libs'"; fi

    # A package only the host has must stay invisible, even through PKG_CONFIG_PATH.
    mkdir -p "$TEST_TMP/host-pc"
    printf 'Name: hostonly\nDescription: host\nVersion: 1\n' > "$TEST_TMP/host-pc/hostonly.pc"
    if ! PKG_CONFIG_PATH="$TEST_TMP/host-pc" pkg-config --exists hostonly; then
        fail pkgconfig-wrapper-no-host "the host pkg-config does not see the probe package; the test is broken"
    elif PKG_CONFIG_PATH="$TEST_TMP/host-pc" "$_w" --exists hostonly; then
        fail pkgconfig-wrapper-no-host "the wrapper found a host package through PKG_CONFIG_PATH"
    else pass pkgconfig-wrapper-no-host; fi

    mkdir -p "$TEST_TMP/bin"; ln -sf "$_w" "$TEST_TMP/bin/$T-pkg-config"
    _cflags=$("$TEST_TMP/bin/$T-pkg-config" --cflags x32demo 2>&1 | trim)
    if [ "$_cflags" = "-I$_sr/usr/include/x32demo" ]; then pass pkgconfig-wrapper-symlinked
    else fail pkgconfig-wrapper-symlinked "through a symlink it printed: $_cflags"; fi

    copy_project pkgconfig-project "$TEST_TMP/src/pkgconfig"
    _b="$TEST_TMP/build/pkgconfig-native"
    if cmake_configure pkgconfig-native-configure "$TEST_TMP/src/pkgconfig" "$_b" -DEXPECT_POINTER_BYTES=8 \
            -DCMAKE_PREFIX_PATH="$TEST_TMP/native-root/usr" \
        && cmake_build_and_test pkgconfig-native "$_b"; then pass pkgconfig-cmake-native
    else fail pkgconfig-cmake-native "$(why pkgconfig-native-ctest)$(why pkgconfig-native-build)$(why pkgconfig-native-configure)"; fi

    _b="$TEST_TMP/build/pkgconfig-x32"
    if ! cmake_configure pkgconfig-x32-configure "$TEST_TMP/src/pkgconfig" "$_b" -DEXPECT_POINTER_BYTES=4 \
            -DCMAKE_TOOLCHAIN_FILE="$MOVED_TOOLCHAIN" || ! logged pkgconfig-x32-build cmake --build "$_b" -j 1; then
        fail pkgconfig-cmake-x32 "$(why pkgconfig-x32-build)$(why pkgconfig-x32-configure)"
    elif [ "$(fact "$_b/facts.txt" include_dirs)" != "$_sr/usr/include/x32demo" ]; then
        fail pkgconfig-cmake-x32 "pkg_check_modules gave include dirs '$(fact "$_b/facts.txt" include_dirs)'"
    elif [ "$(elf_class "$_b/use_demo")" != x32 ]; then
        fail pkgconfig-cmake-x32 "use_demo is $(elf_class "$_b/use_demo")"
    else
        pass pkgconfig-cmake-x32
        if [ "$RUNNER_OK" != yes ]; then skip pkgconfig-cmake-x32-ctest "$RUNNER_WHY"
        elif logged pkgconfig-x32-ctest ctest --test-dir "$_b" --output-on-failure; then pass pkgconfig-cmake-x32-ctest
        else fail pkgconfig-cmake-x32-ctest "$(why pkgconfig-x32-ctest)"; fi
    fi
}
