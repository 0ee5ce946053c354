#!/bin/sh
# vm/install.sh PREFIX: build x32-vm with the host compiler and install it as
# PREFIX/bin/x32-vm, where `x32-run --mode vm` looks first.  The guest kernel and
# initramfs it needs come from vm/step.sh (PREFIX/share/x32-sdk/vm/).
set -eu

die() { echo "vm/install.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: vm/install.sh PREFIX"
prefix=$1
here=$(cd "$(dirname "$0")" && pwd)
build=$(mktemp -d "${TMPDIR:-/tmp}/x32-vm-build.XXXXXX")
trap 'rm -rf "$build"' EXIT

make -C "$here" B="$build" CC=gcc MAKEFLAGS= "$build/x32-vm" > "$build/make.log" 2>&1 \
    || { cat "$build/make.log" >&2; die "x32-vm did not build"; }
mkdir -p "$prefix/bin"
cp "$build/x32-vm" "$prefix/bin/x32-vm.tmp"
mv "$prefix/bin/x32-vm.tmp" "$prefix/bin/x32-vm"
