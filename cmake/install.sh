#!/bin/sh
# cmake/install.sh PREFIX: install the SDK's build-system glue into a built prefix:
#   PREFIX/environment-setup-x86_64-linux-gnux32     Yocto-style environment script
#   PREFIX/bin/x86_64-linux-gnux32-pkg-config        pkg-config limited to the sysroot
#   PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake   CMake toolchain file
#   PREFIX/share/x32-sdk/meson/x86_64-linux-gnux32.ini     Meson cross file (@DIRNAME@)
#   PREFIX/share/x32-sdk/meson/x86_64-linux-gnux32-on-path.ini  the same for older Meson
#   PREFIX/share/x32-sdk/config.site                 autoconf answers for x32
#   PREFIX/share/x32-sdk/cargo-config.toml           Cargo linker and runner
# Every file finds the prefix from its own location, so they are plain copies: nothing
# here depends on PREFIX's path, and a moved prefix needs no reinstall. Running it again
# gives the same result. build.sh calls it at the end of every build.
set -eu

die() { echo "cmake/install.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: sh cmake/install.sh PREFIX"
PREFIX=$1
[ -d "$PREFIX" ] || die "the prefix $PREFIX is not a directory; build the SDK first (./build.sh)"
SRC=$(cd "$(dirname "$0")" && pwd)

# put SOURCE DEST MODE: copy next to DEST, then rename, so an interrupted install never
# leaves a truncated file, and a prefix copied with hard links (cp -al) keeps its twin's
# file untouched instead of having it rewritten through the shared inode.
put() {
    mkdir -p "$(dirname "$2")" || die "cannot create $(dirname "$2")"
    cp "$1" "$2.tmp.$$" && chmod "$3" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2" \
        || { rm -f "$2.tmp.$$"; die "cannot install $2 (disk full or read-only prefix?)"; }
}

put "$SRC/environment-setup-x86_64-linux-gnux32" "$PREFIX/environment-setup-x86_64-linux-gnux32" 644
put "$SRC/x86_64-linux-gnux32-pkg-config" "$PREFIX/bin/x86_64-linux-gnux32-pkg-config" 755
put "$SRC/x86_64-linux-gnux32.cmake" "$PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake" 644
put "$SRC/x86_64-linux-gnux32.ini" "$PREFIX/share/x32-sdk/meson/x86_64-linux-gnux32.ini" 644
put "$SRC/x86_64-linux-gnux32-on-path.ini" "$PREFIX/share/x32-sdk/meson/x86_64-linux-gnux32-on-path.ini" 644
put "$SRC/config.site" "$PREFIX/share/x32-sdk/config.site" 644
put "$SRC/cargo-config.toml" "$PREFIX/share/x32-sdk/cargo-config.toml" 644
put "$SRC/README.md" "$PREFIX/share/x32-sdk/README-build-systems.md" 644
