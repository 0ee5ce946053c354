# shellcheck shell=sh
# tests/distribute/distcc.sh: the distcc cases. Sourced by run.sh (helpers, PREFIX, T,
# TEST_TMP, LOGS and daemons.sh come from there).
# shellcheck disable=SC2154

# dcc_count WORD: how many jobs distccd has summed up as WORD (COMPILE_OK, COMPILE_ERROR).
dcc_count() { grep -c "$1" "$D/distccd.log"; }

test_distcc() {
    if ! start_distcc > "$LOGS/start-distcc.log" 2>&1; then fail distcc-daemon-start "$(why start-distcc)"; stop_daemons; return; fi
    # x32-distccd-setup's links are there for distccd, in its namespace only.
    if grep -qx "$T-gcc" "$D/distcc-whitelist.seen" && grep -qx "$T-g++" "$D/distcc-whitelist.seen" \
        && [ ! -e "/usr/lib/distcc/$T-gcc" ] && grep -q "DISTCCD_PATH=$PREFIX/bin:" "$D/distccd-setup.out"; then
        pass distcc-helper-setup
    else
        fail distcc-helper-setup "whitelist seen by distccd: $(tr '\n' ' ' < "$D/distcc-whitelist.seen"); setup said: $(tail -n 1 "$D/distccd-setup.out")"
    fi
    dcc_client_env

    _before=$(dcc_count COMPILE_OK)
    if cmake_build dcc-build distcc -j2; then
        _n=$(( $(dcc_count COMPILE_OK) - _before ))
        if [ "$_n" -ge 5 ]; then pass distcc-compiles-ran-remotely
        else fail distcc-compiles-ran-remotely "distccd logged $_n of 5 compiles (see $D/distccd.log)"; fi
        _e=$(elf_all "$TEST_TMP/dcc-build")
        if [ "$_e" = x32 ]; then pass distcc-objects-elf32; else fail distcc-objects-elf32 "$_e"; fi
        _r=$(programs_pass "$TEST_TMP/dcc-build")
        if [ "$_r" = ok ]; then pass distcc-programs-pass; else fail distcc-programs-pass "$_r"; fi
    else
        fail distcc-compiles-ran-remotely "the build failed: $(why dcc-build-build)$(why dcc-build-configure)"
    fi

    # Meson, through the environment script's second cross file (Meson has no launcher
    # setting; the overlay wraps the compilers).
    if command -v meson > /dev/null 2>&1 && command -v ninja > /dev/null 2>&1; then
        _before=$(dcc_count COMPILE_OK)
        rm -rf "$TEST_TMP/dcc-meson"
        if (X32_DISTRIBUTE=distcc; export X32_DISTRIBUTE; cd "$PREFIX" && . ./environment-setup-x86_64-linux-gnux32 \
                && meson setup "$TEST_TMP/dcc-meson" "$HERE/project" --cross-file "$X32_MESON_CROSS_FILE" \
                    --cross-file "$X32_MESON_DISTRIBUTE_FILE" && ninja -C "$TEST_TMP/dcc-meson") > "$LOGS/dcc-meson.log" 2>&1; then
            _n=$(( $(dcc_count COMPILE_OK) - _before ))
            _r=$(programs_pass "$TEST_TMP/dcc-meson")
            if [ "$_n" -ge 5 ] && [ "$_r" = ok ]; then pass distcc-meson-overlay
            else fail distcc-meson-overlay "distccd logged $_n of 5 compiles; programs: $_r"; fi
        else
            fail distcc-meson-overlay "$(why dcc-meson)"
        fi
    else
        skip distcc-meson-overlay "meson or ninja is not installed (apt-get install meson ninja-build)"
    fi

    _before=$(dcc_count COMPILE_ERROR)
    (cd "$HERE/project" && "$PREFIX/bin/x32-distcc" "$PREFIX/bin/$T-gcc" -c broken.c -o "$TEST_TMP/broken.o") > "$LOGS/dcc-error.log" 2>&1
    _rc=$?
    _n=$(( $(dcc_count COMPILE_ERROR) - _before ))
    if [ "$_rc" != 0 ] && [ "$_n" -ge 1 ] && grep -q '^broken.c:5:[0-9]*: error:' "$LOGS/dcc-error.log"; then
        pass distcc-remote-error-reported
    else
        fail distcc-remote-error-reported "exit $_rc, $_n remote errors logged, message: $(grep -m1 error "$LOGS/dcc-error.log")"
    fi

    # distccd killed in mid-build: with distcc's default fallback the rest compiles
    # locally and the build succeeds; with DISTCC_FALLBACK=0 a compile fails and says so.
    rm -rf "$TEST_TMP/dcc-kill"
    X32_DISTRIBUTE=distcc logged dcc-kill-configure cmake -S "$HERE/project" -B "$TEST_TMP/dcc-kill" \
        -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$T.cmake"
    DISTCC_FALLBACK=1 DISTCC_SKIP_LOCAL_RETRY=0 cmake --build "$TEST_TMP/dcc-kill" -- -j1 > "$LOGS/dcc-kill-build.log" 2>&1 &
    _mk=$!
    wait_for_first_object "$TEST_TMP/dcc-kill"
    stop_daemons
    wait "$_mk"; _rc=$?
    if [ "$_rc" = 0 ] && [ "$(programs_pass "$TEST_TMP/dcc-kill")" = ok ] && [ "$(elf_all "$TEST_TMP/dcc-kill")" = x32 ]; then
        echo "distcc fell back: $(grep -c 'failed to distribute\|failed to connect' "$LOGS/dcc-kill-build.log") warning(s), then local compiles"
        pass distcc-daemon-killed-falls-back
    else
        fail distcc-daemon-killed-falls-back "exit $_rc: $(why dcc-kill-build)"
    fi
    (cd "$HERE/project" && "$PREFIX/bin/x32-distcc" "$PREFIX/bin/$T-gcc" -c area.c -o "$TEST_TMP/area.o") > "$LOGS/dcc-dead.log" 2>&1
    _rc=$?
    if [ "$_rc" != 0 ] && grep -q 'failed to distribute and fallbacks are disabled' "$LOGS/dcc-dead.log"; then
        pass distcc-daemon-dead-no-fallback-fails-clearly
    else
        fail distcc-daemon-dead-no-fallback-fails-clearly "exit $_rc: $(why dcc-dead)"
    fi
    unset DISTCC_HOSTS DISTCC_FALLBACK DISTCC_SKIP_LOCAL_RETRY DISTCC_DIR
}
