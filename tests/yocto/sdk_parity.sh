# shellcheck shell=sh
# shellcheck disable=SC2154 # prefix, here, top and TEST_TMP are set by run.sh
# tests/yocto/sdk_parity.sh: sourced by run.sh. The SDK against what a Yocto SDK gives
# (meta/classes-recipe/toolchain-scripts.bbclass; the table is in cmake/README.md):
# every OECORE_* variable with its x32 value, environment-setup.d hooks, the toolchain
# file and Meson cross file at the paths Yocto users name, and -mx32 (OECORE_TUNE_CCARGS)
# accepted by the compiler.

parity_cases="sdk_oecore_variables sdk_environment_setup_d sdk_oe_toolchain_config_cmake
sdk_yocto_meson_cross_file sdk_tune_ccargs"

# env_of PREFIX VAR...: VAR=value lines after sourcing PREFIX's environment script in sh.
env_of() {
    _p=$1; shift
    # shellcheck source=/dev/null # the SDK's installed copy
    (cd "$_p" && . ./environment-setup-x86_64-linux-gnux32 > /dev/null && for _v in "$@"; do
        eval "printf '%s=%s\n' \"\$_v\" \"\${$_v-(unset)}\""
    done)
}

case_sdk_oecore_variables() {
    # Each OECORE_* name toolchain-scripts.bbclass writes, and its value for the
    # x86-64-x32 tune (siteinfo: bit-32, endian-little; meson_cpu_family: x86_64).
    _want="OECORE_NATIVE_SYSROOT=$prefix
OECORE_TARGET_SYSROOT=$prefix/x86_64-linux-gnux32/sysroot
OECORE_BASELIB=libx32
OECORE_TARGET_ARCH=x86_64
OECORE_TARGET_OS=linux-gnux32
OECORE_TARGET_BITS=32
OECORE_TARGET_ENDIAN=little
OECORE_MESON_HOST_SYSTEM=linux
OECORE_MESON_HOST_CPU_FAMILY=x86_64
OECORE_MESON_HOST_CPU=x86_64
OECORE_MESON_HOST_ENDIAN=little
OECORE_TUNE_CCARGS=-mx32
SDKTARGETSYSROOT=$prefix/x86_64-linux-gnux32/sysroot
TARGET_PREFIX=x86_64-linux-gnux32-
CROSS_COMPILE=x86_64-linux-gnux32-
ARCH=x86
M4=m4"
    _names=$(printf '%s\n' "$_want" | cut -d= -f1 | tr '\n' ' ')
    # shellcheck disable=SC2086 # one name per word
    _got=$(env_of "$prefix" $_names OECORE_ACLOCAL_OPTS OECORE_SDK_VERSION OECORE_DISTRO_VERSION)
    _diff=$(printf '%s\n' "$_want" | while read -r _l; do
        printf '%s\n' "$_got" | grep -qxF "$_l" || printf '%s; ' "$_l"; done)
    if [ -n "$_diff" ]; then
        fail sdk_oecore_variables "wrong or missing: $_diff (got: $(printf '%s' "$_got" | tr '\n' ' '))"
    elif printf '%s\n' "$_got" | grep -q '(unset)'; then
        fail sdk_oecore_variables "unset: $(printf '%s\n' "$_got" | grep '(unset)' | tr '\n' ' ')"
    else
        pass sdk_oecore_variables
    fi
}

case_sdk_environment_setup_d() {
    # A prefix of its own (the environment script finds the SDK from its own place) with
    # a hook in each environment-setup.d; Yocto sources the target sysroot's first.
    _f=$TEST_TMP/hook-sdk
    mkdir -p "$_f/bin" "$_f/share/x32-sdk" "$_f/x86_64-linux-gnux32/sysroot/usr/include" \
        "$_f/environment-setup.d" "$_f/x86_64-linux-gnux32/sysroot/environment-setup.d"
    ln -s "$prefix/bin/x86_64-linux-gnux32-gcc" "$_f/bin/"
    cp "$prefix/share/x32-sdk/build-info.json" "$_f/share/x32-sdk/"
    cp "$top/cmake/environment-setup-x86_64-linux-gnux32" "$_f/"
    # shellcheck disable=SC2016 # the hooks expand their own variables
    echo 'export HOOK_ORDER="${HOOK_ORDER:-}target "' > "$_f/x86_64-linux-gnux32/sysroot/environment-setup.d/a.sh"
    # shellcheck disable=SC2016
    echo 'export HOOK_ORDER="${HOOK_ORDER:-}native"; export HOOK_SAW_SYSROOT="$OECORE_TARGET_SYSROOT"' > "$_f/environment-setup.d/b.sh"
    _got=$(env_of "$_f" HOOK_ORDER HOOK_SAW_SYSROOT)
    _want="HOOK_ORDER=target native
HOOK_SAW_SYSROOT=$_f/x86_64-linux-gnux32/sysroot"
    if [ "$_got" = "$_want" ]; then pass sdk_environment_setup_d
    else fail sdk_environment_setup_d "got '$(printf '%s' "$_got" | tr '\n' '|')'"; fi
}

case_sdk_oe_toolchain_config_cmake() {
    command -v cmake > /dev/null 2>&1 || { skip sdk_oe_toolchain_config_cmake "cmake is not installed"; return; }
    _tc=$(env_of "$prefix" OECORE_NATIVE_SYSROOT | cut -d= -f2-)/usr/share/cmake/OEToolchainConfig.cmake
    _b=$TEST_TMP/oe-cmake
    mkdir -p "$TEST_TMP/oe-cmake-src"
    printf 'int main(void) { return sizeof(void *) == 4 ? 0 : 1; }\n' > "$TEST_TMP/oe-cmake-src/ptrsize.c"
    # try_run goes through the toolchain file's emulator, x32-run.
    cat > "$TEST_TMP/oe-cmake-src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.13)
project(oe_toolchain_config C)
try_run(RUN_EXIT COMPILED "${CMAKE_BINARY_DIR}/try" "${CMAKE_SOURCE_DIR}/ptrsize.c")
file(WRITE "${CMAKE_BINARY_DIR}/facts.txt" "sizeof_void_p=${CMAKE_SIZEOF_VOID_P}\ntry_run_exit=${RUN_EXIT}\n")
CMAKE
    if ! (cd "$TEST_TMP" && cmake -S "$TEST_TMP/oe-cmake-src" -B "$_b" -DCMAKE_TOOLCHAIN_FILE="$_tc") \
            > "$TEST_TMP/oe-cmake.log" 2>&1; then
        fail sdk_oe_toolchain_config_cmake "cmake with $_tc failed: $(grep -m1 'Error' "$TEST_TMP/oe-cmake.log")"
    elif [ "$(cat "$_b/facts.txt")" = "sizeof_void_p=4
try_run_exit=0" ]; then
        pass sdk_oe_toolchain_config_cmake
    else
        fail sdk_oe_toolchain_config_cmake "CMake did not configure x32: $(tr '\n' ' ' < "$_b/facts.txt")"
    fi
}

case_sdk_yocto_meson_cross_file() {
    command -v meson > /dev/null 2>&1 || { skip sdk_yocto_meson_cross_file "meson is not installed"; return; }
    # Yocto's meson wrapper passes $OECORE_NATIVE_SYSROOT/usr/share/meson/${TARGET_PREFIX}meson.cross.
    # shellcheck source=/dev/null # the SDK's installed copy
    if (cd "$prefix" && . ./environment-setup-x86_64-linux-gnux32 && cd "$TEST_TMP" &&
            meson setup --cross-file "$OECORE_NATIVE_SYSROOT/usr/share/meson/${TARGET_PREFIX}meson.cross" \
                "$TEST_TMP/oe-meson" "$here/meson-project") > "$TEST_TMP/oe-meson.log" 2>&1 \
            && grep -q 'Host machine cpu family: x86_64' "$TEST_TMP/oe-meson.log"; then
        pass sdk_yocto_meson_cross_file
    else
        fail sdk_yocto_meson_cross_file "meson setup failed: $(tail -n 1 "$TEST_TMP/oe-meson.log")"
    fi
}

case_sdk_tune_ccargs() {
    # Yocto's CC carries TUNE_CCARGS; code that adds $OECORE_TUNE_CCARGS must still get x32.
    printf 'int main(void){return sizeof(void *) == 4 ? 0 : 1;}\n' > "$TEST_TMP/tune.c"
    if "$prefix/bin/x86_64-linux-gnux32-gcc" -mx32 -o "$TEST_TMP/tune" "$TEST_TMP/tune.c" > "$TEST_TMP/tune.log" 2>&1 \
            && "$run" "$TEST_TMP/tune"; then
        pass sdk_tune_ccargs
    else
        fail sdk_tune_ccargs "gcc -mx32 did not give a working x32 program: $(tail -n 1 "$TEST_TMP/tune.log")"
    fi
}

sdk_parity() {
    for _c in $parity_cases; do "case_$_c"; done
}
