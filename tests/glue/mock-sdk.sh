#!/bin/sh
# tests/glue/mock-sdk.sh DIR [X32_RUN]: lay out a stand-in SDK prefix in DIR from Debian's
# own x32 compiler (gcc -mx32, packages gcc-multilib and libc6-dev-x32), with the glue of
# this checkout installed. It lets the glue be tested in seconds, before or without a full
# ./build.sh:  X32_SDK_PREFIX=DIR sh tests/glue/run.sh
# X32_RUN is the runner to copy in (default: runner/build/x32-run if built); without one
# the stand-in's x32-run refuses to run anything, and the tests that need it skip.
# It is a test fixture, not the product: compiler and libraries are the host's.
set -eu

die() { echo "tests/glue/mock-sdk.sh: $*" >&2; exit 1; }

[ $# -ge 1 ] || die "usage: sh tests/glue/mock-sdk.sh DIR [X32_RUN]"
HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
DIR=$1
RUN=${2:-$TOP/runner/build/x32-run}
T=x86_64-linux-gnux32
[ -d /usr/libx32 ] && printf 'int main(void){return 0;}\n' | gcc -mx32 -x c - -o /dev/null 2>/dev/null \
    || die "gcc -mx32 cannot link here; install gcc-multilib and libc6-dev-x32"
[ ! -e "$DIR" ] || die "$DIR exists; give a new directory"

SYSROOT="$DIR/$T/sysroot"
mkdir -p "$DIR/bin" "$DIR/share/x32-sdk" "$SYSROOT/usr/lib"
# Symlink trees, not symlinks to the host's directories: tests add files to the sysroot
# of a copy, and those must never land in the host's /usr.
cp -as /usr/libx32 "$SYSROOT/usr/libx32"
cp -as /usr/include "$SYSROOT/usr/include"
ln -s usr/libx32 "$SYSROOT/libx32"
printf '#!/bin/sh\nexec gcc -mx32 "$@"\n' > "$DIR/bin/$T-gcc"
printf '#!/bin/sh\nexec g++ -mx32 "$@"\n' > "$DIR/bin/$T-g++"
for _tool in ar as ld nm objcopy objdump ranlib readelf strip; do
    ln -s "$(command -v "$_tool")" "$DIR/bin/$T-$_tool"
done
if [ -x "$RUN" ]; then
    cp "$RUN" "$DIR/bin/x32-run"
else
    printf '#!/bin/sh\necho "x32-run (stand-in): no runner was built" >&2\nexit 127\n' > "$DIR/bin/x32-run"
fi
chmod +x "$DIR/bin/$T-gcc" "$DIR/bin/$T-g++" "$DIR/bin/x32-run"
printf '{\n  "sdk_version": "mock",\n  "target": "%s"\n}\n' "$T" > "$DIR/share/x32-sdk/build-info.json"
sh "$TOP/cmake/install.sh" "$DIR"
echo "stand-in SDK in $DIR (runner: $( [ -x "$RUN" ] && echo "$RUN" || echo none))"
