#!/bin/sh
# tests/clang/torture.sh: GCC's gcc.c-torture/execute built by clang for x32 (the SDK's
# clang wrapper, run under x32-run) and by the same clang natively, at one -O level.
# Not part of tests/run.sh (about 10 minutes on 2 cores); counts go to tests/RESULTS.md.
#
#   tests/clang/torture.sh [-O LEVEL] [-j N] PREFIX GCC_SOURCE_DIR OUT_DIR
#
# GCC_SOURCE_DIR is an unpacked GCC source tree (build.sh keeps GCC 12.2's in
# ~/.cache/x32-sdk/src/gcc-*). Each test is compiled with -w and nothing else (the
# tests' dg-options are GCC's and not read), run with a 10 s limit, and classified:
#   pass / fail / nocc (did not compile) on each side, in OUT_DIR/results (one line a
#   test: NAME X32 NATIVE), and a summary on stdout. The interesting line is "fails
#   only on x32": those are triaged in tests/RESULTS.md.
set -eu
opt=-O2 jobs=2
while [ $# -gt 0 ]; do
    case $1 in
        -O) opt=-O$2; shift 2 ;;
        -j) jobs=$2; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "torture.sh: unknown option '$1'; see --help" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -eq 3 ] || { echo "usage: tests/clang/torture.sh [-O LEVEL] [-j N] PREFIX GCC_SOURCE_DIR OUT_DIR" >&2; exit 2; }
PREFIX=$(cd "$1" && pwd) || exit 2
SRC="$2/gcc/testsuite/gcc.c-torture/execute"
OUT=$3
[ -d "$SRC" ] || { echo "torture.sh: no $SRC (give an unpacked GCC source tree)" >&2; exit 2; }
[ -x "$PREFIX/bin/x86_64-linux-gnux32-clang" ] || { echo "torture.sh: no clang wrapper in $PREFIX/bin" >&2; exit 2; }
mkdir -p "$OUT/bin"
unset LIBRARY_PATH

# one NAME: compile and run one test both ways; prints NAME X32 NATIVE.
cat > "$OUT/one.sh" <<EOF
#!/bin/sh
n=\$1; s="$SRC/\$n.c"; b="$OUT/bin/\$n"
side() { # SIDE COMPILER [RUNNER]
    if \$2 $opt -w "\$s" -o "\$b.\$1" -lm > "\$b.\$1.log" 2>&1; then
        if timeout 10 \$3 "\$b.\$1" > /dev/null 2>> "\$b.\$1.log" < /dev/null; then echo pass; else echo fail; fi
    else echo nocc; fi
    rm -f "\$b.\$1"
}
echo "\$n \$(side x32 "$PREFIX/bin/x86_64-linux-gnux32-clang" "$PREFIX/bin/x32-run") \$(side native "\${X32_SDK_CLANG:-clang}")"
EOF
ls "$SRC" | sed -n 's/\.c$//p' | xargs -P "$jobs" -n 1 sh "$OUT/one.sh" | sort > "$OUT/results"

total=$(wc -l < "$OUT/results")
c() { awk "$1" "$OUT/results" | wc -l; }
echo "gcc.c-torture/execute with $("${X32_SDK_CLANG:-clang}" --version | head -n 1), $opt: $total tests"
echo "  x32:    $(c '$2=="pass"') pass, $(c '$2=="fail"') fail, $(c '$2=="nocc"') do not compile"
echo "  native: $(c '$3=="pass"') pass, $(c '$3=="fail"') fail, $(c '$3=="nocc"') do not compile"
echo "  fails only on x32 (native passes): $(c '$2!="pass" && $3=="pass"')"
awk '$2!="pass" && $3=="pass" {print "    " $1 " (x32 " $2 ")"}' "$OUT/results"
echo "  passes only on x32: $(c '$2=="pass" && $3!="pass"')"
awk '$2=="pass" && $3!="pass" {print "    " $1 " (native " $3 ")"}' "$OUT/results"
