# shellcheck shell=sh
# tests/glue/autotools.sh: an autotools project configured with --host and the SDK's
# config.site, and config.site's own answers.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

test_autotools() {
    if ! command -v autoreconf > /dev/null 2>&1 || ! command -v automake > /dev/null 2>&1; then
        skip autotools "autoconf and automake are not installed (apt-get install autoconf automake)"; return
    fi
    _src="$TEST_TMP/src/autotools"
    copy_project autotools-project "$_src"
    if ! logged autoreconf sh -c 'cd "$1" && autoreconf -fi' _ "$_src"; then
        fail autotools-native "autoreconf failed: $(why autoreconf)"; return
    fi
    cp -R "$_src" "$TEST_TMP/build/autotools-native"
    if logged autotools-native sh -c 'cd "$1" && ./configure && make && make check' _ "$TEST_TMP/build/autotools-native" \
        && [ "$(head -n 1 "$TEST_TMP/build/autotools-native/ptrsize.log")" = 8 ]; then
        pass autotools-native
    else fail autotools-native "$(why autotools-native)"; fi

    for _which in x32 x32-moved; do
        _sdk=$PREFIX; [ "$_which" = x32-moved ] && _sdk=$MOVED
        _b="$TEST_TMP/build/autotools-$_which"
        cp -R "$_src" "$_b"
        # shellcheck disable=SC2016
        if ! logged "autotools-$_which" env -u X32_SDK_PREFIX bash -c \
                'cd "$2" && . "$1/environment-setup-x86_64-linux-gnux32" && ./configure $CONFIGURE_FLAGS && make && make ptrsize' \
                _ "$_sdk" "$_b"; then
            fail "autotools-$_which-build" "$(why "autotools-$_which")"; continue
        fi
        _bad=""
        grep -q 'checking size of long\.\.\. (cached) 4' "$LOGS/autotools-$_which.log" \
            || _bad="$_bad config.site did not answer sizeof(long)"
        grep -q 'checking whether we are cross compiling\.\.\. yes' "$LOGS/autotools-$_which.log" \
            || _bad="$_bad configure did not cross compile"
        grep -qx "TEST_RUNNER = $_sdk/bin/x32-run" "$_b/Makefile" \
            || _bad="$_bad make check would not use \$X32_RUN ($(grep '^TEST_RUNNER' "$_b/Makefile"))"
        [ "$(elf_class "$_b/ptrsize")" = x32 ] || _bad="$_bad ptrsize is $(elf_class "$_b/ptrsize")"
        if [ -z "$_bad" ]; then pass "autotools-$_which-build"; else fail "autotools-$_which-build" "wrong:$_bad"; fi
        if [ "$RUNNER_OK" != yes ]; then skip "autotools-$_which-check" "$RUNNER_WHY"; continue; fi
        # shellcheck disable=SC2016
        if logged "autotools-$_which-check" env -u X32_SDK_PREFIX bash -c \
                'cd "$2" && . "$1/environment-setup-x86_64-linux-gnux32" && make check' _ "$_sdk" "$_b" \
            && [ "$(head -n 1 "$_b/ptrsize.log")" = 4 ]; then
            pass "autotools-$_which-check"
        else fail "autotools-$_which-check" "make check through \$X32_RUN: $(why "autotools-$_which-check")"; fi
    done
}

test_config_site() {
    _cs="$PREFIX/share/x32-sdk/config.site"
    # Each cached size must be the compiler's: turn them into static assertions.
    _c="$TEST_TMP/config-site-sizes.c"
    {
        printf '#include <stddef.h>\n#include <stdint.h>\n#include <sys/types.h>\n#include <time.h>\n#include <wchar.h>\n'
        sed -n 's/^ *ac_cv_sizeof_\([a-z_]*\)=.*=\([0-9]*\)}$/\1 \2/p' "$_cs" | while read -r _name _size; do
            case $_name in
                *_t) _type=$_name ;;
                *_p) _type="$(printf '%s' "${_name%_p}" | tr _ ' ') *" ;;
                *) _type=$(printf '%s' "$_name" | tr _ ' ') ;;
            esac
            printf '_Static_assert(sizeof(%s) == %s, "config.site: sizeof(%s)");\n' "$_type" "$_size" "$_type"
        done
        sed -n 's/^ *ac_cv_alignof_\([a-z_]*\)=.*=\([0-9]*\)}$/\1 \2/p' "$_cs" | while read -r _name _size; do
            printf '_Static_assert(_Alignof(%s) == %s, "config.site: alignof");\n' "$(printf '%s' "$_name" | tr _ ' ')" "$_size"
        done
    } > "$_c"
    _n=$(grep -c _Static_assert "$_c")
    if [ "$_n" -lt 10 ]; then fail config-site-sizes "only $_n cached sizes found in $_cs"
    elif logged config-site-sizes "$PREFIX/bin/$T-gcc" -c "$_c" -o "$TEST_TMP/config-site-sizes.o"; then pass config-site-sizes
    else fail config-site-sizes "$(grep -m1 'error' "$LOGS/config-site-sizes.log")"; fi

    # shellcheck disable=SC2016
    _native=$(sh -c 'host_alias=; . "$1"; echo "${ac_cv_sizeof_long-unset}"' _ "$_cs")
    # shellcheck disable=SC2016
    _cross=$(sh -c 'host_alias=x86_64-linux-gnux32; . "$1"; echo "${ac_cv_sizeof_long-unset}"' _ "$_cs")
    if [ "$_native" = unset ] && [ "$_cross" = 4 ]; then pass config-site-only-for-x32
    else fail config-site-only-for-x32 "sizeof(long) answer: native '$_native' (want unset), x32 '$_cross' (want 4)"; fi
}
