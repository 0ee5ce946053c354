#!/bin/sh
# tests/distribute/run.sh: distributed x32 compiles through icecream and distcc, on
# loopback in this one machine. The suite starts its own icecc scheduler, two iceccd
# (one with no remote jobs, which the client talks to; one that takes the jobs, forced
# as icecream's own tests do with ICECC_TEST_SOCKET, ICECC_TEST_REMOTEBUILD=1 and
# ICECC_PREFERRED_HOST) and a distccd on 127.0.0.1, on ports and in folders of its own,
# and stops them all when it ends, fails or is interrupted. It builds project/ (C and
# C++, several files) with the SDK's compilers through each engine and checks from the
# daemons' logs that the compiles ran remotely, that the objects are ELF32 x86-64 and
# that the programs pass under x32-run; that a remote compile error reaches the user as
# file:line with a non-zero exit; and what a daemon killed in mid-build does.
#
#   sh tests/distribute/run.sh    (tests/run.sh sets X32_SDK_PREFIX and TEST_TMP)
#   X32_TEST_DISTRIBUTE_BOOTSTRAP=1 also builds the binutils step through each engine
#   (./build.sh --distribute; minutes of CPU).
#
# Cases live in env-script.sh (no daemons), icecc.sh, distcc.sh and bootstrap.sh; the
# daemons' start and stop in daemons.sh. Needs root (iceccd compiles in a chroot, distccd
# drops root to its own user, the distcc whitelist is private to a mount namespace).
set -u

HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$HERE/../lib.sh"
suite_setup distribute   # TOP, PREFIX, TEST_TMP, LOGS
T=x86_64-linux-gnux32
unset CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS MAKEFLAGS MFLAGS CMAKE_TOOLCHAIN_FILE \
      ICECC_VERSION ICECC_CC ICECC_CXX X32_DISTRIBUTE X32_ICECC_ENV DISTCC_HOSTS \
      CCACHE_PREFIX LD_LIBRARY_PATH 2>/dev/null || true
T0=$(date +%s)

# logged LOG CMD...: run CMD with its output in $LOGS/LOG.log.
logged() { _lg="$LOGS/$1.log"; shift; "$@" > "$_lg" 2>&1; }
# why LOG: its last non-empty line, for a FAIL message.
why() { grep -v '^[[:space:]]*$' "$LOGS/$1.log" 2>/dev/null | tail -n 1 | cut -c1-300; }

# elf_all DIR: "x32" when every .o under DIR is ELF32 x86-64, else the first that is not.
elf_all() {
    _objs=$(find "$1" -name '*.o')
    [ -n "$_objs" ] || { echo "no objects"; return; }
    printf '%s\n' "$_objs" | while read -r _o; do
        case $(readelf -h "$_o" 2>/dev/null) in *ELF32*X86-64*) ;; *) echo "${_o##*/} is not ELF32 x86-64"; return ;; esac
    done | head -n 1 | grep . || echo x32
}

# programs_pass BUILD: both programs run under x32-run, exit 0 and report 4-byte pointers.
programs_pass() {
    for _p in calc_c calc_cxx; do
        _o=$("$PREFIX/bin/x32-run" "$1/$_p" 2>&1) || { echo "$_p failed: $_o"; return; }
        case $_o in *"pointer=4 ok"*) ;; *) echo "$_p said: $_o"; return ;; esac
    done
    echo ok
}

# cmake_build NAME ENGINE [MAKE-ARGS]: configure and build project/ in $TEST_TMP/NAME with
# the SDK's toolchain file and X32_DISTRIBUTE=ENGINE (the environment carries the rest).
cmake_build() {
    _b="$TEST_TMP/$1"; rm -rf "$_b"
    X32_DISTRIBUTE=$2 logged "$1-configure" cmake -S "$HERE/project" -B "$_b" \
        -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$T.cmake" -DCMAKE_BUILD_TYPE=Release \
        && logged "$1-build" cmake --build "$_b" -- ${3:-}
}

. "$HERE/env-script.sh"
test_env_script

if [ "$(id -u)" != 0 ]; then
    for _c in icecc distcc; do skip "$_c-loopback" "needs root (iceccd compiles in a chroot, distccd drops root, the distcc whitelist is a private mount); run tests/run.sh distribute as root"; done
    echo "distribute: $(( $(date +%s) - T0 )) s"
    exit 0
fi
. "$HERE/daemons.sh"
trap 'stop_daemons; suite_cleanup' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
have_engine() {
    command -v "$1" > /dev/null 2>&1 && return 0
    if can_apt; then
        APT_WHO=tests/distribute apt_install "$LOGS/apt-$1.log" "$1" > /dev/null 2>&1 && command -v "$1" > /dev/null 2>&1 && return 0
        echo "apt-get install $1 failed; see $LOGS/apt-$1.log"
    else
        echo "$1 is not installed (apt-get install $1)"
    fi
    return 1
}
. "$TOP/lib/apt.sh"
command -v cmake > /dev/null 2>&1 || { skip distribute "cmake is not installed (apt-get install cmake)"; exit 0; }

. "$HERE/icecc.sh"
if _why=$(have_engine icecc); then test_icecc; else skip icecc-loopback "$_why"; fi
. "$HERE/distcc.sh"
if _why=$(have_engine distcc); then test_distcc; else skip distcc-loopback "$_why"; fi
. "$HERE/bootstrap.sh"
test_bootstrap
echo "distribute: $(( $(date +%s) - T0 )) s"
