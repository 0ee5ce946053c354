# shellcheck shell=sh
# x32-run, the runner, built with the host compiler from runner/ (see runner/README.md).
deps=""
inputs="runner"

run_step() {
    make -C "$TOP/runner" MAKEFLAGS= -j"$JOBS"
    make -C "$TOP/runner" install PREFIX="$STAGE" DESTDIR=
}
