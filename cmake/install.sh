#!/bin/sh
# cmake/install.sh PREFIX: install the SDK's build-system glue into a built prefix (the
# list is manifest() below). Every file finds the prefix from its own location, so they
# are plain copies: nothing here depends on PREFIX's path, and a moved prefix needs no
# reinstall. Running it again gives the same result. build.sh calls it at the end of
# every build.
#   cmake/install.sh --list          prints the manifest (source, destination, mode), for tests
#   cmake/install.sh --render SOURCE  prints SOURCE as it is installed, for tests
set -eu

die() { echo "cmake/install.sh: $*" >&2; exit 1; }

# manifest: one file a line: its name in cmake/, its place in the prefix, its mode.
manifest() {
    cat <<'LIST'
environment-setup-x86_64-linux-gnux32  environment-setup-x86_64-linux-gnux32  644
environment-setup-x86_64-linux-muslx32  environment-setup-x86_64-linux-muslx32  644
x86_64-linux-gnux32-pkg-config  bin/x86_64-linux-gnux32-pkg-config  755
x86_64-linux-gnux32-pkg-config  bin/x86_64-linux-muslx32-pkg-config  755
x86_64-linux-gnux32.cmake  share/x32-sdk/cmake/x86_64-linux-gnux32.cmake  644
x86_64-linux-muslx32.cmake  share/x32-sdk/cmake/x86_64-linux-muslx32.cmake  644
x86_64-linux-gnux32.ini  share/x32-sdk/meson/x86_64-linux-gnux32.ini  644
x86_64-linux-muslx32.ini  share/x32-sdk/meson/x86_64-linux-muslx32.ini  644
x86_64-linux-gnux32-on-path.ini  share/x32-sdk/meson/x86_64-linux-gnux32-on-path.ini  644
x86_64-linux-muslx32-on-path.ini  share/x32-sdk/meson/x86_64-linux-muslx32-on-path.ini  644
config.site  share/x32-sdk/config.site  644
cargo-config.toml  share/x32-sdk/cargo-config.toml  644
dejagnu-site.exp  share/x32-sdk/dejagnu/site.exp  644
../tests/upstream/boards/x32-run.exp  share/x32-sdk/dejagnu/boards/x32-run.exp  644
OEToolchainConfig.cmake  usr/share/cmake/OEToolchainConfig.cmake  644
x86_64-linux-gnux32-on-path.ini  usr/share/meson/x86_64-linux-gnux32-meson.cross  644
x86_64-linux-gnux32-rustc  bin/x86_64-linux-gnux32-rustc  755
x86_64-linux-gnux32-rustc  bin/x86_64-linux-gnux32-rustdoc  755
x86_64-linux-gnux32-clang  bin/x86_64-linux-gnux32-clang  755
x86_64-linux-gnux32-clang  bin/x86_64-linux-gnux32-clang++  755
x86_64-linux-gnux32-icecc.ini  share/x32-sdk/meson/x86_64-linux-gnux32-icecc.ini  644
x86_64-linux-gnux32-distcc.ini  share/x32-sdk/meson/x86_64-linux-gnux32-distcc.ini  644
x86_64-linux-gnux32-clang.ini  share/x32-sdk/meson/x86_64-linux-gnux32-clang.ini  644
x32-icecc-env  bin/x32-icecc-env  755
x32-icecc  bin/x32-icecc  755
x32-distcc  bin/x32-distcc  755
x32-distccd-setup  bin/x32-distccd-setup  755
README.md  share/x32-sdk/README-build-systems.md  644
LIST
}

# render SOURCE: the file as the prefix holds it. Most files are plain copies; the
# README's links to other parts of the checkout (../runner/README.md#...) lead nowhere in
# a prefix, which holds no checkout, so there they name the file in the x32-sdk sources.
render() {
    case $1 in
        */README.md)
            # shellcheck disable=SC2016 # backquotes are Markdown here
            sed -E -e 's@\[[^]]*\.md\]\(\.\./([^)#]+)(#[^)]*)?\)@`\1` of the x32-sdk sources@g' \
                -e 's@\[([^]]*)\]\(\.\./([^)#]+)(#[^)]*)?\)@\1 (`\2` of the x32-sdk sources)@g' "$1" ;;
        *) cat "$1" ;;
    esac
}

case ${1-} in
    --list) [ $# -eq 1 ] || die "usage: sh cmake/install.sh --list"; manifest; exit 0 ;;
    --render) [ $# -eq 2 ] && [ -f "$2" ] || die "usage: sh cmake/install.sh --render SOURCE-FILE"
              render "$2"; exit 0 ;;
esac
[ $# -eq 1 ] || die "usage: sh cmake/install.sh PREFIX  (or --list, --render FILE)"
PREFIX=$1
[ -d "$PREFIX" ] || die "the prefix $PREFIX is not a directory; build the SDK first (./build.sh)"
SRC=$(cd "$(dirname "$0")" && pwd)

# put SOURCE DEST MODE: write next to DEST, then rename, so an interrupted install never
# leaves a truncated file, and a prefix copied with hard links (cp -al) keeps its twin's
# file untouched instead of having it rewritten through the shared inode.
put() {
    mkdir -p "$(dirname "$2")" || die "cannot create $(dirname "$2")"
    render "$1" > "$2.tmp.$$" && chmod "$3" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2" \
        || { rm -f "$2.tmp.$$"; die "cannot install $2 (disk full or read-only prefix?)"; }
}

manifest | while read -r _src _dest _mode; do
    put "$SRC/$_src" "$PREFIX/$_dest" "$_mode"
done
