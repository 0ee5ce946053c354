#!/bin/sh
# smoke-test.sh RUNNER: a quick check that a freshly built x32-run works.
# Builds a tiny x32 program with the host's binutils (as --x32, ld -m
# elf32_x86_64), and, when `gcc -mx32` can link, a static and a dynamic C
# program.  The full suite is tests/runner/run.sh.
set -eu

runner=${1:?usage: smoke-test.sh path/to/x32-run}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/x32-run-smoke.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0

check() {
    name=$1 want_out=$2 want_rc=$3
    shift 3
    set +e
    out=$("$@" 2>&1)
    rc=$?
    set -e
    if [ "$out" = "$want_out" ] && [ "$rc" = "$want_rc" ]; then
        printf 'PASS %s\n' "$name"
    else
        printf 'FAIL %s: exit %s (want %s), output:\n%s\n' "$name" "$rc" "$want_rc" "$out"
        failures=$((failures + 1))
    fi
}

cat > "$tmp/tiny.s" <<'ASM'
    .globl _start
_start:
    movl $0x40000001, %eax      # write, with the x32 bit
    movl $1, %edi
    leal msg(%rip), %esi
    movl $3, %edx
    syscall
    movl $0x4000003c, %eax      # exit(7)
    movl $7, %edi
    syscall
msg: .ascii "ok\n"
ASM
as --x32 -o "$tmp/tiny.o" "$tmp/tiny.s"
ld -m elf32_x86_64 -o "$tmp/tiny" "$tmp/tiny.o"
check "tiny x32 program (write, exit status)" "ok" 7 "$runner" "$tmp/tiny"
check "tiny x32 program, seccomp fallback" "ok" 7 env X32_RUN_TRAP=seccomp "$runner" "$tmp/tiny"
check "tiny x32 program, SUD without the fast path" "ok" 7 env X32_RUN_TRAP=sud "$runner" "$tmp/tiny"
check "unknown X32_RUN_TRAP is refused" \
    "x32-run: X32_RUN_TRAP=fast is not a trap mechanism: use rewrite (the default), sud or seccomp" \
    126 env X32_RUN_TRAP=fast "$runner" "$tmp/tiny"
check "missing program is 127" "x32-run: $tmp/none: No such file or directory" 127 \
    "$runner" "$tmp/none"
if "$runner" --probe > /dev/null; then
    printf 'PASS --probe\n'
else
    printf 'FAIL --probe\n'
    failures=$((failures + 1))
fi

printf '#include <stdio.h>\nint main(int c, char **v) { printf("hi %%s\\n", v[1]); return 5; }\n' \
    > "$tmp/hello.c"
if gcc -mx32 -static -o "$tmp/hello_s" "$tmp/hello.c" 2> /dev/null; then
    check "static x32 C program" "hi there" 5 "$runner" "$tmp/hello_s" there
else
    printf 'SKIP static x32 C program (gcc -mx32 -static cannot link)\n'
fi
if gcc -mx32 -o "$tmp/hello_d" "$tmp/hello.c" 2> /dev/null; then
    check "dynamic x32 C program" "hi there" 5 "$runner" "$tmp/hello_d" there
else
    printf 'SKIP dynamic x32 C program (gcc -mx32 cannot link)\n'
fi
[ "$failures" = 0 ]
