#!/bin/sh
# tests/glue/run.sh: the build-system glue (cmake/) against a built SDK. Small consumer
# projects (CMake, Meson, autotools, pkg-config) are built natively and for x32, from the
# SDK prefix and from a copy of it elsewhere, and their own tests run: through x32-run for
# x32, where each test program must report 4-byte pointers (8 natively), which proves the
# build system really ran it through the runner. Misuse (wrong or unbuilt prefix,
# LD_LIBRARY_PATH) must fail with a message that says so. Protocol: tests/lib.sh.
#
# This file sets up what every case shares (helpers, the SDK under test, its relocated
# copy, whether x32-run runs x32) and runs the cases, one file per kind of glue:
#   install.sh      cmake/install.sh, and shellcheck over the glue's scripts
#   cmake.sh        the CMake toolchain file
#   env-script.sh   the environment script, and X32_TREE=1
#   autotools.sh    config.site and an autotools project
#   pkg-config.sh   the pkg-config wrapper and a library in the sysroot
#   meson.sh        the Meson cross file
#   cargo.sh        the Cargo configuration
#   musl.sh         the musl variants (CMake, environment script, Meson, pkg-config)
#   ci-mx32.sh      runner/ci/x32-ci.sh and runner/action.yml: an existing -mx32 job
#
#   sh tests/glue/run.sh      (tests/run.sh sets X32_SDK_PREFIX and TEST_TMP)
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$HERE/../lib.sh"
suite_setup glue   # TOP, PREFIX, TEST_TMP, LOGS

T=x86_64-linux-gnux32
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


# ---- the cases, one file per kind of glue (the order is the report's order) ------------

for _kind in install cmake env-script autotools pkg-config meson cargo musl ci-mx32; do
    # shellcheck source=/dev/null
    . "$HERE/$_kind.sh"
done

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
test_musl
test_ci_mx32
