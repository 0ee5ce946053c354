#!/bin/sh
# tests/run.sh: the project's test command. Builds the SDK first (or restores it from the
# step cache: seconds when nothing changed), then runs every suite, tests/<suite>/run.sh,
# and the portability examples, and counts their PASS/FAIL/SKIP lines (see tests/lib.sh).
#
#   tests/run.sh                 build the SDK if needed, run all suites
#   tests/run.sh SUITE...        only these suites (toolchain, build, runner, examples, ...)
#   tests/run.sh --no-build ...  use the SDK in --prefix as it is
#   tests/run.sh --prefix DIR    test the SDK in DIR (default: out/ in this checkout)
set -u

TOP=$(cd "$(dirname "$0")/.." && pwd)
PREFIX="$TOP/out"
BUILD=yes
SUITES=""
while [ $# -gt 0 ]; do
    case $1 in
        --no-build) BUILD=no ;;
        --prefix) PREFIX=$2; shift ;;
        -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "tests/run.sh: unknown option '$1'; see tests/run.sh --help" >&2; exit 2 ;;
        *) SUITES="$SUITES $1" ;;
    esac
    shift
done
case $PREFIX in /*) ;; *) PREFIX="$(pwd)/$PREFIX" ;; esac
# The project's own C (runner/, vm/) builds with -Werror in its tests, and only there:
# a user's `make -C runner` must survive the next compiler's new warnings.
WERROR=1; export WERROR

# Test-only tools (the SDK build installs its own), as COMMAND:PACKAGE:SUITES, SUITES the
# suites that use it ("all": every one). As root we install the missing ones that the
# suites asked for need; each test that needs one still SKIPs, with the reason, when it
# is absent.
#   gcc, g++, make            every suite (host builds; a prefix from `./build.sh package`
#                             comes without the build tools build.sh installs)
#   python3                   build (loopback download mirror), check, glue (TOML)
#   qemu-system-x86_64        vm (x32-vm's QEMU)
#   pahole                    check and examples (struct layout comparison)
#   cmake, meson, ninja       check and glue (the build systems x32-check and the glue drive)
#   autoreconf, automake      check and glue (autotools projects)
#   pkg-config                glue (the SDK's pkg-config wrapper calls it)
#   the shellcheck program    glue (the installed shell scripts are checked)
#   zsh                       glue (the environment script sourced by zsh)
#   runtest                   upstream (DejaGnu runs GCC's own test suite), check (DejaGnu
#                             projects)
#   gdb                       gdb (Debian's gdb against x32-run's GDB stub)
#   icecc, distcc             distribute (loopback icecream and distcc daemons)
#   clang, ld.lld             clang (Debian's clang against the SDK's sysroot; lld links)
#   chrpath, diffstat, cpio   yocto (OE-Core's sanity check wants them even for a parse)
#   locale-gen                yocto (the locales package: the en_US source BitBake's locale
#                             is compiled from when the system lacks it)
#   debootstrap               newer-host (a fresh root of a newer Debian)
TEST_TOOLS="gcc:build-essential:all g++:build-essential:all make:build-essential:all
python3:python3:build,check,glue,newer-host qemu-system-x86_64:qemu-system-x86:vm
pahole:dwarves:check,examples cmake:cmake:check,glue meson:meson:check,glue
ninja:ninja-build:check,glue autoreconf:autoconf:check,glue automake:automake:check,glue
pkg-config:pkg-config:glue shellcheck:shellcheck:glue zsh:zsh:glue
runtest:dejagnu:upstream,check gdb:gdb:gdb icecc:icecc:distribute distcc:distcc:distribute
clang:clang:clang ld.lld:lld:clang chrpath:chrpath:yocto diffstat:diffstat:yocto
cpio:cpio:yocto locale-gen:locales:yocto debootstrap:debootstrap:newer-host"
# wanted SUITE-LIST: status 0 when one of the comma-separated suites is asked for.
wanted() {
    [ "$1" = all ] || [ -z "$SUITES" ] && return 0
    for _w in $(printf '%s' "$1" | tr ',' ' '); do
        case " $SUITES " in *" $_w "*) return 0 ;; esac
    done
    return 1
}
missing=""
for _t in $TEST_TOOLS; do
    _cmd=${_t%%:*}; _rest=${_t#*:}; _pkg=${_rest%%:*}
    wanted "${_rest#*:}" || continue
    command -v "$_cmd" >/dev/null 2>&1 && continue
    case "$missing " in *" $_pkg "*) ;; *) missing="$missing $_pkg" ;; esac
done
# Debian's multilib compilers: -m32 for the examples' i386 contrast builds and x32-check's
# i386 stand-in, -mx32 (C and C++) for x32-check's fake SDK and the glue's mock SDK.
# <asm/types.h> for -m32 comes with gcc-multilib alone (its /usr/include/asm link): a host
# with libc6-dev-i386 but not gcc-multilib links -m32 programs but cannot build example 08.
if wanted check,examples,glue; then
    printf '#include <asm/types.h>\nint main(void){return 0;}\n' | gcc -m32 -x c - -o /dev/null 2>/dev/null || missing="$missing gcc-multilib"
    printf 'int main(){return 0;}\n' | g++ -mx32 -x c++ - -o /dev/null 2>/dev/null || missing="$missing g++-multilib"
fi
if [ -n "$missing" ]; then
    . "$TOP/lib/apt.sh"
    if can_apt; then
        echo "== installing test tools:$missing"
        # Debian's icecc package starts iceccd and its scheduler, and enables them at boot,
        # which would join this machine to any icecream network around it.  The tests start
        # their own daemons on loopback: keep the package's from starting (policy-rc.d says
        # no to every service start during the install) and from starting at boot.
        icecc_new=no; our_policy=""
        case " $missing " in *" icecc "*)
            icecc_new=yes
            [ -e /usr/sbin/policy-rc.d ] || {
                printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d \
                    && our_policy=/usr/sbin/policy-rc.d; } ;;
        esac
        # shellcheck disable=SC2086 # one word per package
        APT_WHO=tests/run.sh APT_RERUN="$0 (with the same arguments)" apt_install /tmp/x32-sdk-test-apt.log $missing \
            || echo "tests/run.sh: could not install$missing (see /tmp/x32-sdk-test-apt.log); the tests that need them will skip" >&2
        [ -z "$our_policy" ] || rm -f "$our_policy"
        if [ "$icecc_new" = yes ] && [ -e /etc/init.d/iceccd ]; then
            for _s in iceccd icecc-scheduler; do
                update-rc.d "$_s" disable > /dev/null 2>&1 || true
            done
            echo "tests/run.sh: icecc installed with its daemons stopped and not started at boot (the distribute suite runs its own; update-rc.d iceccd enable turns Debian's on)"
        fi
    else
        echo "tests/run.sh: missing$missing; install with: sudo apt-get install$missing (the tests that need them will skip)" >&2
    fi
fi

if [ "$BUILD" = yes ]; then
    echo "== building the SDK (./build.sh --prefix $PREFIX)"
    if ! env -u LIBRARY_PATH "$TOP/build.sh" --prefix "$PREFIX"; then
        echo "tests/run.sh: the SDK build failed; nothing was tested." >&2
        echo "0 passed, 1 failed"
        exit 1
    fi
fi

if [ -z "$SUITES" ]; then
    for _d in "$TOP"/tests/*/; do
        [ -f "$_d/run.sh" ] && SUITES="$SUITES $(basename "$_d")"
    done
    SUITES="$SUITES examples"
fi

X32_SDK_PREFIX=$PREFIX
X32_CC="$PREFIX/bin/x86_64-linux-gnux32-gcc"
X32_CXX="$PREFIX/bin/x86_64-linux-gnux32-g++"
X32_RUN="$PREFIX/bin/x32-run"
export X32_SDK_PREFIX X32_CC X32_CXX X32_RUN
# CUDA images set LIBRARY_PATH machine-wide; it must not reach x32 links.
unset LIBRARY_PATH

RESULTS=$(mktemp -d)
TIMES=""
trap 'rm -rf "$RESULTS"' EXIT

# run_suite NAME: runs one suite with its output in $RESULTS/NAME and its seconds in
# $RESULTS/NAME.time; prints nothing (the caller shows the output when it is complete).
run_suite() {
    if [ "$1" = examples ]; then _cmd="$TOP/examples/run.sh"; _args=--check
    else _cmd="$TOP/tests/$1/run.sh"; _args=""; fi
    if [ ! -f "$_cmd" ]; then
        echo "FAIL suite-$1: no such suite ($_cmd)" > "$RESULTS/$1"
        echo 0 > "$RESULTS/$1.time"
        return
    fi
    _t0=$(date +%s)
    TEST_TMP=$(mktemp -d "/tmp/x32-sdk-test-$1.XXXXXX")
    export TEST_TMP
    # shellcheck disable=SC2086
    sh "$_cmd" $_args > "$RESULTS/$1" 2>&1
    _rc=$?
    if [ "$_rc" != 0 ] && ! grep -q '^FAIL ' "$RESULTS/$1"; then
        echo "FAIL suite-$1: the suite exited $_rc without reporting a failure" >> "$RESULTS/$1"
    fi
    rm -rf "$TEST_TMP"
    echo $(( $(date +%s) - _t0 )) > "$RESULTS/$1.time"
}
# show_suite NAME: its output, its counted lines and its time, once it has finished.
show_suite() {
    cat "$RESULTS/$1"
    grep -E '^(PASS|FAIL|SKIP) ' "$RESULTS/$1" >> "$RESULTS/all"
    # Seconds per suite: CI has a time budget, and this shows where it goes.
    TIMES="$TIMES $1 $(cat "$RESULTS/$1.time")s"
}

# Most suites run one program at a time, so on a machine with a second core some of them
# run in a second lane beside the rest, one after the other: first the short ones that
# need nothing the main lane changes (runner, clang, gdb, fuzz), then vm, which waits on
# QEMU's software CPU (one host thread), and yocto, whose cost on a new machine is
# BitBake's first parse. None of them calls build.sh (whose cache lock the build and
# upstream suites take) or registers binfmt_misc machine-wide (as upstream's glibc run
# does), and they use no fixed ports. The lanes were balanced on a fresh 2-core machine's
# times (main: build, check, upstream...; second: 2 min of short suites, vm 9 min, yocto
# 10 min). check stays in the main lane: beside vm it once pushed a user-mode program in
# vm past its 20 s timeout. X32_TEST_SERIAL=1 runs every suite one after the other, as
# on a 1-core machine.
BESIDE=""
if [ "${X32_TEST_SERIAL:-0}" != 1 ] && [ "$(nproc 2>/dev/null || echo 1)" -ge 2 ]; then
    for _b in runner clang gdb fuzz vm yocto; do
        case " $SUITES " in *" $_b "*) BESIDE="$BESIDE $_b" ;; esac
    done
fi
# Suites that see upstream's machine-wide binfmt_misc registration (an x32 program that
# should fail to start natively would start): upstream waits for these to finish.
BINFMT_SHY="check runner clang gdb fuzz"
BESIDE_PID=""
if [ -n "$BESIDE" ]; then
    # Its own x32-vm session (XDG_RUNTIME_DIR names it): the vm suite stops and restarts
    # its VM, which must not pull the default session from under gdb's or yocto's cases.
    (
        XDG_RUNTIME_DIR=$(mktemp -d /tmp/x32-sdk-test-vmrun.XXXXXX); export XDG_RUNTIME_DIR
        for _s in $BESIDE; do run_suite "$_s"; done
        [ -x "$PREFIX/bin/x32-vm" ] && "$PREFIX/bin/x32-vm" stop > /dev/null 2>&1
        rm -rf "$XDG_RUNTIME_DIR"
    ) &
    BESIDE_PID=$!
    echo "== suites started beside the others:$BESIDE (their output follows the others')"
fi
for _s in $SUITES; do
    case " $BESIDE " in *" $_s "*) continue ;; esac
    # upstream registers x32-run with binfmt_misc machine-wide while glibc's tests run:
    # a suite in the second lane that would see it must have finished first.
    if [ "$_s" = upstream ]; then
        for _w in $BINFMT_SHY; do
            case " $BESIDE " in *" $_w "*) ;; *) continue ;; esac
            while [ ! -f "$RESULTS/$_w.time" ] && kill -0 "$BESIDE_PID" 2>/dev/null; do sleep 2; done
        done
    fi
    echo "== suite $_s"
    run_suite "$_s"
    show_suite "$_s"
done
if [ -n "$BESIDE_PID" ]; then
    wait "$BESIDE_PID"
    for _s in $BESIDE; do echo "== suite $_s (ran beside the others)"; show_suite "$_s"; done
fi

touch "$RESULTS/all"
_p=$(grep -c '^PASS ' "$RESULTS/all")
_f=$(grep -c '^FAIL ' "$RESULTS/all")
_k=$(grep -c '^SKIP ' "$RESULTS/all")
if [ "$_f" != 0 ]; then
    echo
    echo "Failures:"
    grep '^FAIL ' "$RESULTS/all"
fi
if [ "$_k" != 0 ]; then
    echo
    echo "Skipped (with reasons):"
    grep '^SKIP ' "$RESULTS/all"
fi
echo
echo "Time per suite:$TIMES"
echo "$_p passed, $_f failed, $_k skipped"
[ "$_f" = 0 ] && [ "$_p" != 0 ]
