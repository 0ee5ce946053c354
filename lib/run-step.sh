# shellcheck shell=sh
# lib/run-step.sh STATE NAME: run step NAME's recipe; build_step (lib/steps.sh) starts it
# with setsid, so the recipe and everything it starts (make, gcc...) form a session and
# process group of their own, which build.sh can stop as a whole on Ctrl-C (a process
# group is the only handle that also reaches processes started a moment ago). A new
# shell has none of build.sh's variables: STATE holds them, written by `set`, and the
# functions come from the same files build.sh sources.
# shellcheck disable=SC1090
. "$1"
. "$TOP/lib/log.sh"
. "$TOP/lib/sources.sh"
. "$TOP/lib/steps.sh"
. "$TOP/lib/host.sh"
set -eu
read_step "$2"
export STAGE BUILD_DIR DESTDIR
cd "$BUILD_DIR"
run_step
relocate_destdir
