#!/bin/sh
# check/install.sh PREFIX: install x32-check as PREFIX/bin/x32-check, with its Python
# helpers in PREFIX/share/x32-sdk/check/. The launcher finds them (and the SDK, PREFIX)
# from its own location, so the prefix can be moved. Each part is copied to a temporary
# name first and renamed into place, so an interrupted install leaves no half copy.
set -eu

if [ $# -ne 1 ] || [ -z "$1" ]; then
    echo "usage: check/install.sh PREFIX" >&2
    exit 2
fi
prefix=$1
here=$(cd "$(dirname "$0")" && pwd)
helpers=$prefix/share/x32-sdk/check

mkdir -p "$prefix/bin" "$prefix/share/x32-sdk"
tmp=$helpers.tmp.$$
trap 'rm -rf "$tmp" "$prefix/bin/.x32-check.tmp.$$"' EXIT
mkdir -p "$tmp/x32check"
cp "$here"/x32check/*.py "$tmp/x32check/"
cp "$here/README.md" "$tmp/"
rm -rf "$helpers"
mv "$tmp" "$helpers"

cp "$here/x32-check" "$prefix/bin/.x32-check.tmp.$$"
chmod 755 "$prefix/bin/.x32-check.tmp.$$"
mv "$prefix/bin/.x32-check.tmp.$$" "$prefix/bin/x32-check"
