#!/bin/sh
# A shell-script test: it starts the program itself, from the build directory.
set -e
out=$(./example)
case $out in
    "adler32 ok"*) echo "from_script: $out" ;;
    *) echo "from_script: unexpected output: $out"; exit 1 ;;
esac
