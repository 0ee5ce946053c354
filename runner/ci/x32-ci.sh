#!/bin/sh
# runner/ci/x32-ci.sh [--sdk PREFIX] [--print-runner] [--] COMMAND [ARG...]
#
# For a project that already has an x32 CI job (typically `CFLAGS=-mx32 make check`
# with the distribution's gcc-multilib) and lost it when its CI's kernel dropped x32:
# runs that same, unchanged command under `x32-run --tree`, so every x32 program it
# starts, however it starts it (make, a shell script, system()), runs under x32-run.
# No root, no binfmt_misc registration, no SDK needed.
#
#   --sdk PREFIX    take x32-run from an SDK prefix (./build.sh, or an unpacked package);
#                   its programs then get the SDK's x32 libraries.  Without it, x32-run is
#                   built from this checkout (`make -C runner`, seconds) and x32 programs
#                   get the host's own x32 libraries (libc6-x32), as on an x32 kernel.
#   --print-runner  only print the path of the x32-run to use (building it if needed)
#
# Exit status: COMMAND's; 2 for a usage error or an x32-run that cannot be had.
# runner/action.yml is the same as a GitHub Action.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
runner_dir=$(dirname "$here")
sdk="" print=no
die() { echo "x32-ci.sh: $*" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --sdk) [ $# -ge 2 ] || die "--sdk needs the SDK's prefix"; sdk=$2; shift ;;
        --print-runner) print=yes ;;
        --) shift; break ;;
        -*) die "unknown option '$1'; usage: x32-ci.sh [--sdk PREFIX] [--print-runner] [--] COMMAND [ARG...]" ;;
        *) break ;;
    esac
    shift
done
[ "$print" = yes ] || [ $# -gt 0 ] || die "no command: give the x32 test line to run, e.g. x32-ci.sh -- make check CFLAGS=-mx32"

if [ -n "$sdk" ]; then
    run=$sdk/bin/x32-run
    [ -x "$run" ] || die "no x32-run in $sdk/bin: give an SDK prefix (./build.sh --prefix DIR, or an unpacked package)"
else
    run=$runner_dir/build/x32-run
    if [ ! -x "$run" ] || [ ! -f "$runner_dir/build/x32-exec-preload.so" ]; then
        if ! command -v make > /dev/null 2>&1 || ! command -v cc > /dev/null 2>&1; then
            die "building x32-run needs make and a C compiler: sudo apt-get install build-essential"
        fi
        log=${TMPDIR:-/tmp}/x32-ci-runner-build.log
        make -C "$runner_dir" MAKEFLAGS= > "$log" 2>&1 || die "make -C $runner_dir failed: $(tail -n 1 "$log") (log: $log)"
    fi
fi
if [ "$print" = yes ]; then
    echo "$run"
    exit 0
fi
exec "$run" --tree -- "$@"
