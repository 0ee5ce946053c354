# shellcheck shell=sh
# tests/glue/meson.sh: the Meson cross file: the consumer project built for x32 and its
# tests run through x32-run, from the prefix and a moved copy.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

# in_sdk_env SDK CMD...: run CMD with the SDK's environment script sourced (bash).
in_sdk_env() {
    _sdk=$1; shift
    # shellcheck disable=SC2016 # expanded by the inner shell
    env -u X32_SDK_PREFIX bash -c '. "$1/environment-setup-x86_64-linux-gnux32" || exit 1; shift; "$@"' _ "$_sdk" "$@"
}

# run_in MODE SDK CMD...: CMD inside the SDK's environment (MODE env) or as it is.
run_in() {
    if [ "$1" = env ]; then _sdk=$2; shift 2; in_sdk_env "$_sdk" "$@"
    else shift 2; "$@"; fi
}

# run_meson_x32 NAME SDK MODE EXTRA...: set up with one of the SDK's cross files (MODE env:
# the environment script's $X32_MESON_CROSS_FILE; MODE dirname: the @DIRNAME@ file, with
# nothing on PATH; MODE substituted: the same with @DIRNAME@ replaced as Meson would, for
# Meson versions that do not), build, check the result, run meson test. MODE dirname and
# substituted write beside the SDK's cross file: only use them on the moved copy.
run_meson_x32() {
    _n=$1 _sdk=$2 _mode=$3; shift 3
    _b="$TEST_TMP/build/$_n"
    if [ "$_mode" = env ]; then
        _cross="$_sdk/share/x32-sdk/meson/$T-on-path.ini"
    elif [ "$_mode" = dirname ]; then
        _cross="$_sdk/share/x32-sdk/meson/$T.ini"
    else
        # What a Meson that knows @DIRNAME@ does to the file: replace it with the file's
        # directory before parsing. Done here, beside the original, it checks the rest of
        # the file with a Meson that does not.
        _cross="$_sdk/share/x32-sdk/meson/$_n.ini"
        sed "s|@DIRNAME@|$_sdk/share/x32-sdk/meson|g" "$_sdk/share/x32-sdk/meson/$T.ini" > "$_cross"
    fi
    if [ "$RUNNER_OK" != yes ]; then
        # Meson runs its compiler sanity check through exe_wrapper: with a runner that
        # cannot run x32 yet, check the build with a copy of the cross file without it.
        # The copy sits beside the original (only ever in the moved copy of the SDK), so
        # its @DIRNAME@ paths are the same.
        _dir="$TEST_TMP/cross"; [ "$_mode" != env ] && _dir="$_sdk/share/x32-sdk/meson"
        mkdir -p "$_dir"
        grep -v '^exe_wrapper' "$_cross" > "$_dir/$_n-no-wrapper.ini"
        _cross="$_dir/$_n-no-wrapper.ini"
    fi
    rm -rf "$_b"
    if ! logged "$_n-setup" run_in "$_mode" "$_sdk" meson setup "$_b" "$TEST_TMP/src/meson" --cross-file "$_cross" \
            -Dexpect_pointer_bytes=4 "$@"; then
        if [ "$_mode" = dirname ] && grep -q "@DIRNAME@/" "$LOGS/$_n-setup.log"; then
            skip "$_n-build" "this Meson ($(meson --version)) does not substitute @DIRNAME@ in cross files; $T-on-path.ini covers it"
            skip "$_n-test" "this Meson ($(meson --version)) does not substitute @DIRNAME@ in cross files"
        else
            fail "$_n-build" "meson setup: $(why "$_n-setup")"
        fi
        return
    fi
    if ! logged "$_n-build" run_in "$_mode" "$_sdk" ninja -C "$_b" -j 1; then
        fail "$_n-build" "ninja: $(why "$_n-build")"; return
    fi
    _bad=""
    grep -q "glue-sizeof=4" "$LOGS/$_n-setup.log" || _bad="$_bad cc.sizeof(void *) is not 4"
    grep -q "C compiler for the host machine: [^ ]*$T-gcc" "$LOGS/$_n-setup.log" \
        || _bad="$_bad host compiler is not $T-gcc"
    [ "$(elf_class "$_b/ptrsize")" = x32 ] || _bad="$_bad ptrsize is $(elf_class "$_b/ptrsize")"
    [ "$(elf_class "$_b/hello_cxx")" = x32 ] || _bad="$_bad hello_cxx is $(elf_class "$_b/hello_cxx")"
    case " $* " in *" -Ddemo=enabled "*)
        [ "$(elf_class "$_b/use_demo")" = x32 ] || _bad="$_bad use_demo (x32demo via pkg-config) is $(elf_class "$_b/use_demo")" ;;
    esac
    if [ -z "$_bad" ]; then pass "$_n-build"; else fail "$_n-build" "wrong:$_bad"; fi
    if [ "$RUNNER_OK" != yes ]; then skip "$_n-test" "$RUNNER_WHY"; return; fi
    if ! grep -q "glue-run-sizeof=4" "$LOGS/$_n-setup.log"; then
        fail "$_n-test" "compiler.run() through exe_wrapper did not print 4: $(grep 'glue-run-sizeof' "$LOGS/$_n-setup.log")"
    elif ! logged "$_n-test" run_in "$_mode" "$_sdk" meson test -C "$_b" --print-errorlogs; then
        fail "$_n-test" "meson test through x32-run: $(grep -m1 -E 'FAIL|ERROR' "$LOGS/$_n-test.log")"
    elif _used=$(sed -n 's|^command: .* \([^ ]*/x32-run\) [^ ]*/ptrsize 4$|\1|p' "$_b/meson-logs/testlog.txt" | head -n 1) \
        && [ "$(readlink -f "${_used:-/nonexistent}")" != "$(readlink -f "$_sdk/bin/x32-run")" ]; then
        fail "$_n-test" "meson test did not run through $_sdk/bin/x32-run: $(grep -m1 '^command:' "$_b/meson-logs/testlog.txt")"
    else pass "$_n-test"; fi
}

test_meson() {
    if ! command -v meson > /dev/null 2>&1 || ! command -v ninja > /dev/null 2>&1; then
        skip meson "meson and ninja are not installed (apt-get install meson ninja-build)"; return
    fi
    copy_project meson-project "$TEST_TMP/src/meson"
    _b="$TEST_TMP/build/meson-native"
    if logged meson-native-setup meson setup "$_b" "$TEST_TMP/src/meson" -Dexpect_pointer_bytes=8 \
        && logged meson-native-build ninja -C "$_b" -j 1 && logged meson-native-test meson test -C "$_b" --print-errorlogs \
        && grep -q "glue-run-sizeof=8" "$LOGS/meson-native-setup.log"; then pass meson-native
    else fail meson-native "$(why meson-native-test)$(why meson-native-build)$(why meson-native-setup)"; fi
    run_meson_x32 meson-x32 "$PREFIX" env
    # From the moved copy, also finding the test library through the cross file's pkg-config.
    _demo=""
    [ -f "$MOVED/$T/sysroot/usr/libx32/pkgconfig/x32demo.pc" ] && _demo=-Ddemo=enabled
    run_meson_x32 meson-x32-moved "$MOVED" env $_demo
    run_meson_x32 meson-x32-dirname "$MOVED" dirname $_demo
    run_meson_x32 meson-x32-dirname-substituted "$MOVED" substituted $_demo
}
