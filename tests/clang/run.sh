#!/bin/sh
# tests/clang: the distribution's clang against the SDK (issue 32). The clang wrappers
# (PREFIX/bin/x86_64-linux-gnux32-clang, -clang++) take every header, crt file and
# library from the prefix; C and C++ (exceptions, threads, libstdc++) built from a moved
# copy run under x32-run; clang's and GCC's objects link into one program; lld; UBSan;
# the CMake, environment-script and Meson switches; the examples and x32-check with
# clang on both sides. Needs clang (apt-get install clang); everything SKIPs without it.
#
#   X32_SDK_CLANG=clang-16 tests/run.sh --no-build clang     another clang
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
suite_setup clang
T=$TEST_TMP
TGT=x86_64-linux-gnux32
P="$TOP/tests/toolchain/programs"
C="$HERE/programs"
CLANG="$PREFIX/bin/$TGT-clang"
CLANGXX="$PREFIX/bin/$TGT-clang++"
RUN="$PREFIX/bin/x32-run"
unset LIBRARY_PATH CPATH C_INCLUDE_PATH CPLUS_INCLUDE_PATH

# logged NAME CMD...: run CMD with its output in $LOGS/NAME.log; why NAME: its last line.
logged() { _l=$1; shift; "$@" > "$LOGS/$_l.log" 2>&1; }
why() { tail -n 1 "$LOGS/$1.log" | cut -c1-200; }

if [ ! -x "$CLANG" ] || [ ! -x "$CLANGXX" ]; then
    fail clang-wrappers-installed "no $CLANG or -clang++ (sh cmake/install.sh $PREFIX installs them)"
    exit 0
fi
pass clang-wrappers-installed

# --- a missing clang: one line, exit 127 -------------------------------------------------
X32_SDK_CLANG=/nonexistent/clang "$CLANG" -c "$P/hello.c" -o "$T/x.o" > "$T/nocl.out" 2>&1
rc=$?
if [ "$rc" = 127 ] && [ "$(wc -l < "$T/nocl.out")" = 1 ] && grep -q 'apt-get install clang' "$T/nocl.out"; then
    pass missing-clang-one-line
else
    fail missing-clang-one-line "exit $rc: $(head -n 2 "$T/nocl.out" | tr '\n' ' ')"
fi

driver=${X32_SDK_CLANG:-clang}
if ! command -v "$driver" > /dev/null 2>&1; then
    skip clang "no '$driver' on this machine (apt-get install clang): every clang case"
    exit 0
fi
echo "clang: $("$driver" --version | head -n 1)"
RES=$("$driver" -print-resource-dir)

# --- every path from the prefix -----------------------------------------------------------
# -### of a C++ link: the include directories, crt files, -L directories and the linker.
# Allowed outside the prefix: clang's own resource dir (its builtin headers such as
# stddef.h). Never the host's /usr/include, /usr/lib*, /lib*.
# The -### words, checked one by one; -v of the same compile names the GCC install.
if "$CLANGXX" -### -O2 "$C/cxx_threads.cc" -o "$T/x" -pthread > "$T/v.txt" 2>&1; then
    tr ' ' '\n' < "$T/v.txt" | tr -d '"' > "$T/v.words"
    {
        grep -A1 -x -E -e '-(internal-isystem|internal-externc-isystem|isystem|isysroot)' "$T/v.words" | grep '^/'
        grep -E '^-L/' "$T/v.words" | sed 's/^-L//'
        grep -E '^/.*\.(o|a|so)$' "$T/v.words"
        grep -m1 -E '/(ld|ld\.bfd)$' "$T/v.words"
    } | grep -v -e "^$T/" -e "^${TMPDIR:-/tmp}/[^/]*\.o$" | sort -u > "$T/v.paths"
    real_prefix=$(cd "$PREFIX" && pwd -P); real_res=$(cd "$RES" && pwd -P)
    outside=$(while read -r _p; do
        case $_p in "$PREFIX"/*|"$real_prefix"/*|"$RES"/*|"$real_res"/*) continue ;; esac
        # clang writes some paths through ../ from its own install (/usr/bin/../lib/...).
        case $(realpath -m "$_p") in "$real_prefix"/*|"$real_res"/*) continue ;; esac
        printf ' %s' "$_p"
    done < "$T/v.paths")
    if [ -z "$outside" ] && [ -s "$T/v.paths" ]; then pass paths-all-from-prefix
    else fail paths-all-from-prefix "outside the prefix:$outside"; fi
    ld=$(grep -m1 -E '/(ld|ld\.bfd)$' "$T/v.words")
    case $ld in "$PREFIX/$TGT/bin/ld") pass linker-is-sdk-binutils ;; *) fail linker-is-sdk-binutils "links with '$ld'" ;; esac
    grep -A1 -x -e '-triple' "$T/v.words" | grep -q gnux32 \
        && pass target-is-x32 || fail target-is-x32 "cc1 triple: $(grep -A1 -x -e '-triple' "$T/v.words" | tail -n 1)"
else
    fail paths-all-from-prefix "clang++ -### failed: $(tail -n 1 "$T/v.txt")"
fi
"$CLANGXX" -v -E -x c++ /dev/null -o /dev/null > "$T/vv.txt" 2>&1
grep -q "^Selected GCC installation: $PREFIX/lib/gcc/$TGT/" "$T/vv.txt" \
    && pass gcc-install-is-sdk || fail gcc-install-is-sdk "$(grep 'GCC installation' "$T/vv.txt" | tail -n 1)"
# The header search list, as the compiler itself prints it.
sed -n '/^#include <...> search starts here:/,/^End of search list/p' "$T/vv.txt" | sed '1d;$d;s/^ //' > "$T/incs"
bad_inc=$(while read -r _d; do
    case $(realpath -m "$_d") in "$(cd "$PREFIX" && pwd -P)"/*|"$(cd "$RES" && pwd -P)"/*) ;; *) printf ' %s' "$_d" ;; esac
done < "$T/incs")
if [ -s "$T/incs" ] && [ -z "$bad_inc" ]; then pass include-dirs-from-prefix
else fail include-dirs-from-prefix "outside the prefix:${bad_inc:- (no search list)}"; fi

# --- C and C++ from a moved prefix, run under the moved x32-run -------------------------
# Hard links make the copy cheap; as root a private mount namespace hides the original
# under an empty tmpfs, so any path leading back to it fails (as in tests/toolchain).
M="$T/moved-sdk"
hide_why=""
if [ "$(id -u)" != 0 ]; then hide_why="not root: cannot hide the original prefix in a mount namespace"
elif ! command -v unshare > /dev/null 2>&1; then hide_why="no unshare (util-linux)"
elif ! _u=$(unshare -m true 2>&1); then hide_why="this host refuses a new mount namespace: $_u"
fi
if cp -al "$PREFIX" "$M" 2>/dev/null || { rm -rf "$M"; cp -a "$PREFIX" "$M"; }; then
    cat > "$T/moved.sh" <<EOF
cd "$T" || exit 1
for t in "c:$M/bin/$TGT-clang -O2 $P/hello.c" "cxx:$M/bin/$TGT-clang++ -O2 $P/cxx_exceptions.cc" \
         "threads:$M/bin/$TGT-clang -O2 -pthread $P/threads_tls.c" \
         "cxxthreads:$M/bin/$TGT-clang++ -O2 -pthread $C/cxx_threads.cc" \
         "static:$M/bin/$TGT-clang++ -O2 -static $P/cxx_exceptions.cc"; do
    n=\${t%%:*}
    if \${t#*:} -o "m-\$n" 2> "m-\$n.err"; then
        "$M/bin/x32-run" "./m-\$n" > "m-\$n.out" 2>&1; echo "\$n built, exit \$?"
    else echo "\$n not built: \$(tail -n 1 "m-\$n.err")"; fi
done
EOF
    if [ -z "$hide_why" ]; then
        unshare -m sh -c "mount -t tmpfs none '$PREFIX' && sh '$T/moved.sh'" > "$T/moved.log" 2>&1
    else
        sh "$T/moved.sh" > "$T/moved.log" 2>&1
    fi
    cat "$T/moved.log"
    for n in c cxx threads cxxthreads static; do
        line=$(grep "^$n " "$T/moved.log")
        case $line in
            "$n built, exit 0") ;;
            *) fail "moved-$n" "${line:-no result}: $(tail -n 1 "$T/m-$n.out" 2>/dev/null)"; continue ;;
        esac
        case $n in
            c) grep -q 'hello from x32, 32-bit pointers' "$T/m-c.out" ;;
            cxx|static) grep -q 'errors=2' "$T/m-$n.out" ;;
            threads) grep -q '^total=' "$T/m-threads.out" ;;   # exit 0: total == want
            cxxthreads) grep -q '^ok ' "$T/m-cxxthreads.out" ;;
        esac && pass "moved-$n" || fail "moved-$n" "ran, wrong output: $(tail -n 1 "$T/m-$n.out")"
    done
    "$PREFIX/bin/$TGT-readelf" -h "$T/m-c" 2>/dev/null | grep -q ELF32 \
        && pass moved-c-is-elf32 || fail moved-c-is-elf32 "not an ELF32 program"
    [ -z "$hide_why" ] || skip moved-original-hidden "$hide_why"
    rm -rf "$M"
else
    fail moved-prefix "cannot copy $PREFIX to $M"
fi

# --- clang's and GCC's objects in one program ------------------------------------------
# Both directions: clang's C and C++ objects under GCC's main (linked by g++), and GCC's
# under clang's main (linked by clang++); the C++ exception crosses compilers.
mix() { # NAME LIBCC LIBCXX MAINCXX
    _n=$1
    if logged "$_n" sh -c '"$1" -O2 -I"$5" -c "$5/mix_c.c" -o "$6/$7-c.o" &&
            "$2" -O2 -I"$5" -c "$5/mix_cxx.cc" -o "$6/$7-cxx.o" &&
            "$3" -O2 -I"$5" "$5/mix_main.cc" "$6/$7-c.o" "$6/$7-cxx.o" -o "$6/$7"' _ \
            "$2" "$3" "$4" "$PREFIX/bin/$TGT-g++" "$C" "$T" "$_n"; then
        if out=$("$RUN" "$T/$_n" 2>&1) && [ "$out" = "ok record=16" ]; then pass "$_n"
        else fail "$_n" "runs and says: $(printf '%s\n' "$out" | tail -n 1)"; fi
    else
        fail "$_n" "does not build: $(why "$_n")"
    fi
}
mix mix-clang-objects-gcc-main "$CLANG" "$CLANGXX" "$PREFIX/bin/$TGT-g++"
mix mix-gcc-objects-clang-main "$PREFIX/bin/$TGT-gcc" "$PREFIX/bin/$TGT-g++" "$CLANGXX"

# --- lld ----------------------------------------------------------------------------------
# lld 14 links x32 C programs without PIE only: PIE fails ("cannot preempt symbol
# __dso_handle", R_X86_64_32 against crtbeginS.o), -static fails (R_X86_64_GOTTPOFF in
# libc.a), and C++ programs that throw crash at the throw. The wrapper leaves the choice
# to the user (the SDK's ld is the default); this checks the case that works.
if command -v ld.lld > /dev/null 2>&1; then
    if logged lld "$CLANG" -fuse-ld=lld -no-pie -O2 "$P/hello.c" -o "$T/lld"; then
        if "$RUN" "$T/lld" 2>&1 | grep -q 'hello from x32, 32-bit pointers'; then pass lld-no-pie-c
        else fail lld-no-pie-c "linked by lld, wrong output"; fi
    else fail lld-no-pie-c "$(why lld)"; fi
else
    skip lld-no-pie-c "no ld.lld (apt-get install lld)"
fi

# --- UBSan ----------------------------------------------------------------------------
# clang's own runtime: Debian's libclang-rt-14-dev ships none for x32 (i386 and x86_64
# only), so -fsanitize=undefined cannot link there. Two ways that work: trap mode (no
# runtime; the check is an ud2, SIGILL) and GCC's UBSan runtime from the SDK (the same
# compiler-rt code, whose handler ABI clang's checks call).
if [ -f "$RES/lib/linux/libclang_rt.ubsan_standalone-x32.a" ]; then
    if logged ubsan-clang "$CLANG" -O0 -fsanitize=undefined "$P/ubsan_overflow.c" -o "$T/ub"; then
        "$RUN" "$T/ub" 2>&1 | grep -q 'runtime error:' && pass ubsan-clang-runtime \
            || fail ubsan-clang-runtime "no 'runtime error:' from the program"
    else fail ubsan-clang-runtime "$(why ubsan-clang)"; fi
else
    skip ubsan-clang-runtime "clang's compiler-rt has no x32 UBSan runtime ($RES/lib/linux/libclang_rt.ubsan_standalone-x32.a); use -fsanitize-trap=undefined or GCC's: -fno-sanitize-link-runtime -lubsan"
fi
if logged ubsan-trap "$CLANG" -O0 -fsanitize=undefined -fsanitize-trap=undefined "$P/ubsan_overflow.c" -o "$T/ubt"; then
    "$RUN" "$T/ubt" > /dev/null 2>&1
    rc=$?
    [ "$rc" = 132 ] && pass ubsan-trap || fail ubsan-trap "expected SIGILL (exit 132), got exit $rc"
else fail ubsan-trap "$(why ubsan-trap)"; fi
if logged ubsan-gcc "$CLANG" -O0 -fsanitize=undefined -fno-sanitize-link-runtime "$P/ubsan_overflow.c" -lubsan -o "$T/ubg"; then
    "$RUN" "$T/ubg" > "$T/ubg.out" 2>&1
    grep -q 'ubsan_overflow.c:8:.*runtime error: signed integer overflow' "$T/ubg.out" \
        && pass ubsan-gcc-runtime || fail ubsan-gcc-runtime "no runtime error at line 8: $(tail -n 1 "$T/ubg.out")"
else fail ubsan-gcc-runtime "$(why ubsan-gcc)"; fi

# --- the build systems' switches --------------------------------------------------------
# CMake: -DX32_SDK_COMPILER=clang, tests through the toolchain file's emulator.
if command -v cmake > /dev/null 2>&1; then
    if logged cmake env -u X32_SDK_COMPILER cmake -S "$HERE/project" -B "$T/cmake" \
            -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$TGT.cmake" \
            -DX32_SDK_PREFIX="$PREFIX" -DX32_SDK_COMPILER=clang \
        && logged cmake-build cmake --build "$T/cmake" \
        && logged ctest ctest --test-dir "$T/cmake" --output-on-failure; then
        grep -q 'CMAKE_C_COMPILER_ID "Clang"' "$T"/cmake/CMakeFiles/*/CMakeCCompiler.cmake \
            && pass cmake-x32-sdk-compiler-clang || fail cmake-x32-sdk-compiler-clang "the compiler id is not Clang"
    else
        fail cmake-x32-sdk-compiler-clang "$(why ctest)$(why cmake-build)$(why cmake)"
    fi
    if env X32_SDK_COMPILER=tcc cmake -S "$HERE/project" -B "$T/cmake-bad" \
            -DCMAKE_TOOLCHAIN_FILE="$PREFIX/share/x32-sdk/cmake/$TGT.cmake" > "$T/bad.log" 2>&1; then
        fail cmake-bad-compiler-refused "configured with X32_SDK_COMPILER=tcc"
    elif grep -q "X32_SDK_COMPILER is 'tcc'; it must be gcc or clang" "$T/bad.log"; then pass cmake-bad-compiler-refused
    else fail cmake-bad-compiler-refused "$(grep -m1 -i error "$T/bad.log")"; fi
else
    skip cmake-x32-sdk-compiler-clang "cmake is not installed"
fi

# The environment script: X32_SDK_COMPILER=clang before sourcing.
cat > "$T/env.sh" <<EOF
unset LD_LIBRARY_PATH
X32_SDK_COMPILER=clang . "$PREFIX/environment-setup-$TGT" || exit 1
echo "CC=\$CC"
echo "CXX=\$CXX"
echo "CCcrate=\$CC_x86_64_unknown_linux_gnux32"
echo "MESON=\$X32_MESON_COMPILER_FILE"
cd "$T" && \$CC -O2 "$HERE/project/which.c" -o env-which && "\$X32_RUN" ./env-which
EOF
if out=$(cd "$PREFIX" && bash "$T/env.sh" 2>&1); then
    case $out in
        *"CC=$TGT-clang --sysroot="*"CXX=$TGT-clang++ --sysroot="*"CCcrate=$PREFIX/bin/$TGT-clang"*"clang 4"*) pass env-script-clang ;;
        *) fail env-script-clang "$(printf '%s\n' "$out" | tr '\n' ' ' | cut -c1-200)" ;;
    esac
else
    fail env-script-clang "$(printf '%s\n' "$out" | tail -n 1)"
fi
if out=$(cd "$PREFIX" && X32_SDK_COMPILER=icc bash -c ". ./environment-setup-$TGT" 2>&1); then
    fail env-script-bad-compiler "sourced with X32_SDK_COMPILER=icc"
else
    case $out in *"it must be gcc, clang or empty"*) pass env-script-bad-compiler ;;
        *) fail env-script-bad-compiler "$(printf '%s\n' "$out" | tail -n 1)" ;; esac
fi

# Meson: the on-path cross file plus the clang overlay, as the environment script says.
if command -v meson > /dev/null 2>&1 && command -v ninja > /dev/null 2>&1; then
    cat > "$T/meson.sh" <<EOF
unset LD_LIBRARY_PATH
X32_SDK_COMPILER=clang . "$PREFIX/environment-setup-$TGT" || exit 1
meson setup "$T/meson" "$HERE/project" --cross-file "\$X32_MESON_CROSS_FILE" --cross-file "\$X32_MESON_COMPILER_FILE" \
    && ninja -C "$T/meson" && meson test -C "$T/meson" && "\$X32_RUN" "$T/meson/which_cxx"
EOF
    if logged meson sh -c "cd '$PREFIX' && bash '$T/meson.sh'"; then
        tail -n 1 "$LOGS/meson.log" | grep -qx 'clang 4' && pass meson-clang-overlay \
            || fail meson-clang-overlay "which_cxx says: $(why meson)"
    else fail meson-clang-overlay "$(why meson)"; fi
else
    skip meson-clang-overlay "meson or ninja is not installed"
fi

# --- the portability examples, built with clang on every ABI -----------------------------
# Their lines are renamed clang/examples/... so they do not collide with the examples suite.
CLANG64="$driver -m64" CLANG32="$driver -m32" X32_CLANG=$CLANG sh "$TOP/examples/run.sh" --clang --check > "$T/examples.log" 2>&1
sed -n 's#^\(PASS\|FAIL\|SKIP\) examples/#\1 clang/examples/#p' "$T/examples.log"
grep -q '^PASS ' "$T/examples.log" || fail clang-examples "no example passed: $(tail -n 1 "$T/examples.log")"

# --- x32-check with clang on both sides ----------------------------------------------------
# The planted-bug project: the SDK's clang on x32, the native clang twin on LP64.
if command -v cmake > /dev/null 2>&1; then
    "$TOP/check/x32-check" --sdk "$PREFIX" --x32-cc "$CLANG" --json="$T/check.json" -q \
        --workdir "$T/check" "$TOP/tests/check/projects/planted" > "$T/check.out" 2>&1
    rc=$?
    python3 - "$T/check.json" "$rc" > "$T/check.verdict" 2>&1 <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
notes = " ".join(r["x32_toolchain"]["notes"])
bad = []
if sys.argv[2] != "1":
    bad.append("exit %s, expected 1 (findings)" % sys.argv[2])
if "LP64 side uses the same clang" not in notes:
    bad.append("no native clang twin: %s" % notes)
fails = {t["name"] for t in r["tests"].get("x32_only_failures", [])}
# clang finds handles and sum; buffer's overflow (GCC's -Warray-bounds) stays silent.
for t in ("handles", "sum"):
    if t not in fails:
        bad.append("test %s not failing only on x32 (got %s)" % (t, sorted(fails)))
if not r["diagnostics"]["x32_only"]:
    bad.append("no x32-only diagnostics")
print("; ".join(bad) or "ok")
EOF
    v=$(cat "$T/check.verdict")
    [ "$v" = ok ] && pass x32-check-clang-both-sides || fail x32-check-clang-both-sides "$v $(tail -n 1 "$T/check.out")"
    grep -q "^CMAKE_C_COMPILER:[A-Z]*=.*clang" "$T/check/lp64/build/CMakeCache.txt" 2>/dev/null \
        && pass x32-check-lp64-is-clang || fail x32-check-lp64-is-clang "LP64 build's compiler: $(grep -s 'CMAKE_C_COMPILER:' "$T"/check/lp64/*/CMakeCache.txt)"
else
    skip x32-check-clang-both-sides "cmake is not installed"
fi
exit 0
