# shellcheck shell=sh
# tests/distribute/env-script.sh: X32_DISTRIBUTE in the environment script and the CMake
# toolchain file, without daemons (any user). Sourced by run.sh.
# shellcheck disable=SC2154

# sourced VAR-ASSIGNMENTS...: source the environment script in a clean sh with the given
# variables and print CC, ICECC_VERSION, ICECC_CC, X32_MESON_DISTRIBUTE_FILE (or the
# script's error and status).
sourced() {
    env -i PATH="$PATH" HOME="$TEST_TMP" "$@" sh -c \
        'cd "$1" && . ./environment-setup-x86_64-linux-gnux32 && printf "CC=%s\nICECC_VERSION=%s\nICECC_CC=%s\nMESON=%s\n" "$CC" "${ICECC_VERSION:-}" "${ICECC_CC:-}" "${X32_MESON_DISTRIBUTE_FILE:-}"' \
        _ "$PREFIX" 2>&1
}

test_env_script() {
    _o=$(sourced X32_DISTRIBUTE=nonsense); _rc=$?
    if [ "$_rc" != 0 ] && printf '%s\n' "$_o" | grep -q "X32_DISTRIBUTE is 'nonsense'"; then pass env-distribute-refuses-bad-value
    else fail env-distribute-refuses-bad-value "exit $_rc: $_o"; fi

    _o=$(sourced); _rc=$?
    case $_o in *"CC=$T-gcc --sysroot="*) pass env-distribute-off-by-default ;;
        *) fail env-distribute-off-by-default "exit $_rc: $(printf '%s' "$_o" | head -n 1)" ;; esac

    if command -v distcc > /dev/null 2>&1; then
        _o=$(sourced X32_DISTRIBUTE=distcc DISTCC_HOSTS=127.0.0.1); _rc=$?
        case $_o in *"CC=x32-distcc $T-gcc --sysroot="*"MESON=$PREFIX/share/x32-sdk/meson/$T-distcc.ini"*)
                pass env-distribute-distcc ;;
            *) fail env-distribute-distcc "exit $_rc: $_o" ;; esac
    else
        skip env-distribute-distcc "distcc is not installed (apt-get install distcc)"
    fi
    if command -v icecc > /dev/null 2>&1; then
        # A native environment the user has stays first; the SDK's joins it by target.
        : > "$TEST_TMP/fake-x32-env.tar.gz"
        _o=$(sourced X32_DISTRIBUTE=icecc ICECC_VERSION=/n.tar.gz X32_ICECC_ENV="$TEST_TMP/fake-x32-env.tar.gz"); _rc=$?
        case $_o in *"CC=x32-icecc $T-gcc --sysroot="*"ICECC_VERSION=/n.tar.gz,$TEST_TMP/fake-x32-env.tar.gz=$T"*"ICECC_CC=$T-gcc"*)
                pass env-distribute-icecc ;;
            *) fail env-distribute-icecc "exit $_rc: $_o" ;; esac
        # Without an environment the script refuses and says how to make one.
        _o=$(env -i PATH="$PATH" X32_DISTRIBUTE=icecc sh -c 'cd "$1" && . ./environment-setup-x86_64-linux-gnux32' _ "$PREFIX" 2>&1); _rc=$?
        if [ -f "$PREFIX/share/x32-sdk/icecc/$T.tar.gz.name" ]; then
            skip env-distribute-icecc-needs-env "the SDK under test already has an icecream environment"
        elif [ "$_rc" != 0 ] && printf '%s\n' "$_o" | grep -q 'x32-icecc-env'; then pass env-distribute-icecc-needs-env
        else fail env-distribute-icecc-needs-env "exit $_rc: $_o"; fi
    else
        skip env-distribute-icecc "icecc is not installed (apt-get install icecc)"
    fi

    # The CMake toolchain file: the launcher is set from X32_DISTRIBUTE, a project's own
    # launcher is kept, and a bad value stops configuration.
    if ! command -v cmake > /dev/null 2>&1; then skip cmake-distribute-launcher "cmake is not installed"; return; fi
    mkdir -p "$TEST_TMP/launcher-src"
    printf 'cmake_minimum_required(VERSION 3.13)\nproject(l C CXX)\nmessage(STATUS "launchers: C=${CMAKE_C_COMPILER_LAUNCHER} CXX=${CMAKE_CXX_COMPILER_LAUNCHER}")\n' \
        > "$TEST_TMP/launcher-src/CMakeLists.txt"
    _tc="$PREFIX/share/x32-sdk/cmake/$T.cmake"
    X32_DISTRIBUTE=distcc logged launcher1 cmake -S "$TEST_TMP/launcher-src" -B "$TEST_TMP/launcher-b1" -DCMAKE_TOOLCHAIN_FILE="$_tc"
    logged launcher2 cmake -S "$TEST_TMP/launcher-src" -B "$TEST_TMP/launcher-b2" -DCMAKE_TOOLCHAIN_FILE="$_tc" \
        -DX32_DISTRIBUTE=icecc -DCMAKE_C_COMPILER_LAUNCHER=ccache
    X32_DISTRIBUTE=bogus logged launcher3 cmake -S "$TEST_TMP/launcher-src" -B "$TEST_TMP/launcher-b3" -DCMAKE_TOOLCHAIN_FILE="$_tc"; _rc3=$?
    if grep -q "launchers: C=$PREFIX/bin/x32-distcc CXX=$PREFIX/bin/x32-distcc" "$LOGS/launcher1.log" \
        && grep -q "launchers: C=ccache CXX=$PREFIX/bin/x32-icecc" "$LOGS/launcher2.log" \
        && [ "$_rc3" != 0 ] && grep -q "X32_DISTRIBUTE is 'bogus'" "$LOGS/launcher3.log"; then
        pass cmake-distribute-launcher
    else
        fail cmake-distribute-launcher "$(grep -h 'launchers:' "$LOGS"/launcher[12].log | tr '\n' ' ') bogus: exit $_rc3"
    fi
}
