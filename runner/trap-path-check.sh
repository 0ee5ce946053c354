#!/bin/sh
# trap-path-check.sh BUILD DIR...: the trap-path rules, checked on the objects.
#
# Code in the trap-path folders (runner/Makefile's TRAP_PATH_DIRS) runs while the
# guest owns %fs and, inside the rewrite fast path's hook, while the guest's vector,
# x87 and AVX registers are live and saved nowhere. Each object BUILD/DIR/*.o
#   1. may leave undefined only symbols that an object of the trap-path folders
#      defines, and the linker's own symbols (text bounds, the GOT): no libc at all.
#      glibc's functions reach %fs state (errno, stdio, locale) and its memcpy,
#      memset and strlen use vector registers; the Makefile's TRAP_PATH_CFLAGS
#      make the compiler copy and clear inline instead of calling them. Nor may
#      it call the runner's other code, which is free to use libc;
#   2. may name no vector, MMX, x87 or mask register and use no x87, vzeroupper,
#      emms or MXCSR instruction (objdump -d): any of them would change the
#      program's state under it. fastpath_entry.S's XRSTOR, which puts back
#      a state gdb changed, names no register and is the one deliberate exception.
# A violation prints the object and what it uses. OBJDUMP and NM name the tools
# (default objdump, nm).
# Exit status: 0 clean, 1 a violation, 2 a usage or build problem.
set -u
NM=${NM:-nm}
OBJDUMP=${OBJDUMP:-objdump}
LINKER="__executable_start __etext _GLOBAL_OFFSET_TABLE_"
# Operands and mnemonics that touch the state the hook does not save.
FP_STATE_ERE='%([xyz]?mm[0-9]+|st\b|st\([0-7]\)|k[0-7]\b)|^(f[a-z0-9]+|vzeroupper|vzeroall|emms|femms|ldmxcsr|stmxcsr)[[:space:]]'

if [ $# -lt 2 ] || [ ! -d "$1" ]; then
    echo "usage: trap-path-check.sh BUILD DIR... (BUILD holds the objects, by folder)" >&2
    exit 2
fi
build=$1
shift
tmp=$(mktemp -d "${TMPDIR:-/tmp}/trap-path-check.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# Every symbol the trap-path folders define.
: > "$tmp/objs"
for dir in "$@"; do
    if [ ! -d "$build/$dir" ]; then
        echo "trap-path-check: $build/$dir: no such folder of objects" >&2
        exit 2
    fi
    for obj in "$build/$dir"/*.o; do
        [ -f "$obj" ] && printf '%s\n' "$obj" >> "$tmp/objs"
    done
done
if [ ! -s "$tmp/objs" ]; then
    echo "trap-path-check: no objects in $* under $build (build them first: make -C runner objects)" >&2
    exit 2
fi
# shellcheck disable=SC2046 # one object per line, no spaces in build paths
$NM --defined-only $(cat "$tmp/objs") 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/defined"
# shellcheck disable=SC2086 # a word list
printf '%s\n' $LINKER | sort -u > "$tmp/allowed"
sort -u "$tmp/defined" "$tmp/allowed" > "$tmp/ok"

bad=0
checked=0
while read -r obj; do
    checked=$((checked + 1))
    "$NM" -u "$obj" | awk '{ print $NF }' | sort -u > "$tmp/undef"
    comm -23 "$tmp/undef" "$tmp/ok" > "$tmp/outside"
    if [ -s "$tmp/outside" ]; then
        printf 'trap-path-check: %s uses %s\n' "${obj#"$build"/}" "$(tr '\n' ' ' < "$tmp/outside" | sed 's/ $//')"
        bad=1
    fi
    if ! "$OBJDUMP" -d --no-show-raw-insn "$obj" > "$tmp/dis" 2>&1; then
        echo "trap-path-check: $OBJDUMP cannot read ${obj#"$build"/}" >&2
        exit 2
    fi
    # the instruction field: "  addr:<TAB>mnemonic operands"
    awk -F '\t' 'NF >= 2 { print $2 }' "$tmp/dis" | grep -E "$FP_STATE_ERE" | sort -u | head -n 3 > "$tmp/fp"
    if [ -s "$tmp/fp" ]; then
        printf 'trap-path-check: %s touches the FP or vector state: %s\n' "${obj#"$build"/}" \
            "$(sed 's/[[:space:]]\{1,\}/ /g' "$tmp/fp" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
        bad=1
    fi
done < "$tmp/objs"
[ "$bad" = 0 ] && echo "trap-path-check: $checked objects in $*: no libc, no call out of the trap path, no FP or vector register"
exit "$bad"
