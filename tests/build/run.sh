#!/bin/sh
# build.sh itself: bad input gets a one-line error and a non-zero exit, never a prefix
# that looks complete; interrupted builds resume; the step cache restores a fresh prefix;
# downloads are verified; a busy dpkg, a newer Debian source package, Ctrl-C and odd
# paths (apt-lock.sh, debian-sources.sh, interrupt.sh, paths.sh); the step order comes
# from the step files (step-order.sh); a step's log keeps the previous run's and marks
# its phases (step-log.sh); ./build.sh key names the SDK (key.sh). Scenarios that would
# build for real use a private cache and the cheapest step (linux-headers), so this suite
# takes about three minutes.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
suite_setup build
T=$TEST_TMP
# This suite tests a built SDK: no default.
PREFIX=${X32_SDK_PREFIX:?X32_SDK_PREFIX is not set: run this through tests/run.sh}
unset LIBRARY_PATH

# expect_error NAME WANTED-TEXT CMD...: CMD must exit non-zero and print WANTED-TEXT.
expect_error() {
    _n=$1; _want=$2; shift 2
    _out=$("$@" 2>&1); _rc=$?
    if [ "$_rc" = 0 ]; then fail "$_n" "exited 0"; return; fi
    case $_out in
        *"$_want"*) pass "$_n" ;;
        *) fail "$_n" "exit $_rc without '$_want': $(printf '%s\n' "$_out" | tail -n 1)" ;;
    esac
}

# A copy of the recipes whose pins a test may edit; it shares nothing with the checkout.
fake_checkout() {
    rm -rf "$1"; mkdir -p "$1"
    cp -a "$TOP/build.sh" "$TOP/lib" "$TOP/toolchain" "$TOP/sysroot" "$1/"
    # The runner step's key covers its sources, so copy them (not its build output).
    (cd "$TOP" && tar -cf - --exclude=runner/build runner) | (cd "$1" && tar -xf -)
    # The VM step's key covers vm/'s guest sources.
    (cd "$TOP" && tar -cf - --exclude=vm/build vm) | (cd "$1" && tar -xf -)
}

# one_step_checkout DIR NAME: a fake checkout whose only step is toolchain/steps/NAME.sh
# (lib/steps.sh finds the steps by their files), with no deps or pins and the rest of the
# step file (a comment and run_step) read from stdin.
one_step_checkout() {
    fake_checkout "$1"
    rm -f "$1"/toolchain/steps/*.sh "$1"/sysroot/steps/*.sh "$1"/*/step.sh "$1"/*/steps/*.sh
    { printf 'deps=""\npins=""\n'; cat; } > "$1/toolchain/steps/$2.sh"
}

# --- command line ----------------------------------------------------------------------
expect_error unknown-option "unknown option '--frobnicate'" "$TOP/build.sh" --frobnicate
expect_error unknown-step "unknown step or action 'glibcc'" "$TOP/build.sh" glibcc
expect_error unknown-from-step "unknown step 'nope'" "$TOP/build.sh" --from nope
expect_error jobs-not-a-number "whole number" "$TOP/build.sh" -j lots
expect_error jobs-zero "whole number" "$TOP/build.sh" -j 0
expect_error prefix-missing-argument "--prefix needs a directory" "$TOP/build.sh" --prefix

# --- environment -----------------------------------------------------------------------
expect_error hostile-LD_LIBRARY_PATH "LD_LIBRARY_PATH is set" env LD_LIBRARY_PATH=/usr/lib "$TOP/build.sh" list
expect_error hostile-CPATH "CPATH is set" env CPATH=/usr/include "$TOP/build.sh" list
expect_error hostile-GCC_EXEC_PREFIX "GCC_EXEC_PREFIX is set" env GCC_EXEC_PREFIX=/x/ "$TOP/build.sh" list

# --- prefix that cannot be written -----------------------------------------------------
touch "$T/a-file"
expect_error prefix-below-a-file "cannot write to the prefix" "$TOP/build.sh" --prefix "$T/a-file/sdk" list
if [ "$(id -u)" = 0 ]; then
    mkdir -p "$T/ro"
    if mount -t tmpfs -o ro,size=1m none "$T/ro" 2>/dev/null; then
        expect_error prefix-read-only "cannot write to the prefix" "$TOP/build.sh" --prefix "$T/ro/sdk" list
        umount "$T/ro"
    else
        skip prefix-read-only "cannot mount a read-only tmpfs here"
    fi
else
    skip prefix-read-only "needs root to mount a read-only file system (root bypasses permissions)"
fi

# --- sources: missing, corrupt, downloaded from a mirror -------------------------------
F="$T/fake"
fake_checkout "$F"
pin="$F/toolchain/binutils.pin"
sed -i 's|^deb_file=.*|deb_file=/nonexistent/binutils-2.40.tar.xz|; s|^deb_package=.*|deb_package=|; s|^url=.*|url=|' "$pin"
tarball=$(sed -n 's/^tarball=//p' "$pin")
want=$(sed -n 's/^sha256=//p' "$pin")
export X32_SDK_NO_APT=1 X32_SDK_OFFLINE=1
expect_error missing-tarball "source tarball $tarball not found" \
    env X32_SDK_CACHE="$T/cache-missing" "$F/build.sh" --prefix "$T/p-missing" sources

mkdir -p "$T/bad-sources"
head -c 100000 /dev/urandom > "$T/bad-sources/$tarball"
out=$(X32_SDK_CACHE="$T/cache-corrupt" "$F/build.sh" --prefix "$T/p-corrupt" --sources "$T/bad-sources" binutils 2>&1)
rc=$?
got=$(sha256sum "$T/bad-sources/$tarball" | cut -d' ' -f1)
case "$rc:$out" in
    0:*) fail corrupt-tarball-stops "exited 0" ;;
    *"hash mismatch for $T/bad-sources/$tarball: expected sha256 $want, got $got"*) pass corrupt-tarball-stops ;;
    *) fail corrupt-tarball-stops "no hash-mismatch line with both hashes: $(printf '%s\n' "$out" | grep -m1 -i mismatch)" ;;
esac
if [ -n "$(find "$T/cache-corrupt/src" -maxdepth 1 -name 'binutils*' 2>/dev/null)" ]; then fail corrupt-tarball-nothing-extracted "a binutils tree was extracted"
elif [ -e "$T/p-corrupt/bin/x86_64-linux-gnux32-as" ] || [ -e "$T/p-corrupt/share/x32-sdk/steps/binutils.key" ]; then
    fail corrupt-tarball-nothing-extracted "something was installed into the prefix"
else pass corrupt-tarball-nothing-extracted; fi

# A mirror on loopback serving the pinned tarball (and then a corrupt one).
real_tarball=$(sed -n 's/^deb_file=//p' "$TOP/toolchain/binutils.pin")
if [ -f "$real_tarball" ] && command -v python3 >/dev/null 2>&1; then
    mkdir -p "$T/mirror"
    ln -s "$real_tarball" "$T/mirror/$tarball"
    port=$((20000 + $$ % 20000))
    (cd "$T/mirror" && exec python3 -m http.server "$port" --bind 127.0.0.1) > "$T/mirror.log" 2>&1 &
    server=$!
    # Wait until the server accepts connections (Python can take seconds to start under load).
    python3 -c "import socket, sys, time
for _ in range(100):
    try: socket.create_connection(('127.0.0.1', $port), 0.2).close(); sys.exit(0)
    except OSError: time.sleep(0.1)
sys.exit(1)" || echo "the loopback mirror on port $port did not start; see $T/mirror.log"
    out=$(X32_SDK_MIRROR="http://127.0.0.1:$port" X32_SDK_CACHE="$T/cache-mirror" \
          "$F/build.sh" --prefix "$T/p-mirror" sources 2>&1)
    if [ $? = 0 ] && [ -f "$T/cache-mirror/sources/$tarball" ] \
        && [ "$(sha256sum < "$T/cache-mirror/sources/$tarball" | cut -d' ' -f1)" = "$want" ]; then
        pass download-from-mirror-verified
    else
        fail download-from-mirror-verified "$(printf '%s\n' "$out" | tail -n 1)"
    fi
    rm "$T/mirror/$tarball"; head -c 5000 /dev/urandom > "$T/mirror/$tarball"
    expect_error download-corrupt-stops "hash mismatch" env X32_SDK_MIRROR="http://127.0.0.1:$port" \
        X32_SDK_CACHE="$T/cache-mirror2" "$F/build.sh" --prefix "$T/p-mirror2" sources
    kill "$server" 2>/dev/null
else
    skip download-from-mirror-verified "needs $real_tarball (binutils-source) and python3 for a loopback mirror"
fi
unset X32_SDK_NO_APT X32_SDK_OFFLINE

# --- an interrupted step resumes; a full disk fails cleanly ------------------------------
C="$T/cache-int"; P="$T/p-int"
X32_SDK_CACHE="$C" setsid "$TOP/build.sh" --prefix "$P" linux-headers > "$T/int1.log" 2>&1 < /dev/null &
leader=$!
sleep 4
kill -9 "-$leader" 2>/dev/null || echo "could not kill the process group $leader"; wait "$leader" 2>/dev/null
sleep 1
if [ -e "$P/share/x32-sdk/steps/linux-headers.key" ] || [ -e "$P/share/x32-sdk/build-info.json" ]; then
    fail killed-build-leaves-no-stamp "the prefix claims the killed step finished"
else
    pass killed-build-leaves-no-stamp
fi
out=$(X32_SDK_CACHE="$C" "$TOP/build.sh" --prefix "$P" linux-headers 2>&1) ; rc=$?
if [ "$rc" = 0 ] && [ -f "$P/x86_64-linux-gnux32/sysroot/usr/include/asm/unistd_x32.h" ] \
    && [ -f "$P/share/x32-sdk/steps/linux-headers.key" ]; then
    pass rerun-after-kill-completes
else
    fail rerun-after-kill-completes "exit $rc: $(printf '%s\n' "$out" | tail -n 1)"
fi
if [ "$(id -u)" = 0 ]; then
    mkdir -p "$T/full"
    if mount -t tmpfs -o size=512k none "$T/full" 2>/dev/null; then
        out=$(X32_SDK_CACHE="$C" "$TOP/build.sh" --prefix "$T/full/sdk" linux-headers 2>&1); rc=$?
        if [ "$rc" != 0 ] && [ ! -e "$T/full/sdk/share/x32-sdk/steps/linux-headers.key" ]; then
            case $out in *"disk full"*|*"No space left"*) pass full-disk-fails-cleanly ;;
                *) fail full-disk-fails-cleanly "error does not mention the full disk: $(printf '%s\n' "$out" | tail -n 1)" ;; esac
        else
            fail full-disk-fails-cleanly "exit $rc and stamp present=$([ -e "$T/full/sdk/share/x32-sdk/steps/linux-headers.key" ] && echo yes || echo no)"
        fi
        umount "$T/full"
    else
        skip full-disk-fails-cleanly "cannot mount a small tmpfs here"
    fi
else
    skip full-disk-fails-cleanly "needs root to mount a small tmpfs"
fi

# --- a busy dpkg, Debian's moving archive, Ctrl-C, odd paths (each in its own file) -------
. "$HERE/apt-lock.sh"
. "$HERE/debian-sources.sh"
. "$HERE/source-packages.sh"
. "$HERE/interrupt.sh"
. "$HERE/step-order.sh"
. "$HERE/step-log.sh"
. "$HERE/paths.sh"

# --- the real SDK: no-op re-run, restore into a fresh prefix, what a change rebuilds ------
expect_error package-incomplete-sdk "not complete" "$TOP/build.sh" --prefix "$T/p-int" package
t0=$(date +%s%N)
out=$("$TOP/build.sh" --prefix "$PREFIX" 2>&1); rc=$?
t1=$(date +%s%N)
echo "no-op re-run took $(( (t1 - t0) / 1000000 )) ms"
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q -e 'building' -e 'restored'; then
    pass noop-rerun-builds-nothing
else
    fail noop-rerun-builds-nothing "exit $rc: $(printf '%s\n' "$out" | grep -m1 -e building -e restored)"
fi
# ./build.sh key, --version and the package's name (the key must be the prefix's now).
. "$HERE/key.sh"
t0=$(date +%s)
out=$("$TOP/build.sh" --prefix "$T/fresh" 2>&1); rc=$?
echo "restore of a fresh prefix from the step cache took $(( $(date +%s) - t0 )) s"
if [ "$rc" = 0 ] && ! printf '%s\n' "$out" | grep -q 'building' \
    && printf 'int main(void){return 0;}\n' | "$T/fresh/bin/x86_64-linux-gnux32-gcc" -x c - -o "$T/fresh-a.out"; then
    pass fresh-prefix-restored-from-cache
else
    fail fresh-prefix-restored-from-cache "exit $rc: $(printf '%s\n' "$out" | grep -m1 -e building -e error)"
fi
rm -rf "$T/fresh"

# A new glibc patch must rebuild glibc and what follows it, and nothing before it.
fake_checkout "$F"
mkdir -p "$F/sysroot/patches/glibc-$(sed -n 's/^version=//p' "$F/sysroot/glibc.pin")"
printf 'Why: a test of what a new patch rebuilds.\n' > "$F/sysroot/patches/glibc-2.36/0001-test.patch"
out=$("$F/build.sh" --prefix "$PREFIX" list 2>&1)
state() { printf '%s\n' "$out" | awk -v s="$1" '$1 == s { $1 = ""; sub(/^ /, ""); print }'; }
ok=yes
for s in binutils linux-headers gcc-compiler runner; do [ "$(state $s)" = built ] || ok="no: $s is '$(state $s)'"; done
for s in glibc-headers libgcc glibc gcc-libs; do [ "$(state $s)" = "to build" ] || ok="no: $s is '$(state $s)'"; done
[ "$ok" = yes ] && pass glibc-patch-rebuilds-only-glibc-and-later || fail glibc-patch-rebuilds-only-glibc-and-later "$ok"
