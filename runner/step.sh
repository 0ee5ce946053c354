# shellcheck shell=sh
# x32-run, the runner, built with the host compiler from runner/ (see runner/README.md).
deps=""
# The sources and their Makefile: docs and the fuzz corpus do not change the binary.
inputs="runner/src runner/preload runner/Makefile runner/x32-gdb"

run_step() {
    make -C "$TOP/runner" MAKEFLAGS= -j"$JOBS"
    make -C "$TOP/runner" install PREFIX="$STAGE" DESTDIR=
}
