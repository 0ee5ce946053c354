# shellcheck shell=sh
# tests/distribute/daemons.sh: start and stop the suite's icecream and distcc daemons, on
# loopback, with ports, folders and an icecream network name of their own, so that
# nothing running on the host (a real scheduler, iceccd or distccd) sees them or is
# seen. Sourced by run.sh (TEST_TMP, LOGS, PREFIX, T come from there).
# shellcheck disable=SC2154

D="$TEST_TMP/daemons"
DAEMON_PIDS=""   # every daemon started, for stop_daemons

# free_port_base: a base port B such that B..B+9 are all free on this machine.
free_port_base() {
    _b=$(( 20000 + ($$ * 7) % 30000 ))
    _used=$(ss -Htanu 2>/dev/null | awk '{ n = split($5, a, ":"); print a[n] }')
    while :; do
        _clash=no
        for _i in 0 1 2 3 4 5 6 7 8 9; do
            printf '%s\n' "$_used" | grep -qx "$((_b + _i))" && { _clash=yes; break; }
        done
        [ "$_clash" = no ] && { echo "$_b"; return; }
        _b=$((_b + 10))
    done
}
PORT=$(free_port_base)
NETNAME="x32sdktest$$"

# stop_daemons: TERM every daemon and its process group, then KILL what is left after
# 5 s; runs on exit, failure and Ctrl-C (run.sh's trap), and more than once harmlessly.
stop_daemons() {
    [ -n "$DAEMON_PIDS" ] || return 0
    for _p in $DAEMON_PIDS; do kill -TERM "$_p" 2>/dev/null; kill -TERM -- "-$_p" 2>/dev/null; done
    _w=0
    while [ "$_w" -lt 50 ]; do
        _alive=""
        for _p in $DAEMON_PIDS; do kill -0 "$_p" 2>/dev/null && _alive="$_alive $_p"; done
        [ -n "$_alive" ] || break
        sleep 0.1; _w=$((_w + 1))
    done
    for _p in $DAEMON_PIDS; do kill -KILL "$_p" 2>/dev/null; kill -KILL -- "-$_p" 2>/dev/null; done
    for _p in $DAEMON_PIDS; do wait "$_p" 2>/dev/null; done
    DAEMON_PIDS=""
}

# started PID: remember a daemon (each is started with setsid, so PID leads its group).
started() { DAEMON_PIDS="$DAEMON_PIDS $1"; }

# wait_for_first_object DIR: return once a build under DIR has written its first .o, or
# after 10 s, so that a daemon is killed in mid-build rather than before it began (the
# caller's assertions accept either outcome of the build, each engine its own).
wait_for_first_object() {
    _w=0
    while [ "$_w" -lt 100 ] && ! find "$1" -name '*.o' | grep -q .; do sleep 0.1; _w=$((_w + 1)); done
}

# ---- icecream ----------------------------------------------------------------------
# The scheduler on PORT (and PORT+1), the daemons on PORT+3 (client side, no remote
# jobs) and PORT+4 (takes the jobs). ICECC_TESTS=1 keeps broadcasts on loopback.
ICE_ENV="ICECC_TESTS=1 ICECC_TEST_SCHEDULER_PORTS=$PORT:$((PORT + 2))"

# ice_flush: iceccd and the scheduler buffer their logs; SIGHUP writes them out.
# start_icecc and start_distcc run in this shell (not in $(...), whose pipe the daemons
# would hold open) and print why they failed; run.sh sends that to a file.
ice_flush() {
    for _n in scheduler local remote; do
        [ -f "$D/ice-$_n.pid" ] && kill -HUP "$(cat "$D/ice-$_n.pid")" 2>/dev/null
    done
    sleep 0.3
}

start_icecc() {
    mkdir -p "$D/envs-local" "$D/envs-remote"
    rm -f "$D"/ice-*.log  # a second start must not read the first one's "Connected"
    # The daemons write as the icecc user: their folder must be reachable and theirs.
    chmod 755 "$TEST_TMP"; chown icecc: "$D" "$D/envs-local" "$D/envs-remote" 2>/dev/null
    # shellcheck disable=SC2086 # ICE_ENV is words of NAME=VALUE
    env $ICE_ENV setsid icecc-scheduler -p "$PORT" -n "$NETNAME" -l "$D/ice-scheduler.log" -vvv \
        > "$D/ice-scheduler.out" 2>&1 < /dev/null &
    echo $! > "$D/ice-scheduler.pid"; started $!
    for _n in local remote; do
        _opt=""; _p=$((PORT + 3))
        [ "$_n" = local ] && _opt=--no-remote
        [ "$_n" = remote ] && _p=$((PORT + 4))
        # shellcheck disable=SC2086
        env $ICE_ENV ICECC_TEST_SOCKET="$D/ice-$_n.socket" ICECC_SCHEDULER=":$PORT" \
            setsid iceccd $_opt -m 2 -p "$_p" -n "$NETNAME" -N "$_n" -b "$D/envs-$_n" \
            -l "$D/ice-$_n.log" -vvv > "$D/ice-$_n.out" 2>&1 < /dev/null &
        echo $! > "$D/ice-$_n.pid"; started $!
    done
    # Ready when both daemons are connected to the scheduler (a few seconds). SIGHUP,
    # which flushes their logs, kills a daemon that has not yet set up its handlers.
    sleep 1
    _w=0
    while [ "$_w" -lt 20 ]; do
        ice_flush
        if grep -q 'Connected to scheduler' "$D/ice-local.log" 2>/dev/null \
            && grep -q 'Connected to scheduler' "$D/ice-remote.log" 2>/dev/null; then
            grep -q 'Cannot use chroot' "$D/ice-remote.log" && { echo "iceccd cannot chroot here, so it takes no remote jobs"; return 1; }
            return 0
        fi
        for _n in scheduler local remote; do
            kill -0 "$(cat "$D/ice-$_n.pid")" 2>/dev/null || { echo "icecream's $_n exited at start: $(tail -n 1 "$D/ice-$_n.log" 2>/dev/null)"; return 1; }
        done
        sleep 0.5; _w=$((_w + 1))
    done
    echo "the icecream daemons did not log in at the scheduler within 10 s (see $D/ice-*.log)"
    return 1
}

# The client's settings for the forced remote path: through the local daemon's socket,
# the job always remote (even to 127.0.0.1) and on the daemon named remote.
ice_client_env() {
    export ICECC_TEST_SOCKET="$D/ice-local.socket" ICECC_TEST_REMOTEBUILD=1 \
        ICECC_PREFERRED_HOST=remote ICECC_DEBUG=debug ICECC_LOGFILE="$D/icecc-client.log"
}

# ---- distcc ------------------------------------------------------------------------
# distccd on 127.0.0.1:PORT+6, in a mount namespace of its own where /usr/lib/distcc is a
# private copy: x32-distccd-setup --links-only adds the SDK's whitelist links there, and
# the host's /usr/lib/distcc never changes.
DCC_PORT=$((PORT + 6))

start_distcc() {
    mkdir -p "$D/distcc-whitelist" "$D/distcc-client"
    : > "$D/distccd.log"; chmod 666 "$D/distccd.log"; chmod 755 "$TEST_TMP" "$D"
    cat > "$D/distccd.sh" <<SH
cp -a /usr/lib/distcc/. "$D/distcc-whitelist/" && mount --bind "$D/distcc-whitelist" /usr/lib/distcc || exit 3
"$PREFIX/bin/x32-distccd-setup" --links-only --listen 127.0.0.1 --port $DCC_PORT > "$D/distccd-setup.out" 2>&1 || exit 4
ls /usr/lib/distcc > "$D/distcc-whitelist.seen"
path=\$(sed -n 's/^Start the helper with: DISTCCD_PATH=\([^ ]*\) .*/\1/p' "$D/distccd-setup.out")
[ -n "\$path" ] || exit 5
DISTCCD_PATH=\$path exec distccd --no-detach --daemon --listen 127.0.0.1 --port $DCC_PORT \
    --allow 127.0.0.1/32 --jobs 2 --log-file "$D/distccd.log" --verbose
SH
    setsid unshare -m --propagation private sh "$D/distccd.sh" > "$D/distccd.out" 2>&1 < /dev/null &
    echo $! > "$D/distccd.pid"; started $!
    _w=0
    while [ "$_w" -lt 20 ]; do
        grep -q 'daemon started' "$D/distccd.log" 2>/dev/null && return 0
        kill -0 "$(cat "$D/distccd.pid")" 2>/dev/null \
            || { echo "distccd exited at start: $(cat "$D/distccd-setup.out" "$D/distccd.out" 2>/dev/null | tail -n 1)"; return 1; }
        sleep 0.5; _w=$((_w + 1))
    done
    echo "distccd did not start within 10 s (see $D/distccd.log)"
    return 1
}

# The client's settings: only this distccd, no local fallback, no retry on this machine,
# and a state folder of its own (a host marked down elsewhere is not marked down here).
# Not DISTCC_BACKOFF_PERIOD=0: distcc 3.4 then retries a dead host without end, leaking
# a socket each time, until glibc aborts it ("bit out of range 0 - FD_SETSIZE").
dcc_client_env() {
    export DISTCC_HOSTS="127.0.0.1:$DCC_PORT/4" DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1 \
        DISTCC_DIR="$D/distcc-client"
}
