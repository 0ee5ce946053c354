#!/bin/sh
# build.sh: bootstrap the x86_64-linux-gnux32 toolchain (binutils, GCC, glibc), its sysroot
# and x32-run into a relocatable prefix. It only orchestrates: each step's recipe is a
# file in toolchain/steps/, sysroot/steps/ or runner/; the engine is lib/steps.sh.
set -eu

TOP=$(cd "$(dirname "$0")" && pwd)
. "$TOP/lib/log.sh"
. "$TOP/lib/paths.sh"
. "$TOP/lib/apt.sh"
. "$TOP/lib/sources.sh"
. "$TOP/lib/steps.sh"
# The steps and their order, found once (lib/steps.sh: step files and their deps).
STEP_TABLE=$(order_steps) || exit 2
# optional_names: the optional steps on one line, for messages.
optional_names() { _on=$(optional_steps | paste -sd ' ' -); echo "${_on:-none}"; }

usage() {
    cat <<EOF
Usage: ./build.sh [OPTIONS] [STEP | ACTION]

Builds the x32 SDK: binutils, GCC (C, C++) and glibc for x86_64-linux-gnux32, its
sysroot and x32-run, into PREFIX. With no STEP it does the whole job, resuming where
an earlier run stopped; finished steps are restored from the step cache.

Options:
  --prefix DIR     where the SDK goes (default: out/ in this checkout)
  -j N, --jobs N   parallel jobs (default: all cores, $(nproc 2>/dev/null || echo 1) here)
  --sources DIR    where source tarballs are looked up (default: \$X32_SDK_CACHE/sources)
  --with-fortran   also build the Fortran compiler and libgfortran
  --full-debug-info
                   build glibc and GCC's target libraries with -g (types and local
                   variables of their own code in x32-gdb) instead of -g1 (line tables
                   and function names: backtraces, breakpoints and stepping by line);
                   about 2 minutes more of a cold build
  --with STEP      also build the optional step STEP (optional steps: $(optional_names))
  --with-rust      the same as --with rust-std (also: ./build.sh rust): Rust's standard
                   library for x86_64-unknown-linux-gnux32 (see toolchain/rust/README.md)
  --from STEP      rebuild STEP and every step after it
  --to STEP        build every step up to and including STEP
  --distribute icecc|distcc
                   compile the host-compiler steps (binutils, GCC's compiler proper and
                   the other host programs) through icecream or distcc, behind ccache;
                   raise -j to the helpers' slots. Step keys do not change (see README)
  -h, --help       this text
  --version        the SDK version, the checkout's commit and the key of the SDK it
                   would build (as ./build.sh key); builds nothing

STEP, given alone, rebuilds just that step (its dependencies must be built).
Steps, in order: $(all_steps | tr '\n' ' ')
Actions:
  key              print the key of the SDK this checkout and host would build with these
                   options (16 hex digits; share/x32-sdk/build-info.json records it), in
                   under a second and without building or waiting for a build: a CI
                   cache key
  list             print the steps and whether the prefix holds their current output
  sources          obtain and verify every source tarball now (e.g. before going offline)
  package          write x32-sdk-<version>-<key's first 8>-x86_64-linux.tar.xz from the
                   built prefix
  icecc-env        write an icecream environment for the SDK's compilers, from the
                   prefix as it is now (x32-icecc-env; see cmake/README.md)
  check-gcc ...    run GCC's own test suites for x32 through x32-run (check-gcc --help)
  check-glibc ...  run glibc's make check for x32 through x32-run (check-glibc --help)
  check-rust ...   run Rust's core/alloc/std test suites for x32 through x32-run and
                   natively (needs ./build.sh rust; check-rust --help)

Environment: X32_SDK_CACHE (default ~/.cache/x32-sdk) holds sources, build trees, the
step-output cache, ccache and logs; X32_SDK_MIRROR is a URL serving the pinned tarballs.
EOF
}

ARGS="$*"  # for the "run again" hint of lib/apt.sh
PREFIX="$TOP/out"
JOBS=$(nproc 2>/dev/null || echo 1)
SOURCES=""
LANGUAGES="c,c++"
# The target code's flags (glibc, libgcc, libstdc++ and the other target libraries).
# -g1 by default: a backtrace through libc still has file:line, and GCC spends 15-20 %
# less per compile than at -g (the cold build's main budget); --full-debug-info gives -g.
TARGET_CFLAGS="-O2 -g1"
FROM=""; TO=""; ONLY=""; ACTION=build
WITH_STEPS=""  # optional steps asked for (--with)
DISTRIBUTE=""  # icecc or distcc: the engine the host compiles go through (--distribute)

while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --version) ACTION=version ;;  # answered after the other options: they change the key
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; PREFIX=$2; shift ;;
        --prefix=*) PREFIX=${1#*=} ;;
        -j|--jobs) [ $# -ge 2 ] || die "$1 needs a number"; JOBS=$2; shift ;;
        -j*) JOBS=${1#-j} ;;
        --jobs=*) JOBS=${1#*=} ;;
        --sources) [ $# -ge 2 ] || die "--sources needs a directory"; SOURCES=$2; shift ;;
        --sources=*) SOURCES=${1#*=} ;;
        --with-fortran) LANGUAGES="c,c++,fortran" ;;
        --full-debug-info) TARGET_CFLAGS="-O2 -g" ;;
        --with) [ $# -ge 2 ] || die "--with needs a step name"
                optional_steps | grep -qx -- "$2" \
                    || die "--with: '$2' is not an optional step; optional steps: $(optional_names)"
                WITH_STEPS="$WITH_STEPS $2"; shift ;;
        --with-rust|rust) WITH_STEPS="$WITH_STEPS rust-std" ;;
        --from) [ $# -ge 2 ] || die "--from needs a step name"; FROM=$2; shift ;;
        --to) [ $# -ge 2 ] || die "--to needs a step name"; TO=$2; shift ;;
        --distribute) [ $# -ge 2 ] || die "--distribute needs icecc or distcc"; DISTRIBUTE=$2; shift ;;
        --distribute=*) DISTRIBUTE=${1#*=} ;;
        list|package|sources|icecc-env|key) ACTION=$1 ;;
        # The rest of the command line belongs to the test suite's driver.
        check-gcc|check-glibc|check-rust) ACTION=$1; shift; break ;;
        -*) die "unknown option '$1'; see ./build.sh --help" ;;
        *) step_file "$1" >/dev/null \
               || die "unknown step or action '$1'; steps: $(all_steps | tr '\n' ' ')actions: key list sources package icecc-env check-gcc check-glibc check-rust"
           ONLY=$1 ;;
    esac
    shift
done

case $JOBS in
    ''|*[!0-9]*|0) die "-j wants a whole number of jobs of at least 1, not '$JOBS'" ;;
esac
case $DISTRIBUTE in
    ''|icecc|distcc) ;;
    *) die "--distribute takes icecc or distcc, not '$DISTRIBUTE'" ;;
esac
[ -z "$DISTRIBUTE" ] || command -v "$DISTRIBUTE" > /dev/null 2>&1 \
    || die "--distribute $DISTRIBUTE: $DISTRIBUTE is not installed; apt-get install $DISTRIBUTE"
for _s in $FROM $TO; do step_file "$_s" >/dev/null || die "unknown step '$_s'; steps: $(all_steps | tr '\n' ' ')"; done

# A hostile environment silently changes what the compilers produce: refuse it.
for _v in LD_LIBRARY_PATH CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH OBJC_INCLUDE_PATH \
          GCC_EXEC_PREFIX COMPILER_PATH; do
    eval "_val=\${$_v:-}"
    [ -z "$_val" ] || die "$_v is set ($_v=$_val); it would leak into the toolchain build. Unset it: env -u $_v ./build.sh"
done
APT_WHO=build.sh
apt_lock_timeout > /dev/null || exit 2  # a bad X32_SDK_APT_LOCK_TIMEOUT, refused up front
# LIBRARY_PATH is often set machine-wide (CUDA images do): it only adds link directories,
# so leave it out of this build instead of refusing to run.
if [ -n "${LIBRARY_PATH:-}" ]; then
    warn "ignoring LIBRARY_PATH=$LIBRARY_PATH for the toolchain build"
    unset LIBRARY_PATH
fi
# Our recipes set their own flags; user flags meant for their own projects must not leak in.
unset CC CXX CFLAGS CXXFLAGS CPPFLAGS LDFLAGS MAKEFLAGS MFLAGS CONFIG_SITE 2>/dev/null || true

case $PREFIX in /*) ;; *) PREFIX="$(pwd)/$PREFIX" ;; esac
# The icecream environment is made from the built prefix alone: no cache, no lock.
if [ "$ACTION" = icecc-env ]; then
    [ -f "$PREFIX/share/x32-sdk/build-info.json" ] && [ -x "$PREFIX/bin/x32-icecc-env" ] \
        || die "the SDK in $PREFIX is not complete; run ./build.sh first"
    exec "$PREFIX/bin/x32-icecc-env"
fi
CACHE=${X32_SDK_CACHE:-${HOME:-/root}/.cache/x32-sdk}
case $CACHE in /*) ;; *) CACHE="$(pwd)/$CACHE" ;; esac
[ -n "$SOURCES" ] || SOURCES="$CACHE/sources"
case $SOURCES in /*) ;; *) SOURCES="$(pwd)/$SOURCES" ;; esac
TARGET=x86_64-linux-gnux32
# What the tools are configured for; the real prefix can be anywhere (relocatable).
CONFIGURED_PREFIX=/opt/x32-sdk
BUILD_TRIPLET=$(gcc -dumpmachine 2>/dev/null || echo x86_64-pc-linux-gnu)
INTERACTIVE=no; [ -t 1 ] && INTERACTIVE=yes
# Not exported: step subshells inherit these, and names like TARGET or LANGUAGES would
# leak into the environment of GCC's own makefiles, which use them for other things.

# key and --version: the SDK's key, worked out without the cache lock and without
# writing to the prefix or the cache (but file_digest's memos of the tarballs' hashes),
# so that they answer while a build runs and before a CI job restores its cache. The
# source tarballs on this machine now (Debian's, as lib/sources.sh picks them) count,
# as they do for a build; the keys are remembered for this run in a folder of its own.
if [ "$ACTION" = key ] || [ "$ACTION" = version ]; then
    . "$TOP/lib/finish.sh"
    KEY_MEMO=$(mktemp -d "${TMPDIR:-/tmp}/x32-sdk-key.XXXXXX") \
        || die "cannot make a folder in ${TMPDIR:-/tmp}; set TMPDIR to a writable one"
    trap 'rm -rf "$KEY_MEMO"' EXIT
    resolve_source_choices
    _key=$(sdk_key) || exit 2
    if [ "$ACTION" = key ]; then
        printf '%s\n' "$_key"
    else
        printf 'build.sh %s (x32-sdk %s, commit %s, key %s)\n' \
            "$SDK_VERSION" "$SDK_VERSION" "$(checkout_commit)" "$_key"
    fi
    exit 0
fi

check_build_path "checkout path" "$TOP" "Move or clone the checkout elsewhere"
check_build_path "prefix" "$PREFIX" "Choose another with --prefix DIR"
check_build_path "cache" "$CACHE" "Point X32_SDK_CACHE elsewhere"
check_build_path "sources directory" "$SOURCES" "Choose another with --sources DIR"

if ! mkdir -p "$PREFIX" 2>/dev/null || ! touch "$PREFIX/.x32-sdk-write-test" 2>/dev/null; then
    die "cannot write to the prefix $PREFIX; pick a writable directory with --prefix DIR"
fi
rm -f "$PREFIX/.x32-sdk-write-test"
mkdir -p "$CACHE/logs" "$CACHE/steps" "$CACHE/build" 2>/dev/null \
    || die "cannot write to the cache $CACHE; set X32_SDK_CACHE to a writable directory"

# One build at a time per cache: a second one would share build trees.
exec 9> "$CACHE/lock"
if command -v flock >/dev/null 2>&1 && ! flock -n 9; then
    die "another build.sh is running with the cache $CACHE (or its processes are still finishing); wait for it"
fi

# Half-written step outputs of a build that was killed: no build is running now (lock).
rm -rf "$CACHE"/steps/*.tmp

PATH="$PREFIX/bin:$PATH"; export PATH
LC_ALL=C; export LC_ALL

KEY_MEMO=$(mktemp -d "$CACHE/keys.XXXXXX") || die "cannot write to the cache $CACHE"
STEP_PID=""  # set while a step runs, for on_signal
# on_signal STATUS: stop the running step's processes (all of them: stop_step), then exit;
# the lock goes with the last of them.
on_signal() {
    trap '' INT TERM HUP
    [ -n "$STEP_PID" ] && printf '\nbuild.sh: stopping the running step...' >&2
    stop_step
    printf '\nbuild.sh: interrupted; run ./build.sh again to continue from the interrupted step.\n' >&2
    exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
trap 'on_signal 129' HUP
trap 'rm -rf "$KEY_MEMO"' EXIT

. "$TOP/lib/host.sh"
. "$TOP/lib/finish.sh"
APT_RERUN="$0 $ARGS"
# Which tarball each pin uses decides the step keys: settle it before any key is computed.
resolve_source_choices

case $ACTION in
    list)
        for _s in $(step_table | cut -d' ' -f1); do
            if ! all_steps | grep -qx -- "$_s"; then _st="optional, not asked for (--with $_s)"
            elif step_is_current "$_s"; then _st="built"
            elif [ -f "$CACHE/steps/$_s-$(step_key "$_s")/seconds" ]; then _st="in the step cache"
            else _st="to build"; fi
            printf '%-14s %s\n' "$_s" "$_st"
        done
        exit 0 ;;
    sources)
        # Everything a later build needs, offline: every pin's tarball (the optional
        # steps' too), the VM's kernel package and the Rust step's compiler.
        for _pin in "$TOP"/toolchain/*.pin "$TOP"/sysroot/*.pin; do
            [ -f "$_pin" ] || continue
            _before=$(pin_choice "$_pin") || exit 2
            _path=$(locate_tarball "$_pin") || exit 2
            # Fetched now: say so when it is a Debian substitute for the pinned file.
            [ "${_before%% *}" != none ] || resolve_source_choice "$_pin"
            say "$(pin_get "$_pin" tarball): verified ($_path)"
        done
        # The VM's kernel and the Rust step's compiler, when the checkout has those steps.
        if step_file vm > /dev/null; then
            _kdeb=$(mktemp "$CACHE/kernel.XXXXXX")
            if (read_step vm; OUT=$_kdeb; fetch_kernel_deb "$TOP/vm/debian-kernel.pin" "$OUT"); then
                say "guest kernel: verified ($(cat "$_kdeb.origin"))"
            else
                warn "the guest kernel could not be fetched (see above); ./build.sh still completes the SDK without it"
            fi
            rm -f "$_kdeb" "$_kdeb.origin"
        fi
        if step_file rust-std > /dev/null; then
            . "$TOP/toolchain/rust/pair.sh"
            if [ -z "$(rust_pair_problem)" ]; then say "rust-std's compiler: $RUST_RUSTC ($(rust_release))"
            elif [ -z "${X32_SDK_RUSTC:-}" ] && archive_usable > /dev/null && rust_unpack_debian && [ -z "$(rust_pair_problem)" ]; then
                say "rust-std's compiler: Debian 12's rustc-web $(rust_release), unpacked into $(archive_root)"
            else
                warn "rust-std's compiler could not be had: $(rust_pair_problem)"
            fi
        fi
        exit 0 ;;
    package)
        sdk_is_complete || die "the SDK in $PREFIX is not complete; run ./build.sh first"
        package_sdk
        exit 0 ;;
    check-gcc|check-glibc|check-rust)
        . "$TOP/lib/upstream-checks.sh"
        _status=0
        run_upstream_check "$ACTION" "$@" || _status=$?
        exit "$_status" ;;
esac

check_host_tools
# ccache keeps compiler steps cheap to redo; it lives in the cache, outside the checkout.
# Looked for after check_host_tools, which installs it on a new machine: the first build
# fills it. Depend mode hashes the -MD dependency list the compile writes anyway instead
# of running the preprocessor a second time, which made a cold build's host compiles
# 15-20% slower (fold-const.cc: 2.64 s plain, 3.04 s through ccache, 2.72 s in depend mode).
# The sources the host compiler builds (binutils 2.40, GCC 12.2, glibc 2.36's build tools)
# were written for C17 and C++17; GCC 15 defaults to C23 (bool a keyword, f() meaning
# f(void)) and GCC 16 to C++20, so name the dialects they were written for.
HOST_CSTD=-std=gnu17; HOST_CXXSTD=-std=gnu++17
HOST_CC="gcc $HOST_CSTD"; HOST_CXX="g++ $HOST_CXXSTD"; HOST_CFLAGS="-O2"
HOST_BUILD_CC="gcc $HOST_CSTD"  # glibc's and musl's build-machine programs
if command -v ccache >/dev/null 2>&1; then
    HOST_CC="ccache $HOST_CC"; HOST_CXX="ccache $HOST_CXX"
    # A CCACHE_DIR of the user's own is honoured (bench/bootstrap --warm relies on it).
    CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}; CCACHE_BASEDIR="$CACHE"; export CCACHE_DIR CCACHE_BASEDIR
    CCACHE_DEPEND=${CCACHE_DEPEND:-1}; export CCACHE_DEPEND
fi
# --distribute: what ccache misses is compiled through icecc or distcc (ccache's
# CCACHE_PREFIX runs "icecc gcc ..."), the rest stays local (configure, links). Only the
# host compiler changes, not what it is given, so the outputs and step keys are the same.
# icecc ships the host gcc to its daemons itself (a native environment it makes once);
# distcc's helpers need the same gcc-12 as this machine.
if [ -n "$DISTRIBUTE" ]; then
    # The environment script's X32_DISTRIBUTE=icecc settings name the x32 compilers and
    # tarball; the host compiles here need gcc's own (icecc makes it when none is given).
    unset ICECC_CC ICECC_CXX 2>/dev/null || true
    if [ -n "${ICECC_VERSION:-}" ]; then
        ICECC_VERSION=$(printf '%s\n' "$ICECC_VERSION" | tr ',' '\n' | grep -v "=$TARGET\$" | paste -sd, -)
        if [ -n "$ICECC_VERSION" ]; then export ICECC_VERSION; else unset ICECC_VERSION; fi
    fi
    if command -v ccache > /dev/null 2>&1; then CCACHE_PREFIX=$DISTRIBUTE; export CCACHE_PREFIX
    else HOST_CC="$DISTRIBUTE gcc"; HOST_CXX="$DISTRIBUTE g++"; fi
fi
T_START=$(date +%s)
# The Rust step pairs with one rustc: install or name it before its key is worked out
# (the key names that rustc, which apt may just have installed).
case " $WITH_STEPS $ONLY " in *" rust-std "*)
    . "$TOP/toolchain/rust/pair.sh"; rust_prerequisites; rm -f "$KEY_MEMO/rust-std" ;;
esac
if [ -n "$ONLY" ]; then
    deps=""  # set by read_step
    for _d in $(read_step "$ONLY"; echo "$deps"); do
        if ! step_is_current "$_d"; then
            # An optional step is never reached by --to (it is not in the default build).
            if [ "$(step_declared "$(step_file "$ONLY")" optional)" = yes ]; then
                die "step $ONLY needs $_d, which is not built; run ./build.sh --with $ONLY (the SDK, then $ONLY)"
            fi
            die "step $ONLY needs $_d, which is not built; run ./build.sh --to $ONLY"
        fi
    done
    run_one "$ONLY" force
    if [ "$(step_declared "$(step_file "$ONLY")" optional)" = yes ]; then
        # An optional step leaves the default ones untouched, so the SDK can be finished
        # (installing a step drops build-info.json, which marks a complete SDK).
        _all=yes
        for _s in $(all_steps); do step_is_current "$_s" || _all=no; done
        if [ "$_all" = yes ]; then finish_sdk "$(( $(date +%s) - T_START ))"
        else say "Rebuilt $ONLY. Run ./build.sh to finish the SDK."; fi
    else
        say "Rebuilt $ONLY. Later steps must be laid down again: run ./build.sh to finish the SDK."
    fi
    exit 0
fi
_phase=before
_to_build=""
for _step in $(all_steps); do
    [ "$_step" = "$FROM" ] && _phase=from
    if [ "$_phase" = from ] || { ! step_is_current "$_step" && [ ! -f "$CACHE/steps/$_step-$(step_key "$_step")/seconds" ]; }; then
        _to_build="$_to_build $_step"
    fi
    [ "$_step" = "$TO" ] && break
done
# shellcheck disable=SC2086 # one word per step
[ -n "$_to_build" ] && fetch_debian_sources $_to_build
_phase=before
for _step in $(all_steps); do
    [ "$_step" = "$FROM" ] && _phase=from
    if [ "$_phase" = from ]; then run_one "$_step" force; else run_one "$_step"; fi
    [ "$_step" = "$TO" ] && { say "Stopped after $TO as asked."; exit 0; }
done
finish_sdk "$(( $(date +%s) - T_START ))"
