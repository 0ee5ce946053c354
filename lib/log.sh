# shellcheck shell=sh
# Console output of build.sh: one line per step, errors that say what to do.

say() { printf '%s\n' "$*"; }
warn() { printf 'build.sh: warning: %s\n' "$*" >&2; }

# die MESSAGE: a one-line error that says what was wrong and what to do, exit 2.
die() {
    printf 'build.sh: error: %s\n' "$*" >&2
    exit 2
}

# human_seconds N: 75 -> 1m15s
human_seconds() {
    if [ "$1" -ge 60 ]; then printf '%dm%02ds' $(($1 / 60)) $(($1 % 60))
    else printf '%ds' "$1"; fi
}

# show_failure STEP LOG BUILDDIR: what a user needs to see when a step fails.
show_failure() {
    printf '\nbuild.sh: step %s failed. Last 40 lines of its log:\n' "$1" >&2
    printf '%s\n' '----------------------------------------------------------------' >&2
    tail -n 40 "$2" >&2
    printf '%s\n' '----------------------------------------------------------------' >&2
    printf 'Full log: %s\n' "$2" >&2
    [ -s "$2.1" ] && printf "The previous run's log: %s.1\n" "$2" >&2
    if [ -n "$3" ] && [ -d "$3" ]; then
        _cfg=$(find "$3" -name config.log -newer "$2.start" -exec ls -t {} + 2>/dev/null | head -n 1)
        [ -n "$_cfg" ] || _cfg=$(find "$3" -name config.log -exec ls -t {} + 2>/dev/null | head -n 1)
        [ -n "$_cfg" ] && printf 'Newest config.log: %s\n' "$_cfg" >&2
    fi
    printf 'Fix the cause and run ./build.sh again: it resumes at this step.\n' >&2
}
