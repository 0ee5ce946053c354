# shellcheck shell=sh
# tests/distribute/icecc.sh: the icecream cases. Sourced by run.sh (helpers, PREFIX, T,
# TEST_TMP, LOGS and daemons.sh come from there).
# shellcheck disable=SC2154

# remote_done PATTERN: how many "Remote compilation ... PATTERN" lines the daemon that
# takes the jobs has logged.
remote_done() { ice_flush; grep -c "Remote compilation $1" "$D/ice-remote.log"; }

test_icecc() {
    # The environment is made from a copy of the prefix elsewhere (hard links): what is
    # packed must be the SDK where it is now, not where it was built or first installed.
    _moved="$TEST_TMP/moved-sdk"
    if ! cp -al "$PREFIX" "$_moved" 2>/dev/null; then
        # Another file system: the prefix itself, with the tarball written into TEST_TMP.
        rm -rf "$_moved"; _moved=$PREFIX
        echo "note: $PREFIX cannot be hard-linked into $TEST_TMP; the environment is made from it in place"
    fi
    rm -rf "$TEST_TMP/moved-sdk/share/x32-sdk/icecc"
    _envdir="$TEST_TMP/icecc-env"
    if logged icecc-env "$_moved/bin/x32-icecc-env" --out "$_envdir" \
        && grep -q "for $_moved/bin/$T-gcc" "$LOGS/icecc-env.log"; then
        _tar="$_envdir/$(cat "$_envdir/$T.tar.gz.name")"
        _lst=$(tar -tzf "$_tar")
        _miss=""
        for _f in usr/bin/gcc usr/bin/g++ usr/bin/cc1 usr/bin/cc1plus usr/bin/as; do
            printf '%s\n' "$_lst" | grep -qx "$_f" || _miss="$_miss $_f"
        done
        if [ -z "$_miss" ]; then pass icecc-env-from-moved-prefix
        else fail icecc-env-from-moved-prefix "the environment lacks$_miss"; fi
    else
        fail icecc-env-from-moved-prefix "x32-icecc-env: $(why icecc-env)"; return
    fi
    X32_ICECC_ENV=$_tar; export X32_ICECC_ENV

    if ! start_icecc > "$LOGS/start-icecc.log" 2>&1; then fail icecc-daemons-start "$(why start-icecc)"; stop_daemons; return; fi
    pass icecc-daemons-start
    ice_client_env

    # The whole project through the CMake toolchain file's launcher: every compile remote.
    _before=$(remote_done 'completed with exit code 0')
    if cmake_build ice-build icecc -j2; then
        _n=$(( $(remote_done 'completed with exit code 0') - _before ))
        # Each of the 5 translation units was compiled by the daemon that takes the jobs,
        # and the client compiled none itself (links are always local).
        _missing=""
        for _f in area.c perimeter.c main.c main.cc registry.cc; do
            grep -q "remote compile for file .*/project/$_f\$" "$D/ice-remote.log" || _missing="$_missing $_f"
        done
        _local=$(grep -c 'building myself' "$D/icecc-client.log")
        if [ -z "$_missing" ] && [ "$_local" = 0 ]; then pass icecc-compiles-ran-remotely
        else fail icecc-compiles-ran-remotely "not compiled remotely:${_missing:- none}; $_local compiled by the client itself; $_n remote jobs completed (see $D/ice-remote.log)"; fi
        _e=$(elf_all "$TEST_TMP/ice-build")
        if [ "$_e" = x32 ]; then pass icecc-objects-elf32; else fail icecc-objects-elf32 "$_e"; fi
        _r=$(programs_pass "$TEST_TMP/ice-build")
        if [ "$_r" = ok ]; then pass icecc-programs-pass; else fail icecc-programs-pass "$_r"; fi
    else
        fail icecc-compiles-ran-remotely "the build failed: $(why ice-build-build)$(why ice-build-configure)"
    fi

    # A compile error on the remote side: the user sees file:line and a non-zero exit,
    # the same lines as a local compile gives.
    _before=$(remote_done 'exited with exit code 1')
    (cd "$HERE/project" && "$PREFIX/bin/x32-icecc" "$PREFIX/bin/$T-gcc" -c broken.c -o "$TEST_TMP/broken.o") > "$LOGS/ice-error.log" 2>&1
    _rc=$?
    (cd "$HERE/project" && "$PREFIX/bin/$T-gcc" -c broken.c -o "$TEST_TMP/broken.o") > "$LOGS/local-error.log" 2>&1
    _n=$(( $(remote_done 'exited with exit code 1') - _before ))
    if [ "$_rc" != 0 ] && [ "$_n" -ge 1 ] && grep -q '^broken.c:5:[0-9]*: error:' "$LOGS/ice-error.log" \
        && [ "$(grep -c 'error:' "$LOGS/ice-error.log")" = "$(grep -c 'error:' "$LOGS/local-error.log")" ]; then
        pass icecc-remote-error-reported
    else
        fail icecc-remote-error-reported "exit $_rc, $_n remote failures logged, message: $(grep -m1 error "$LOGS/ice-error.log")"
    fi

    # The remote daemon killed in mid-build: icecream compiles the rest locally (its own
    # fallback), so the build must still succeed with right objects; a failure must at
    # least say what went wrong.
    rm -rf "$TEST_TMP/ice-kill"
    X32_DISTRIBUTE=icecc logged ice-kill-configure cmake -S "$HERE/project" -B "$TEST_TMP/ice-kill" \
        -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$T.cmake"
    : > "$D/icecc-client.log"
    cmake --build "$TEST_TMP/ice-kill" -- -j1 > "$LOGS/ice-kill-build.log" 2>&1 &
    _mk=$!
    wait_for_first_object "$TEST_TMP/ice-kill"
    kill -KILL "$(cat "$D/ice-remote.pid")" 2>/dev/null
    wait "$_mk"; _rc=$?
    if [ "$_rc" = 0 ] && [ "$(programs_pass "$TEST_TMP/ice-kill")" = ok ] && [ "$(elf_all "$TEST_TMP/ice-kill")" = x32 ]; then
        echo "icecream fell back: $(grep -c 'building myself' "$D/icecc-client.log") job(s) compiled locally after the kill"
        pass icecc-daemon-killed-mid-build
    elif [ "$_rc" != 0 ] && grep -qi 'icecc\|error' "$LOGS/ice-kill-build.log"; then
        echo "icecream failed: $(grep -m1 -i 'icecc\|error' "$LOGS/ice-kill-build.log" | cut -c1-200)"
        pass icecc-daemon-killed-mid-build
    else
        fail icecc-daemon-killed-mid-build "exit $_rc with no clear message: $(why ice-kill-build)"
    fi
    stop_daemons
    unset ICECC_TEST_SOCKET ICECC_TEST_REMOTEBUILD ICECC_PREFERRED_HOST ICECC_DEBUG ICECC_LOGFILE X32_ICECC_ENV
    rm -rf "$TEST_TMP/moved-sdk"
}
