# shellcheck shell=sh
# apt_install: the one way the SDK's scripts (build.sh, tests/run.sh, tests/fuzz/run.sh,
# tests/fresh-host.sh) install Debian packages, and can_apt, the one test of whether they
# may. On a fresh cloud machine another apt (unattended-upgrades,
# cloud-init) often holds the dpkg lock for minutes: every apt-get here waits for it for a
# bounded time ($X32_SDK_APT_LOCK_TIMEOUT seconds, default 600), says that it waits and
# who holds it, and when the time is up names the holder and the command to run again.
# Standalone: it needs no other file of lib/, so the test scripts can source it alone.
#
# Callers may set APT_WHO (the name in messages, default the script's name) and
# APT_RERUN (the command the user should run again, default the apt-get command).

APT_LOCK_FILE=${APT_LOCK_FILE:-/var/lib/dpkg/lock-frontend}

# can_apt: we may install Debian packages ourselves (root, apt present, and not forbidden
# with X32_SDK_NO_APT=1).
can_apt() {
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && [ -z "${X32_SDK_NO_APT:-}" ]
}

# apt_lock_holder: "PID (name)" of the process holding the dpkg lock, empty when free.
# /proc/locks names the holder of an fcntl or flock lock by inode; apt may use
# open-file-description locks, which /proc/locks shows with pid -1: then the holder is
# whoever has the file open.
apt_lock_holder() {
    _al_ino=$(stat -c %i "$APT_LOCK_FILE" 2>/dev/null) || return 0
    _al_pid=$(awk -v ino="$_al_ino" '$2 != "->" { n = split($6, f, ":"); if (f[n] == ino) { print $5; exit } }' \
        /proc/locks 2>/dev/null)
    [ -n "$_al_pid" ] || return 0
    if [ "$_al_pid" = -1 ]; then
        _al_pid=""
        for _al_fd in /proc/[0-9]*/fd/*; do
            [ "$(readlink "$_al_fd" 2>/dev/null)" = "$APT_LOCK_FILE" ] || continue
            _al_pid=${_al_fd#/proc/}; _al_pid=${_al_pid%%/*}
            break
        done
        [ -n "$_al_pid" ] || { printf 'an unknown process\n'; return 0; }
    fi
    printf 'process %s (%s)\n' "$_al_pid" "$(cat "/proc/$_al_pid/comm" 2>/dev/null || echo 'gone')"
}

# apt_lock_timeout: the seconds to wait, or a one-line error and status 2.
apt_lock_timeout() {
    case ${X32_SDK_APT_LOCK_TIMEOUT:-600} in
        ''|*[!0-9]*)
            printf '%s: error: X32_SDK_APT_LOCK_TIMEOUT must be a whole number of seconds, not %s\n' \
                "${APT_WHO:-${0##*/}}" "'$X32_SDK_APT_LOCK_TIMEOUT'" >&2
            return 2 ;;
    esac
    printf '%s\n' "${X32_SDK_APT_LOCK_TIMEOUT:-600}"
}

# apt_run LOG DEADLINE ARGS...: apt-get ARGS (output appended to LOG), waiting for the locks
# until DEADLINE (seconds since the epoch). Status 0, 1 (apt-get failed: see LOG), or 3
# (the lock was still held at DEADLINE). DPkg::Lock::Timeout is apt's own wait for the dpkg
# lock; apt-get update takes the package lists' lock, which apt does not wait for, so a
# lock failure is retried here until the deadline.
apt_run() {
    _ar_log=$1; _ar_deadline=$2; shift 2
    while :; do
        _ar_left=$(( _ar_deadline - $(date +%s) ))
        [ "$_ar_left" -ge 0 ] || _ar_left=0
        _ar_mark=0; [ ! -f "$_ar_log" ] || _ar_mark=$(wc -l < "$_ar_log")
        if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout="$_ar_left" "$@" \
                >> "$_ar_log" 2>&1 < /dev/null; then
            return 0
        fi
        tail -n +"$((_ar_mark + 1))" "$_ar_log" | grep -q -e 'Could not get lock' -e 'Unable to acquire' \
            || return 1
        [ "$(date +%s)" -lt "$_ar_deadline" ] || return 3
        sleep 2
    done
}

# apt_install LOG PACKAGE...: install the packages, refreshing the package lists only when
# the first try fails (a fresh machine has none). Status 0; 1 when apt-get failed (its
# output is in LOG; the caller says so); 2 or 3 when a line saying why is already printed
# (a bad X32_SDK_APT_LOCK_TIMEOUT, or the lock was never released).
apt_install() {
    _ai_log=$1; shift
    _ai_who=${APT_WHO:-${0##*/}}
    _ai_timeout=$(apt_lock_timeout) || return 2
    _ai_t0=$(date +%s)
    _ai_deadline=$((_ai_t0 + _ai_timeout))
    _ai_holder=$(apt_lock_holder)
    _ai_waited=no
    if [ -n "$_ai_holder" ]; then
        _ai_waited=yes
        printf '%s: waiting up to %s s for the dpkg lock (%s), held by %s (X32_SDK_APT_LOCK_TIMEOUT sets the limit)\n' \
            "$_ai_who" "$_ai_timeout" "$APT_LOCK_FILE" "$_ai_holder" >&2
    fi
    _ai_rc=0
    apt_run "$_ai_log" "$_ai_deadline" install -y "$@" || _ai_rc=$?
    if [ "$_ai_rc" = 1 ]; then
        _ai_rc=0
        apt_run "$_ai_log" "$_ai_deadline" update && apt_run "$_ai_log" "$_ai_deadline" install -y "$@" \
            || _ai_rc=$?
    fi
    if [ "$_ai_rc" = 3 ]; then
        _ai_holder=$(apt_lock_holder)
        printf '%s: error: the dpkg lock (%s) is still held by %s after %s s; let it finish, then run again: %s\n' \
            "$_ai_who" "$APT_LOCK_FILE" "${_ai_holder:-another process}" "$_ai_timeout" \
            "${APT_RERUN:-apt-get install -y $*}" >&2
        return 3
    fi
    [ "$_ai_waited" = no ] || [ "$_ai_rc" != 0 ] \
        || printf '%s: got the dpkg lock after %s s\n' "$_ai_who" "$(( $(date +%s) - _ai_t0 ))" >&2
    return "$_ai_rc"
}
