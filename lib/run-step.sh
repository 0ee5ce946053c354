# shellcheck shell=sh
# lib/run-step.sh STATE NAME: run step NAME's recipe; build_step (lib/steps.sh) starts it
# with setsid, so the recipe and everything it starts (make, gcc...) form a session and
# process group of their own, which build.sh can stop as a whole on Ctrl-C (a process
# group is the only handle that also reaches processes started a moment ago). A new
# shell has none of build.sh's variables: STATE holds them, written by `set`, and the
# functions come from the same files build.sh sources.
_build_sh=$PPID  # build.sh; read before STATE, which holds build.sh's own PPID
# shellcheck disable=SC1090
. "$1"
. "$TOP/lib/log.sh"
. "$TOP/lib/sources.sh"
. "$TOP/lib/steps.sh"
. "$TOP/lib/host.sh"
set -eu
# build.sh stops this group on INT, TERM and HUP; killed with -9 it cannot, so the group
# goes down with it: a watchdog (not holding the cache lock, fd 9) polls build.sh, which
# is this shell's parent, and stops the group once build.sh is gone.
(
    while kill -0 "$_build_sh" 2>/dev/null; do sleep 0.2; done
    trap '' TERM; kill -TERM 0; sleep 10; kill -KILL 0
) 9>&- &
_watchdog=$!
trap 'kill "$_watchdog" 2>/dev/null || true' EXIT
read_step "$2"
export STAGE BUILD_DIR DESTDIR
cd "$BUILD_DIR"
# Phase marks in the step's log, so that a long log reads in parts: the recipe's
# commands before its first make are its configure phase, and each make the recipe runs
# is marked as a make or an install phase. make is a function for the recipe only
# (makefiles run their own make); the step files stay as they are (they feed the keys).
log_phase() { printf '\n=== x32-sdk step %s: %s, %s\n' "$_step_name" "$1" "$(date '+%Y-%m-%d %H:%M:%S')"; }
make() {
    _mk_phase="make"
    for _mk_arg in "$@"; do case $_mk_arg in install|install-*|install_*) _mk_phase=install ;; esac; done
    log_phase "$_mk_phase phase (make $*)"
    command make "$@"
}
_step_name=$2
log_phase "configure phase"
run_step
log_phase "recipe finished"
relocate_destdir
