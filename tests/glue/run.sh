#!/bin/sh
# tests/glue/run.sh: the build-system glue (cmake/) against a built SDK. Small consumer
# projects (CMake, Meson, autotools, pkg-config) are built natively and for x32, from the
# SDK prefix and from a copy of it elsewhere, and their own tests run: through x32-run for
# x32, where each test program must report 4-byte pointers (8 natively), which proves the
# build system really ran it through the runner. Misuse (wrong or unbuilt prefix,
# LD_LIBRARY_PATH) must fail with a message that says so. Protocol: tests/lib.sh.
#
#   sh tests/glue/run.sh      (tests/run.sh sets X32_SDK_PREFIX and TEST_TMP)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
. "$TOP/tests/lib.sh"

T=x86_64-linux-gnux32
PREFIX=${X32_SDK_PREFIX:-$TOP/out}
if [ -z "${TEST_TMP:-}" ]; then
    TEST_TMP=$(mktemp -d /tmp/x32-sdk-test-glue.XXXXXX)
    trap 'rm -rf "$TEST_TMP"' EXIT
fi
LOGS="$TEST_TMP/logs"
mkdir -p "$LOGS"
# The consumer builds must see only what each case sets up, not the caller's shell.
unset CC CXX CPP CFLAGS CXXFLAGS CPPFLAGS LDFLAGS CONFIG_SITE PKG_CONFIG_PATH \
      PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR CMAKE_TOOLCHAIN_FILE LD_LIBRARY_PATH \
      MAKEFLAGS MFLAGS 2>/dev/null || true

# ---- helpers -----------------------------------------------------------------------

# logged LOG CMD...: run CMD with its output in $LOGS/LOG.log.
logged() {
    _log="$LOGS/$1.log"; shift
    "$@" > "$_log" 2>&1
}

# why LOG: the last meaningful line of a log, for a FAIL message.
why() {
    grep -v '^[[:space:]]*$' "$LOGS/$1.log" 2>/dev/null | tail -n 1 | cut -c1-300
}

# elf_class FILE: "x32", "x86-64", or something else, from the ELF header.
elf_class() {
    _h=$(readelf -h "$1" 2>/dev/null) || { echo "not-elf"; return; }
    case $_h in
        *ELF32*X86-64*) echo x32 ;;
        *ELF64*X86-64*) echo x86-64 ;;
        *) echo other ;;
    esac
}

# trim: drop trailing blanks (pkgconf ends its output with a space).
trim() { sed 's/[[:space:]]*$//'; }

# fact FILE KEY: a value from a facts.txt written by a consumer project.
fact() { sed -n "s/^$2=//p" "$1" | head -n 1; }

# copy_project NAME DEST: a consumer project plus the shared sources, in a scratch tree.
copy_project() {
    rm -rf "$2"; mkdir -p "$2"
    cp -R "$HERE/$1/." "$2/"
    cp "$HERE/common/ptrsize.c" "$HERE/common/hello.cpp" "$2/"
    cp "$HERE/pkgconfig-project/use_demo.c" "$2/" 2>/dev/null || true
}

# ---- the SDK under test, a moved copy and whether the runner runs x32 ---------------

if [ ! -x "$PREFIX/bin/$T-gcc" ] || [ ! -f "$PREFIX/share/x32-sdk/build-info.json" ]; then
    fail sdk-built "no completely built SDK at $PREFIX (bin/$T-gcc and share/x32-sdk/build-info.json); run ./build.sh"
    exit 1
fi
PREFIX=$(cd "$PREFIX" && pwd -P)
SDK_TOOLCHAIN="$PREFIX/share/x32-sdk/cmake/$T.cmake"

# The relocation copy: hard links are quick and cost no space; new files written into it
# (the pkg-config test library) do not appear in the original.
MOVED="$TEST_TMP/moved/x32-sdk"
mkdir -p "$TEST_TMP/moved"
if ! cp -al "$PREFIX" "$MOVED" 2>/dev/null; then
    rm -rf "$MOVED"; cp -a "$PREFIX" "$MOVED"
fi
MOVED_TOOLCHAIN="$MOVED/share/x32-sdk/cmake/$T.cmake"

RUNNER_OK=no
RUNNER_WHY="no runner at $PREFIX/bin/x32-run"
if [ -x "$PREFIX/bin/x32-run" ]; then
    mkdir -p "$TEST_TMP/probe"
    printf '#include <stdio.h>\nint main(void) { puts("x32 runs"); return 0; }\n' > "$TEST_TMP/probe/hello.c"
    if ! "$PREFIX/bin/$T-gcc" "$TEST_TMP/probe/hello.c" -o "$TEST_TMP/probe/hello" > "$LOGS/probe.log" 2>&1; then
        RUNNER_WHY="the SDK compiler cannot build a hello program: $(why probe)"
    elif [ "$("$PREFIX/bin/x32-run" "$TEST_TMP/probe/hello" 2>"$LOGS/probe-run.log")" = "x32 runs" ]; then
        RUNNER_OK=yes
    else
        RUNNER_WHY="x32-run cannot run an x32 hello program yet ($(why probe-run))"
    fi
fi
echo "x32-run runs x32 programs: $RUNNER_OK"
[ "$RUNNER_OK" = yes ] || echo "  ($RUNNER_WHY)"

# ---- install.sh ------------------------------------------------------------------

# installed_wrong DIR: the manifest's files that DIR lacks, differ from cmake/ or have
# another mode.
installed_wrong() {
    sh "$TOP/cmake/install.sh" --list | while read -r _src _dest _mode; do
        if ! cmp -s "$TOP/cmake/$_src" "$1/$_dest"; then printf ' %s' "$_dest"
        elif [ "$(stat -c %a "$1/$_dest")" != "$_mode" ]; then printf ' %s(mode %s)' "$_dest" "$(stat -c %a "$1/$_dest")"
        fi
    done
}

test_install() {
    _inst="$TEST_TMP/inst"
    _linked=yes
    cp -al "$PREFIX" "$_inst" 2>/dev/null || { _linked=no; rm -rf "$_inst"; cp -a "$PREFIX" "$_inst"; }
    _env="environment-setup-$T"
    _before=$(cksum < "$PREFIX/$_env" 2>/dev/null)
    if ! logged install1 sh "$TOP/cmake/install.sh" "$_inst" || ! logged install2 sh "$TOP/cmake/install.sh" "$_inst"; then
        fail install-idempotent "cmake/install.sh failed: $(why install2)$(why install1)"
        return
    fi
    _bad=$(installed_wrong "$_inst")
    find "$_inst" -name '*.tmp.*' | grep -q . && _bad="$_bad (temporary files left)"
    # Replaced, not rewritten in place: a hard-linked twin must keep its own file.
    [ "$(cksum < "$PREFIX/$_env" 2>/dev/null)" = "$_before" ] || _bad="$_bad (rewrote the original through a hard link)"
    if [ "$_linked" = yes ] && [ -f "$PREFIX/$_env" ] \
        && [ "$(stat -c %i "$PREFIX/$_env")" = "$(stat -c %i "$_inst/$_env")" ]; then
        _bad="$_bad (wrote through a hard link)"
    fi
    if [ -z "$_bad" ]; then pass install-idempotent; else fail install-idempotent "after two runs, wrong:$_bad"; fi

    # The prefix under test must carry the glue of this checkout (build.sh installs it).
    _stale=$(installed_wrong "$PREFIX")
    if [ -z "$_stale" ]; then pass installed-glue-current
    else fail installed-glue-current "$PREFIX has missing or older files:$_stale (./build.sh installs them)"; fi
}

test_shellcheck() {
    if ! command -v shellcheck > /dev/null 2>&1; then
        skip shellcheck "shellcheck is not installed (apt-get install shellcheck)"; return
    fi
    if logged shellcheck sh -c 'shellcheck -S warning "$1/cmake/install.sh" "$1/cmake/x86_64-linux-gnux32-pkg-config" \
            "$1/cmake/config.site" "$1/tests/glue/run.sh" "$1/tests/glue/mock-sdk.sh" \
        && shellcheck -S warning -s sh "$1/cmake/environment-setup-x86_64-linux-gnux32" \
        && shellcheck -S warning -s bash "$1/cmake/environment-setup-x86_64-linux-gnux32"' _ "$TOP"; then
        pass shellcheck
    else
        fail shellcheck "$(grep -m1 -E '^In |SC[0-9]+' "$LOGS/shellcheck.log")"
    fi
}

# ---- CMake -----------------------------------------------------------------------

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

# ---- the environment script ----------------------------------------------------------

test_env_script() {
    _e="$PREFIX/environment-setup-$T"
    # shellcheck disable=SC2016 # expanded by the inner shell
    if ! logged env-bash env -u X32_SDK_PREFIX bash -c '
            . "$1" || exit 1
            . "$1" || exit 1
            for v in SDKTARGETSYSROOT CC CXX CPP AS LD AR NM STRIP RANLIB OBJCOPY OBJDUMP READELF \
                     CFLAGS CXXFLAGS LDFLAGS CONFIGURE_FLAGS CONFIG_SITE PKG_CONFIG_SYSROOT_DIR \
                     PKG_CONFIG_PATH TARGET_PREFIX CROSS_COMPILE ARCH OECORE_TARGET_SYSROOT \
                     OECORE_NATIVE_SYSROOT OECORE_TARGET_ARCH OECORE_TARGET_OS OECORE_TARGET_BITS \
                     OECORE_BASELIB CMAKE_TOOLCHAIN_FILE X32_RUN X32_MESON_CROSS_FILE; do
                eval "val=\${$v-}"; [ -n "$val" ] || { echo "missing: $v"; exit 1; }
            done
            echo "sysroot=$SDKTARGETSYSROOT"
            echo "bin_in_path=$(printf %s "$PATH" | tr : "\n" | grep -cxF "$OECORE_NATIVE_SYSROOT/bin")"
            echo "cc=$CC"
            echo "flags=$CONFIGURE_FLAGS"
            echo "target=$OECORE_TARGET_ARCH/$OECORE_TARGET_OS/$OECORE_TARGET_BITS/$OECORE_BASELIB/$ARCH"
            for f in "$CONFIG_SITE" "$CMAKE_TOOLCHAIN_FILE" "$X32_MESON_CROSS_FILE"; do
                [ -f "$f" ] || { echo "missing file: $f"; exit 1; }
            done
            printf "int main(void) { return 0; }\n" > "$2/env.c"
            $CC $CFLAGS $LDFLAGS "$2/env.c" -o "$2/env-prog" || exit 1
            $CXX $CXXFLAGS $LDFLAGS -x c++ "$2/env.c" -o "$2/env-prog-cxx" || exit 1
            $PKG_CONFIG --version > /dev/null || exit 1
        ' _ "$_e" "$TEST_TMP"; then
        fail env-script-bash "$(why env-bash)"
    else
        _l="$LOGS/env-bash.log" _bad=""
        [ "$(fact "$_l" sysroot)" = "$PREFIX/$T/sysroot" ] || _bad="$_bad SDKTARGETSYSROOT=$(fact "$_l" sysroot)"
        [ "$(fact "$_l" bin_in_path)" = 1 ] || _bad="$_bad PATH holds PREFIX/bin $(fact "$_l" bin_in_path) times after sourcing twice"
        case $(fact "$_l" cc) in "$T-gcc --sysroot=$PREFIX/$T/sysroot") ;; *) _bad="$_bad CC=$(fact "$_l" cc)" ;; esac
        case $(fact "$_l" flags) in *"--host=$T"*"--build=x86_64-linux-gnu"*"--with-sysroot=$PREFIX/$T/sysroot"*) ;;
            *) _bad="$_bad CONFIGURE_FLAGS=$(fact "$_l" flags)" ;; esac
        [ "$(fact "$_l" target)" = "x86_64/linux-gnux32/32/libx32/x86" ] || _bad="$_bad OECORE_*/ARCH=$(fact "$_l" target)"
        [ "$(elf_class "$TEST_TMP/env-prog")" = x32 ] || _bad="$_bad \$CC built $(elf_class "$TEST_TMP/env-prog")"
        [ "$(elf_class "$TEST_TMP/env-prog-cxx")" = x32 ] || _bad="$_bad \$CXX built $(elf_class "$TEST_TMP/env-prog-cxx")"
        if [ -z "$_bad" ]; then pass env-script-bash; else fail env-script-bash "wrong:$_bad"; fi
    fi

    # dash cannot tell a sourced file its path: the documented way is from the prefix.
    # shellcheck disable=SC2016
    if _out=$(cd "$MOVED" && env -u X32_SDK_PREFIX dash -c '. ./environment-setup-x86_64-linux-gnux32 && echo "$SDKTARGETSYSROOT"' 2>&1) \
        && [ "$_out" = "$MOVED/$T/sysroot" ]; then
        pass env-script-dash-moved
    else fail env-script-dash-moved "sourcing from $MOVED in dash gave: $(printf '%s' "$_out" | tail -n 1)"; fi
    # shellcheck disable=SC2016
    _out=$(cd "$TEST_TMP" && dash -c '. "$1"; echo "rc=$? CC=${CC-unset}"' _ "$MOVED/environment-setup-$T" 2>&1)
    case $_out in
        *"cannot tell where"*"rc=1 CC=unset"*) pass env-script-dash-elsewhere ;;
        *) fail env-script-dash-elsewhere "expected a refusal explaining how to source it: $(printf '%s' "$_out" | tail -n 2 | tr '\n' ' ')" ;;
    esac

    if command -v zsh > /dev/null 2>&1; then
        # shellcheck disable=SC2016
        if _out=$(cd "$TEST_TMP" && zsh -c '. "$1" && echo "$SDKTARGETSYSROOT"' _ "$MOVED/environment-setup-$T" 2>&1) \
            && [ "$_out" = "$MOVED/$T/sysroot" ]; then pass env-script-zsh
        else fail env-script-zsh "zsh gave: $(printf '%s' "$_out" | tail -n 1)"; fi
    else
        skip env-script-zsh "zsh is not installed"
    fi

    # shellcheck disable=SC2016
    _out=$(LD_LIBRARY_PATH=/opt/elsewhere/lib bash -c '. "$1"; echo "rc=$? CC=${CC-unset}"' _ "$_e" 2>&1)
    case $_out in
        *"LD_LIBRARY_PATH is set"*"rc=1 CC=unset"*) pass env-script-ld-library-path ;;
        *) fail env-script-ld-library-path "expected a refusal naming LD_LIBRARY_PATH: $(printf '%s' "$_out" | tail -n 1)" ;;
    esac

    _out=$(bash "$_e" 2>&1); _rc=$?
    case "$_rc $_out" in
        "1 "*"source this file"*) pass env-script-executed ;;
        *) fail env-script-executed "running (not sourcing) it: exit $_rc, $(printf '%s' "$_out" | tail -n 1)" ;;
    esac

    mkdir -p "$TEST_TMP/links"; ln -sf "$MOVED/environment-setup-$T" "$TEST_TMP/links/x32-env"
    # shellcheck disable=SC2016
    _out=$(env -u X32_SDK_PREFIX bash -c '. "$1" && echo "$SDKTARGETSYSROOT"' _ "$TEST_TMP/links/x32-env" 2>&1)
    if [ "$_out" = "$MOVED/$T/sysroot" ]; then pass env-script-symlinked
    else fail env-script-symlinked "sourced through a symlink: $(printf '%s' "$_out" | tail -n 1)"; fi

    mkdir -p "$TEST_TMP/lonely"; cp "$_e" "$TEST_TMP/lonely/"
    # shellcheck disable=SC2016
    _out=$(bash -c '. "$1"; echo "rc=$?"' _ "$TEST_TMP/lonely/environment-setup-$T" 2>&1)
    case $_out in
        *"no x32 SDK at $TEST_TMP/lonely"*"rc=1") pass env-script-wrong-prefix ;;
        *) fail env-script-wrong-prefix "expected 'no x32 SDK at $TEST_TMP/lonely': $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
    # shellcheck disable=SC2016
    _out=$(bash -c '. "$1"; echo "rc=$?"' _ "$TEST_TMP/unbuilt/x32-sdk/environment-setup-$T" 2>&1)
    case $_out in
        *"not completely built"*"rc=1") pass env-script-unbuilt-sdk ;;
        *) fail env-script-unbuilt-sdk "expected 'not completely built': $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
}

# ---- autotools ---------------------------------------------------------------------

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

# ---- pkg-config --------------------------------------------------------------------

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

# ---- Meson -------------------------------------------------------------------------

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

# ---- Cargo -------------------------------------------------------------------------

test_cargo() {
    if ! command -v python3 > /dev/null 2>&1 || ! python3 -c 'import tomllib' 2> /dev/null; then
        skip cargo-config "python3 with tomllib (3.11+) is needed to read the TOML"; return
    fi
    # Cargo resolves a relative program path against the parent of the config file's
    # directory (checked with cargo 1.95: --config FILE and .cargo/config.toml alike).
    for _sdk in "$PREFIX" "$MOVED"; do
        _name=cargo-config; [ "$_sdk" = "$MOVED" ] && _name=cargo-config-moved
        if _out=$(python3 - "$_sdk/share/x32-sdk/cargo-config.toml" 2>&1 <<'EOF'
import os, sys, tomllib
path = sys.argv[1]
with open(path, "rb") as f:
    target = tomllib.load(f)["target"]["x86_64-unknown-linux-gnux32"]
base = os.path.dirname(os.path.dirname(path))
for key in ("linker", "runner"):
    value = target[key]
    resolved = os.path.normpath(os.path.join(base, value) if "/" in value else value)
    print(f"{key}={resolved}")
EOF
        ); then
            if printf '%s\n' "$_out" | grep -qx "linker=$_sdk/bin/$T-gcc" \
                && printf '%s\n' "$_out" | grep -qx "runner=$_sdk/bin/x32-run"; then pass "$_name"
            else fail "$_name" "resolves to: $(printf '%s' "$_out" | tr '\n' ' ')"; fi
        else fail "$_name" "unreadable: $(printf '%s' "$_out" | tail -n 1)"; fi
    done
    # Building and running crates with the SDK's Rust is tests/rust's job.
}

# X32_TREE=1: the environment script continues inside x32-run --tree, where an x32 program
# started directly (./hello, as scripts and drivers do) runs under the runner.
test_env_tree() {
    if [ "$RUNNER_OK" != yes ]; then skip env-script-tree "$RUNNER_WHY"; return; fi
    mkdir -p "$TEST_TMP/envtree"
    cp "$TEST_TMP/probe/hello" "$TEST_TMP/envtree/hello"
    # A CI script run by dash: it sources the script from the prefix, as documented.
    cat > "$TEST_TMP/envtree/ci.sh" <<EOF
echo "script starts"
export X32_TREE=1
cd "$PREFIX" && . ./environment-setup-$T && cd "$TEST_TMP/envtree" || exit 9
echo "tree=\$X32_TREE"
./hello
EOF
    _out=$(cd "$TEST_TMP/envtree" && dash "$TEST_TMP/envtree/ci.sh" 2>&1); _rc=$?
    case "$_rc $_out" in
        "0 script starts"*"script starts"*"tree=binfmt"*"x32 runs"|"0 script starts"*"script starts"*"tree=preload"*"x32 runs")
            pass env-script-tree ;;
        *) fail env-script-tree "exit $_rc: $(printf '%s' "$_out" | tr '\n' ' ' | cut -c1-300)" ;;
    esac
    # Neither interactive nor a script file: one line saying what to do instead.
    # shellcheck disable=SC2016
    _out=$(X32_TREE=1 bash -c '. "$1"; echo "rc=$?"' _ "$PREFIX/environment-setup-$T" 2>&1)
    case $_out in
        *"x32-run --tree -- COMMAND"*"rc=1") pass env-script-tree-no-script ;;
        *) fail env-script-tree-no-script "expected the x32-run --tree advice: $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
}

test_install
test_shellcheck
test_config_site
test_cmake
test_cmake_overrides
test_cmake_misuse
test_env_script
test_env_tree
test_autotools
test_pkgconfig
test_meson
test_cargo
