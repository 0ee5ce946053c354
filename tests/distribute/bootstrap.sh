# shellcheck shell=sh
# tests/distribute/bootstrap.sh: the SDK's own binutils step through icecream and distcc
# (./build.sh --distribute), opt-in because it compiles binutils (minutes):
#   X32_TEST_DISTRIBUTE_BOOTSTRAP=1       both engines
#   X32_TEST_DISTRIBUTE_BOOTSTRAP=icecc   (or distcc) one of them
# The step runs with a cache of its own (so ccache misses everything and every compile
# goes through the engine) and the real cache's source tarballs. It must finish, the
# remote daemon must have compiled most of it, and its key must be the one the SDK
# under test holds for binutils (--distribute does not change keys). Sourced by run.sh.
# shellcheck disable=SC2154

# bootstrap_with ENGINE: build the binutils step through ENGINE on the loopback daemons.
bootstrap_with() {
    _c="$TEST_TMP/boot-$1"
    _srcs=${X32_SDK_CACHE:-${HOME:-/root}/.cache/x32-sdk}/sources
    _t0=$(date +%s)
    if [ "$1" = icecc ]; then
        start_icecc > "$LOGS/start-boot-icecc.log" 2>&1 || { fail bootstrap-binutils-icecc "$(why start-boot-icecc)"; stop_daemons; return; }
        _before=$(remote_done 'completed with exit code 0')
        # icecc makes the host gcc's environment itself (ICECC_VERSION unset).
        ( ice_client_env; unset ICECC_DEBUG
          env -u LIBRARY_PATH X32_SDK_CACHE="$_c" "$TOP/build.sh" --prefix "$_c/prefix" --sources "$_srcs" \
              --distribute icecc -j4 binutils ) > "$LOGS/boot-icecc.log" 2>&1
        _rc=$?
        _n=$(( $(remote_done 'completed with exit code 0') - _before ))
    else
        start_distcc > "$LOGS/start-boot-distcc.log" 2>&1 || { fail bootstrap-binutils-distcc "$(why start-boot-distcc)"; stop_daemons; return; }
        _before=$(dcc_count COMPILE_OK)
        ( dcc_client_env
          env -u LIBRARY_PATH X32_SDK_CACHE="$_c" "$TOP/build.sh" --prefix "$_c/prefix" --sources "$_srcs" \
              --distribute distcc -j4 binutils ) > "$LOGS/boot-distcc.log" 2>&1
        _rc=$?
        _n=$(( $(dcc_count COMPILE_OK) - _before ))
    fi
    stop_daemons
    _secs=$(( $(date +%s) - _t0 ))
    _key=$(cat "$_c/prefix/share/x32-sdk/steps/binutils.key" 2>/dev/null)
    _want=$(cat "$PREFIX/share/x32-sdk/steps/binutils.key" 2>/dev/null)
    _same="differs from"; cmp -s "$_c/prefix/bin/$T-as" "$PREFIX/bin/$T-as" && _same="is identical to"
    echo "bootstrap through $1: binutils in $_secs s, $_n compiles remote; its as $_same the SDK's"
    if [ "$_rc" != 0 ]; then fail "bootstrap-binutils-$1" "build.sh failed: $(why "boot-$1")"
    elif [ "$_n" -lt 100 ]; then fail "bootstrap-binutils-$1" "only $_n compiles ran remotely"
    elif [ -z "$_key" ] || [ "$_key" != "$_want" ]; then fail "bootstrap-binutils-$1" "step key $_key, the SDK under test has $_want"
    else pass "bootstrap-binutils-$1"; fi
    rm -rf "$_c"
}

test_bootstrap() {
    case ${X32_TEST_DISTRIBUTE_BOOTSTRAP:-} in
        1) _engines="icecc distcc" ;;
        icecc|distcc) _engines=$X32_TEST_DISTRIBUTE_BOOTSTRAP ;;
        *) skip bootstrap-binutils-distributed "opt-in (minutes of CPU): X32_TEST_DISTRIBUTE_BOOTSTRAP=1 (or icecc, distcc) tests/run.sh distribute"
           return ;;
    esac
    for _e in $_engines; do
        if command -v "$_e" > /dev/null 2>&1; then bootstrap_with "$_e"
        else skip "bootstrap-binutils-$_e" "$_e is not installed (apt-get install $_e)"; fi
    done
}
