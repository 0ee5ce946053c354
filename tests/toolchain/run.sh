#!/bin/sh
# The installed toolchain: what the compiler emits with no flags, that C and C++ link
# statically and dynamically against the sysroot, that the results run under x32-run,
# and that a moved copy of the prefix still works without the original.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
P="$HERE/programs"
suite_setup toolchain
T=$TEST_TMP
# This suite tests a built SDK: no default.
PREFIX=${X32_SDK_PREFIX:?X32_SDK_PREFIX is not set: run this through tests/run.sh}
TGT=x86_64-linux-gnux32
CC="$PREFIX/bin/$TGT-gcc"
CXX="$PREFIX/bin/$TGT-g++"
READELF="$PREFIX/bin/$TGT-readelf"
RUN="$PREFIX/bin/x32-run"

# --- what the compiler emits with no flags -------------------------------------------
printf 'int f(void) { return 1; }\n' > "$T/empty.c"
if "$CC" -c "$T/empty.c" -o "$T/empty.o" 2> "$T/err"; then
    hdr=$("$READELF" -h "$T/empty.o")
    case $hdr in
        *ELF32*X86-64*) pass default-object-is-elf32-x86-64 ;;
        *) fail default-object-is-elf32-x86-64 "readelf -h: $(echo "$hdr" | grep -E 'Class|Machine' | tr -s ' ' | tr '\n' ' ')" ;;
    esac
else
    fail default-object-is-elf32-x86-64 "the compiler failed: $(tail -n 1 "$T/err")"
fi
macros=$("$CC" -dM -E - < /dev/null)
case $macros in *"#define __ILP32__ 1"*) pass default-defines-ILP32 ;; *) fail default-defines-ILP32 "__ILP32__ not predefined" ;; esac
case $macros in *"#define __LP64__"*) fail default-not-LP64 "__LP64__ is predefined" ;; *) pass default-not-LP64 ;; esac
case $macros in *"#define __x86_64__ 1"*) pass default-defines-x86_64 ;; *) fail default-defines-x86_64 "__x86_64__ not predefined" ;; esac
check abi-size-table-compiles "$CC" -std=c11 -c "$P/abi_sizes.c" -o "$T/abi_sizes.o"

# --- linking ---------------------------------------------------------------------------
interp_of() { "$READELF" -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p'; }
build() { # NAME OUT COMPILER ARGS...: PASS/FAIL for building OUT
    _n=$1; _o=$2; shift 2
    if "$@" -o "$_o" 2> "$T/$_n.err"; then pass "$_n"; return 0; fi
    fail "$_n" "$(grep -m1 -E 'error|undefined' "$T/$_n.err" || tail -n 1 "$T/$_n.err")"; return 1
}
build link-c-dynamic "$T/hello" "$CC" -O2 "$P/hello.c" && {
    i=$(interp_of "$T/hello")
    [ "$i" = /libx32/ld-linux-x32.so.2 ] && pass dynamic-interpreter-is-libx32 \
        || fail dynamic-interpreter-is-libx32 "interpreter is '$i'"
    case $("$READELF" -h "$T/hello") in *ELF32*) pass dynamic-executable-is-elf32 ;; *) fail dynamic-executable-is-elf32 "not ELF32" ;; esac
}
build link-c-static "$T/hello-static" "$CC" -O2 -static "$P/hello.c" && {
    [ -z "$(interp_of "$T/hello-static")" ] && pass static-has-no-interpreter \
        || fail static-has-no-interpreter "static program requests $(interp_of "$T/hello-static")"
}
build link-cxx-dynamic "$T/cxx" "$CXX" -O2 "$P/cxx_exceptions.cc"
build link-cxx-static "$T/cxx-static" "$CXX" -O2 -static "$P/cxx_exceptions.cc"
build link-threads "$T/threads" "$CC" -O2 -pthread "$P/threads_tls.c"
build link-shared-object "$T/plugin.so" "$CC" -O2 -shared -fPIC "$P/plugin.c"
build link-dlopen "$T/dlopen" "$CC" -O2 "$P/dlopen_plugin.c" -ldl
build link-math "$T/math" "$CC" -O2 "$P/math.c" -lm
build link-abi-table "$T/abi_sizes" "$CC" -O2 "$P/abi_sizes.c"
build link-ubsan "$T/ubsan" "$CC" -O0 -fsanitize=undefined "$P/ubsan_overflow.c"
build link-asan "$T/asan" "$CC" -O0 -fsanitize=address "$P/asan_overflow.c"
# C++20 modules through GCC's module mapper server (a host program in libexec that the
# compiler starts itself); the module's compiled interface goes to $T/gcm.
mkdir -p "$T/gcm"
(cd "$T" && build link-cxx-modules-mapper-server "$T/cxx-module" "$CXX" -std=c++20 -fmodules-ts \
    "-fmodule-mapper=|@g++-mapper-server -r $T/gcm" "$P/cxx_module_greet.cc" "$P/cxx_module_main.cc")

# libgcc_s is linked twice: against glibc-headers' placeholder libc.so (libgcc step),
# then, from the same objects, against the real glibc (gcc-libs). Only the second gives
# its glibc symbols their versions; an unversioned one means the relink did not happen.
for _lg in "$PREFIX/$TGT/libx32/libgcc_s.so.1" "$PREFIX/$TGT/sysroot/usr/libx32/libgcc_s.so.1"; do
    _und=$("$READELF" --dyn-syms -W "$_lg" 2>&1 | awk '$7 == "UND" && $8 ~ /^(free|pthread_key_create|dl_iterate_phdr)/ { print $8 }')
    case $_und in
        *free@GLIBC_*) pass "libgcc_s-linked-against-glibc:${_lg#"$PREFIX/"}" ;;
        *) fail "libgcc_s-linked-against-glibc:${_lg#"$PREFIX/"}" "its glibc symbols carry no versions: $(printf '%s ' $_und)" ;;
    esac
done

# --- running under x32-run -------------------------------------------------------------
# run_ok NAME EXPECTED-OUTPUT-SUBSTRING PROGRAM ARGS...
run_ok() {
    _n=$1; _want=$2; shift 2
    if [ ! -x "$RUN" ]; then skip "$_n" "x32-run is not installed in $PREFIX/bin"; return; fi
    if [ ! -f "$1" ]; then skip "$_n" "$(basename "$1") was not built (see its link test)"; return; fi
    _out=$(timeout 60 "$RUN" "$@" 2>&1); _rc=$?
    if [ "$_rc" != 0 ]; then fail "$_n" "exit $_rc: $(printf '%s\n' "$_out" | tail -n 1)"
    else case $_out in *"$_want"*) pass "$_n" ;; *) fail "$_n" "output lacks '$_want': $(printf '%s\n' "$_out" | tail -n 1)" ;; esac; fi
}
run_ok run-c-dynamic "32-bit pointers" "$T/hello"
run_ok run-c-static "32-bit pointers" "$T/hello-static"
run_ok run-cxx-exceptions "errors=2" "$T/cxx"
run_ok run-cxx-static "errors=2" "$T/cxx-static"
run_ok run-threads-tls-atomics "total=" "$T/threads"
run_ok run-dlopen "plugin_scale(10) = 40" "$T/dlopen"
run_ok run-math "0.479425538604203" "$T/math"
run_ok run-abi-table "long          4  4" "$T/abi_sizes"
run_ok run-cxx-modules "module_answer=42" "$T/cxx-module"

# sanitizer reports: the program must be stopped by the sanitizer with its report.
run_report() { # NAME REPORT-SUBSTRING PROGRAM
    if [ ! -x "$RUN" ]; then skip "$1" "x32-run is not installed in $PREFIX/bin"; return; fi
    if [ ! -f "$3" ]; then skip "$1" "$(basename "$3") was not built (see its link test)"; return; fi
    _out=$(timeout 60 "$RUN" "$3" 2>&1)
    case $_out in *"$2"*) pass "$1" ;; *) fail "$1" "no '$2' in: $(printf '%s\n' "$_out" | tail -n 2 | tr '\n' ' ')" ;; esac
}
run_report run-ubsan-report "runtime error: signed integer overflow" "$T/ubsan"
run_report run-asan-report "heap-buffer-overflow" "$T/asan"

# --- a moved prefix works without the original -----------------------------------------
# Hard links make the copy cheap; a private mount namespace then hides the original
# prefix under an empty tmpfs, so any path baked into the SDK would fail to resolve.
M="$T/moved-sdk"
# Hiding needs root and mount namespaces (a container may refuse them): otherwise the
# moved copy is still tested, only with the original in place, and that part SKIPs.
hide_why=""
if [ "$(id -u)" != 0 ]; then hide_why="not root: cannot hide the original prefix in a mount namespace"
elif ! command -v unshare >/dev/null 2>&1; then hide_why="no unshare (util-linux) to make a mount namespace"
elif ! _u=$(unshare -m true 2>&1); then hide_why="this host refuses a new mount namespace: $_u"
fi
# Hard links fail across file systems (a prefix mounted elsewhere): then a plain copy,
# into a fresh folder (cp -a into the half-made one would nest the copy).
if cp -al "$PREFIX" "$M" 2>/dev/null || { rm -rf "$M"; cp -a "$PREFIX" "$M"; }; then
    moved_test() {
        cat > "$T/moved.sh" <<EOF
set -e
cd "$T"
"$M/bin/$TGT-gcc" -O2 "$P/hello.c" -o moved-hello
"$M/bin/$TGT-g++" -O2 "$P/cxx_exceptions.cc" -o moved-cxx
"$M/bin/$TGT-gcc" -print-sysroot
if [ -x "$M/bin/x32-run" ]; then "$M/bin/x32-run" ./moved-hello; "$M/bin/x32-run" ./moved-cxx; fi
EOF
        if [ -z "$hide_why" ]; then
            unshare -m sh -c "mount -t tmpfs none '$PREFIX' && sh '$T/moved.sh'"
        else
            sh "$T/moved.sh"
        fi
    }
    if out=$(moved_test 2>&1); then
        # gcc prints the sysroot relative to itself (bin/../...): compare resolved paths.
        printed=$(printf '%s\n' "$out" | grep -m1 '/sysroot$')
        if [ -n "$printed" ] && [ "$(cd "$printed" 2>/dev/null && pwd -P)" = "$(cd "$M/$TGT/sysroot" && pwd -P)" ]; then
            pass moved-prefix-compiles-and-links
        else
            fail moved-prefix-compiles-and-links "sysroot is not the moved one: '$printed'"
        fi
        if [ -x "$M/bin/x32-run" ]; then
            case $out in *"errors=2"*) pass moved-prefix-programs-run ;; *) fail moved-prefix-programs-run "no output from the moved runner" ;; esac
        else
            skip moved-prefix-programs-run "x32-run is not installed in $PREFIX/bin"
        fi
    else
        fail moved-prefix-compiles-and-links "$(printf '%s\n' "$out" | tail -n 1)"
    fi
    [ -z "$hide_why" ] || skip moved-prefix-original-hidden "$hide_why"
    rm -rf "$M"
else
    fail moved-prefix-compiles-and-links "cannot copy $PREFIX to $M"
fi

# The C library comes from the sysroot under both of glibc's names (libc_from_sysroot.c).
if [ ! -x "$RUN" ]; then
    skip libc-from-sysroot "x32-run is not installed in $PREFIX/bin"
elif ! "$CC" -O2 -o "$T/libc-from-sysroot" "$HERE/libc_from_sysroot.c" 2> "$T/lfs.err"; then
    fail libc-from-sysroot "does not build: $(tail -n 1 "$T/lfs.err")"
else
    _want=$(cd "$PREFIX/$TGT/sysroot/libx32" && pwd -P)/libc.so.6
    _want=$(readlink -f "$_want")
    _got=$("$RUN" "$T/libc-from-sysroot" 2>&1)
    if [ "$_got" = "$(printf '%s\n%s' "$_want" "$_want")" ]; then pass libc-from-sysroot
    else fail libc-from-sysroot "want $_want twice, got: $(printf '%s\n' "$_got" | tr '\n' ' ')"; fi
fi

# What the package's README says the host needs (lib/host-needs.sh), against objdump's
# own reading of the host programs: the glibc floor is their highest GLIBC_ version,
# and they load no library but glibc's (GMP, MPFR, MPC and zlib are linked in).
if ! command -v objdump > /dev/null 2>&1; then
    skip package-readme-host-needs "no objdump (binutils) to check the README against"
else
    # shellcheck source=lib/host-needs.sh
    . "$TOP/lib/host-needs.sh"
    write_host_needs "$PREFIX" x32-sdk-test "$T/package-README.md"
    _elves=$(host_elves "$PREFIX")
    _floor=$(for _f in $_elves; do objdump -T "$_f"; done | sed -n 's/.*(GLIBC_\([0-9.]*\)).*/\1/p' | sort -V | tail -n 1)
    _libs=$(for _f in $_elves; do objdump -p "$_f"; done | awk '$1 == "NEEDED" { print $2 }' | sort -u | tr '\n' ' ')
    _other=$(printf '%s\n' $_libs | grep -v -E '^(libc|libm|libdl|libpthread|librt|libresolv|libutil)\.so\.[0-9]+$|^ld-linux-x86-64\.so\.2$' | tr '\n' ' ')
    if [ -z "$_elves" ]; then
        fail package-readme-host-needs "no host programs found in $PREFIX"
    elif [ -n "$_other" ]; then
        fail package-readme-host-needs "host programs load libraries from the host besides glibc: $_other"
    elif ! grep -q "glibc $_floor or newer" "$T/package-README.md"; then
        fail package-readme-host-needs "objdump says glibc $_floor; the README says: $(grep -m1 'glibc' "$T/package-README.md")"
    else
        pass package-readme-host-needs
        echo "the package's host needs: glibc $_floor or newer; $(printf '%s\n' $_elves | wc -l) host programs load only: $_libs"
    fi
fi

# The optional musl toolchain (issue 34).
# shellcheck source=tests/toolchain/musl.sh
. "$HERE/musl.sh"
