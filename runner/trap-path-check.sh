#!/bin/sh
# trap-path-check.sh BUILD DIR...: the trap-path rule, checked on the objects.
#
# Code in the trap-path folders (runner/Makefile's TRAP_PATH_DIRS) runs while the
# guest owns %fs: glibc's errno, stdio buffers, locale and lazy state are reached
# through %fs, so a libc call there writes into the guest's thread block.  Each
# object BUILD/DIR/*.o may therefore leave undefined only
#   - symbols some object of the runner defines (its own functions and data),
#   - the libc functions in ALLOWED below: async-signal-safe (POSIX.1-2017 2.4.3),
#     never setting errno and reaching no %fs state; gcc emits calls to them for
#     struct copies and clears, and they are bound at start-up in a static-pie,
#   - the linker's own symbols (text bounds, the GOT).
# Anything else (printf, getenv, malloc, __errno_location...) fails the check with
# the object and the symbol.  NM names the nm to use (default nm).
# Exit status: 0 clean, 1 a violation, 2 a usage or build problem.
set -u
NM=${NM:-nm}
ALLOWED="memcpy memmove memset strlen"
LINKER="__executable_start __etext _GLOBAL_OFFSET_TABLE_"

if [ $# -lt 2 ] || [ ! -d "$1" ]; then
    echo "usage: trap-path-check.sh BUILD DIR... (BUILD holds the objects, by folder)" >&2
    exit 2
fi
build=$1
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trap-path-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# Every symbol the runner defines, from all its objects (trap path or not).
find "$build" -name '*.o' > "$tmp/all"
if [ ! -s "$tmp/all" ]; then
    echo "trap-path-check: no objects under $build (build them first: make -C runner objects)" >&2
    exit 2
fi
# shellcheck disable=SC2046 # one object per line, no spaces in build paths
$NM --defined-only $(cat "$tmp/all") 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/defined"
# shellcheck disable=SC2086 # two word lists
printf '%s\n' $ALLOWED $LINKER | sort -u > "$tmp/allowed"
sort -u "$tmp/defined" "$tmp/allowed" > "$tmp/ok"

bad=0
checked=0
for dir in "$@"; do
    if [ ! -d "$build/$dir" ]; then
        echo "trap-path-check: $build/$dir: no such folder of objects" >&2
        exit 2
    fi
    for obj in "$build/$dir"/*.o; do
        [ -f "$obj" ] || continue
        checked=$((checked + 1))
        "$NM" -u "$obj" | awk '{ print $NF }' | sort -u > "$tmp/undef"
        comm -23 "$tmp/undef" "$tmp/ok" > "$tmp/libc"
        if [ -s "$tmp/libc" ]; then
            printf 'trap-path-check: %s uses %s\n' "${obj#"$build"/}" "$(tr '\n' ' ' < "$tmp/libc" | sed 's/ $//')"
            bad=1
        fi
    done
done
if [ "$checked" = 0 ]; then
    echo "trap-path-check: no objects in $* under $build" >&2
    exit 2
fi
[ "$bad" = 0 ] && echo "trap-path-check: $checked objects in $*: no libc beyond $ALLOWED"
exit "$bad"
