# shellcheck shell=sh
# tests/glue/cmake.sh: the CMake toolchain file: the consumer project built natively and
# for x32, from the prefix and a moved copy, overrides, and misuse that must fail clearly.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

# cmake_configure LOG SRC BUILD ARGS...: configure with a clean environment.
cmake_configure() {
    _l=$1 _s=$2 _b=$3; shift 3
    rm -rf "$_b"
    logged "$_l" env -u X32_SDK_PREFIX cmake -S "$_s" -B "$_b" "$@"
}

cmake_build_and_test() {
    logged "$1-build" cmake --build "$2" -j 1 && logged "$1-ctest" ctest --test-dir "$2" --output-on-failure
}

# check_cmake_x32 NAME BUILD SDK: the facts a configure against SDK must have produced.
check_cmake_x32() {
    _f="$2/facts.txt" _sdk=$3 _bad=""
    [ "$(fact "$_f" sizeof_void_p)" = 4 ] || _bad="$_bad CMAKE_SIZEOF_VOID_P=$(fact "$_f" sizeof_void_p)"
    [ "$(fact "$_f" compiles_x86_64)" = 1 ] || _bad="$_bad check_c_source_compiles(__x86_64__) failed"
    case $(fact "$_f" c_compiler) in "$_sdk/bin/$T-gcc") ;; *) _bad="$_bad compiler=$(fact "$_f" c_compiler)" ;; esac
    case $(fact "$_f" ar) in "$_sdk/bin/$T-ar") ;; *) _bad="$_bad ar=$(fact "$_f" ar)" ;; esac
    case $(fact "$_f" libm) in "$_sdk/$T/sysroot/"*libx32/libm.*) ;; *) _bad="$_bad find_library(m)=$(fact "$_f" libm)" ;; esac
    [ "$(fact "$_f" emulator)" = "$_sdk/bin/x32-run" ] || _bad="$_bad emulator=$(fact "$_f" emulator)"
    [ "$(elf_class "$2/ptrsize")" = x32 ] || _bad="$_bad ptrsize is $(elf_class "$2/ptrsize")"
    [ "$(elf_class "$2/hello_cxx")" = x32 ] || _bad="$_bad hello_cxx is $(elf_class "$2/hello_cxx")"
    if [ -z "$_bad" ]; then pass "$1"; else fail "$1" "wrong:$_bad"; fi
}

# run_cmake_x32 NAME SDK TOOLCHAIN: configure, build, check, then ctest and try_run.
run_cmake_x32() {
    _b="$TEST_TMP/build/$1"
    if ! cmake_configure "$1-configure" "$TEST_TMP/src/cmake" "$_b" \
            -DCMAKE_TOOLCHAIN_FILE="$3" -DEXPECT_POINTER_BYTES=4; then
        fail "$1-build" "configure failed: $(why "$1-configure")"; return
    fi
    if ! logged "$1-build" cmake --build "$_b" -j 1; then
        fail "$1-build" "build failed: $(why "$1-build")"; return
    fi
    check_cmake_x32 "$1-build" "$_b" "$2"
    if [ "$RUNNER_OK" != yes ]; then
        skip "$1-ctest" "$RUNNER_WHY"; skip "$1-try-run" "$RUNNER_WHY"; return
    fi
    # -V shows each test's command: it must start with the runner, or a kernel that runs
    # x32 itself would hide a missing CMAKE_CROSSCOMPILING_EMULATOR.
    if ! logged "$1-ctest" ctest --test-dir "$_b" --output-on-failure -V; then
        fail "$1-ctest" "ctest through x32-run failed: $(grep -m1 -i 'fail' "$LOGS/$1-ctest.log")"
    elif ! grep -q "Test command: $2/bin/x32-run .*ptrsize" "$LOGS/$1-ctest.log"; then
        fail "$1-ctest" "ctest did not run the tests through $2/bin/x32-run: $(grep -m1 'Test command' "$LOGS/$1-ctest.log")"
    else pass "$1-ctest"; fi
    if [ "$(fact "$_b/facts.txt" try_run_exit)" = 0 ] && [ "$(fact "$_b/facts.txt" try_run_output)" = 4 ]; then
        pass "$1-try-run"
    else
        fail "$1-try-run" "try_run through x32-run: exit $(fact "$_b/facts.txt" try_run_exit), printed '$(fact "$_b/facts.txt" try_run_output)', expected 4"
    fi
}

test_cmake() {
    copy_project cmake-project "$TEST_TMP/src/cmake"
    _b="$TEST_TMP/build/cmake-native"
    if cmake_configure cmake-native-configure "$TEST_TMP/src/cmake" "$_b" -DEXPECT_POINTER_BYTES=8 \
        && cmake_build_and_test cmake-native "$_b"; then
        if [ "$(fact "$_b/facts.txt" try_run_output)" = 8 ] && [ "$(elf_class "$_b/ptrsize")" = x86-64 ]; then
            pass cmake-native
        else fail cmake-native "native try_run printed '$(fact "$_b/facts.txt" try_run_output)', ptrsize is $(elf_class "$_b/ptrsize")"; fi
    else
        fail cmake-native "$(why cmake-native-ctest)$(why cmake-native-build)$(why cmake-native-configure)"
    fi
    run_cmake_x32 cmake-x32 "$PREFIX" "$SDK_TOOLCHAIN"
    run_cmake_x32 cmake-x32-moved "$MOVED" "$MOVED_TOOLCHAIN"
}

# The prefix can be given explicitly; both ways must reach CMake's try_compile projects,
# which re-read the toolchain file in a fresh scope. The toolchain file used sits in an
# empty tree, so a lost override would stop configure with "no SDK".
test_cmake_overrides() {
    _stray="$TEST_TMP/stray/share/x32-sdk/cmake"
    mkdir -p "$_stray"; cp "$SDK_TOOLCHAIN" "$_stray/"
    _src="$TEST_TMP/src/cmake"
    if cmake_configure cmake-prefix-variable "$_src" "$TEST_TMP/build/cmake-prefix-variable" \
            -DCMAKE_TOOLCHAIN_FILE="$_stray/$T.cmake" -DX32_SDK_PREFIX="$MOVED" -DEXPECT_POINTER_BYTES=4 \
        && [ "$(fact "$TEST_TMP/build/cmake-prefix-variable/facts.txt" compiles_x86_64)" = 1 ] \
        && [ "$(fact "$TEST_TMP/build/cmake-prefix-variable/facts.txt" c_compiler)" = "$MOVED/bin/$T-gcc" ]; then
        pass cmake-prefix-variable
    else fail cmake-prefix-variable "-DX32_SDK_PREFIX=$MOVED was not used throughout: $(why cmake-prefix-variable)"; fi

    rm -rf "$TEST_TMP/build/cmake-prefix-env"
    if logged cmake-prefix-env env X32_SDK_PREFIX="$MOVED" cmake -S "$_src" -B "$TEST_TMP/build/cmake-prefix-env" \
            -DCMAKE_TOOLCHAIN_FILE="$_stray/$T.cmake" -DEXPECT_POINTER_BYTES=4 \
        && [ "$(fact "$TEST_TMP/build/cmake-prefix-env/facts.txt" c_compiler)" = "$MOVED/bin/$T-gcc" ]; then
        pass cmake-prefix-env
    else fail cmake-prefix-env "X32_SDK_PREFIX=$MOVED in the environment was not used: $(why cmake-prefix-env)"; fi

    # A symlink to the file (say, in a project's cmake/ folder) still means its SDK.
    mkdir -p "$TEST_TMP/links"; ln -sf "$MOVED_TOOLCHAIN" "$TEST_TMP/links/x32.cmake"
    if cmake_configure cmake-symlinked-toolchain "$_src" "$TEST_TMP/build/cmake-symlinked-toolchain" \
            -DCMAKE_TOOLCHAIN_FILE="$TEST_TMP/links/x32.cmake" -DEXPECT_POINTER_BYTES=4 \
        && [ "$(fact "$TEST_TMP/build/cmake-symlinked-toolchain/facts.txt" c_compiler)" = "$MOVED/bin/$T-gcc" ]; then
        pass cmake-symlinked-toolchain
    else fail cmake-symlinked-toolchain "a symlink to $MOVED_TOOLCHAIN did not use $MOVED: $(why cmake-symlinked-toolchain)"; fi

    # The checkout's own copy finds the checkout's out/.
    if [ "$PREFIX" != "$(cd "$TOP/out" 2>/dev/null && pwd -P)" ]; then
        skip cmake-checkout-copy "the SDK under test ($PREFIX) is not this checkout's out/"
    elif cmake_configure cmake-checkout-copy "$_src" "$TEST_TMP/build/cmake-checkout-copy" \
            -DCMAKE_TOOLCHAIN_FILE="$TOP/cmake/$T.cmake" -DEXPECT_POINTER_BYTES=4 \
        && [ "$(fact "$TEST_TMP/build/cmake-checkout-copy/facts.txt" c_compiler)" = "$PREFIX/bin/$T-gcc" ]; then
        pass cmake-checkout-copy
    else fail cmake-checkout-copy "cmake/$T.cmake did not use $TOP/out: $(why cmake-checkout-copy)"; fi
}

# expect_cmake_error NAME PATTERN ARGS...: configure must fail and say PATTERN.
expect_cmake_error() {
    _n=$1 _p=$2; shift 2
    if cmake_configure "$_n" "$TEST_TMP/src/cmake" "$TEST_TMP/build/$_n" "$@"; then
        fail "$_n" "configure succeeded, expected an error saying '$_p'"
    # CMake wraps long message lines at spaces: search the text with lines joined.
    elif tr '\n' ' ' < "$LOGS/$_n.log" | tr -s ' ' | grep -qF "$_p"; then pass "$_n"
    else fail "$_n" "configure failed without saying '$_p': $(grep -m1 -i error "$LOGS/$_n.log")"; fi
}

test_cmake_misuse() {
    expect_cmake_error cmake-wrong-prefix "x32 SDK: no SDK at $TEST_TMP/no-such-sdk" \
        -DCMAKE_TOOLCHAIN_FILE="$SDK_TOOLCHAIN" -DX32_SDK_PREFIX="$TEST_TMP/no-such-sdk"
    expect_cmake_error cmake-outside-sdk "x32 SDK: no SDK at $TEST_TMP/stray" \
        -DCMAKE_TOOLCHAIN_FILE="$TEST_TMP/stray/share/x32-sdk/cmake/$T.cmake"
    _unbuilt="$TEST_TMP/unbuilt/x32-sdk"
    mkdir -p "$TEST_TMP/unbuilt"
    # Across file systems the links fail half-way: copy into a fresh folder, not into it.
    cp -al "$PREFIX" "$_unbuilt" 2>/dev/null || { rm -rf "$_unbuilt"; cp -a "$PREFIX" "$_unbuilt"; }
    rm -f "$_unbuilt/share/x32-sdk/build-info.json"
    expect_cmake_error cmake-unbuilt-sdk "is not completely built" \
        -DCMAKE_TOOLCHAIN_FILE="$_unbuilt/share/x32-sdk/cmake/$T.cmake"
}
