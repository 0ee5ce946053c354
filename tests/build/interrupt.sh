# shellcheck shell=sh
# Sourced by tests/build/run.sh. Ctrl-C during a step, delivered as a terminal does it: a
# SIGINT to build.sh's foreground process group. Nothing of the step may survive (before,
# make ignored SIGINT and outlived build.sh, holding the cache lock for minutes), and the
# next ./build.sh must start at once and build the step again; a build.sh killed with -9
# takes its step with it. The step is a fake one,
# quick to redo: a copy of the checkout whose only step file is it.

FI="$T/fake-interrupt"
one_step_checkout "$FI" slow <<'EOF'
# A step that, the first time, runs a long child process (as make runs gcc).
run_step() {
    if [ ! -f "$SLOW_MARKS/started" ]; then
        touch "$SLOW_MARKS/started"
        sleep "$SLOW_SLEEP" &
        echo $! > "$SLOW_MARKS/child"
        wait
    fi
    mkdir -p "$STAGE/share"
    echo done > "$STAGE/share/slow-step"
}
EOF
# A sleep of a length no other process here has, so that a survivor can be recognised.
SLOW_SLEEP="3$(( $$ % 1000 )).$(date +%N | cut -c1-6)"
SLOW_MARKS="$T/slow-marks"
mkdir -p "$SLOW_MARKS"
export SLOW_SLEEP SLOW_MARKS

if [ "$(sh -c 'TOP=$1; . "$1/lib/steps.sh"; all_steps' sh "$FI" 2>&1)" != slow ]; then
    fail ctrl-c-stops-the-whole-step "the fake checkout's step list is not just the fake step (lib/steps.sh changed shape?)"
else
    # build.sh leads its own process group, as a shell's foreground job does, and takes
    # SIGINT as a foreground job does: a background job of this script would start with
    # SIGINT ignored, which no shell can undo, so python3 resets it before the exec.
    X32_SDK_CACHE="$T/cache-slow" python3 -c 'import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setsid()
os.execv(sys.argv[1], sys.argv[1:])' "$FI/build.sh" --prefix "$T/p-slow" --to slow > "$T/slow1.log" 2>&1 < /dev/null &
    leader=$!
    i=0
    while [ ! -s "$SLOW_MARKS/child" ] && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    child=$(cat "$SLOW_MARKS/child" 2>/dev/null)
    kill -INT -"$leader"
    i=0
    while kill -0 "$leader" 2>/dev/null && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    if kill -0 "$leader" 2>/dev/null; then
        echo "build.sh ignored SIGINT for 30 s; stopping it with SIGTERM"
        kill -TERM "$leader"
    fi
    wait "$leader"; rc=$?
    sleep 0.5
    survivors=$(ps -eo pid=,args= | awk -v s="sleep $SLOW_SLEEP" '$2" "$3 == s { print $1 }')
    if [ -z "$child" ]; then
        fail ctrl-c-stops-the-whole-step "the fake step never started: $(tail -n 3 "$T/slow1.log" | tr '\n' ' ')"
    elif [ -n "$survivors" ]; then
        fail ctrl-c-stops-the-whole-step "the step's child $survivors outlived build.sh (exit $rc)"
    elif [ "$rc" != 130 ] || ! grep -q 'interrupted; run ./build.sh again' "$T/slow1.log"; then
        fail ctrl-c-stops-the-whole-step "exit $rc: $(tail -n 1 "$T/slow1.log")"
    else
        pass ctrl-c-stops-the-whole-step
    fi
    # At once: with survivors still there, if any (they would hold the cache lock).
    t0=$(date +%s)
    out=$(X32_SDK_CACHE="$T/cache-slow" "$FI/build.sh" --prefix "$T/p-slow" --to slow 2>&1); rc=$?
    took=$(( $(date +%s) - t0 ))
    # shellcheck disable=SC2086 # one pid a word; only the survivors this test started
    [ -z "$survivors" ] || kill $survivors 2>/dev/null
    if [ "$rc" = 0 ] && [ "$took" -lt 20 ] && [ "$(cat "$T/p-slow/share/slow-step" 2>/dev/null)" = "done" ] \
        && printf '%s\n' "$out" | grep -q '^\[1/1\] slow: built'; then
        pass ctrl-c-next-build-starts-at-once-and-resumes
    else
        fail ctrl-c-next-build-starts-at-once-and-resumes "exit $rc after $took s: $(printf '%s\n' "$out" | tail -n 1)"
    fi

    # build.sh killed with -9 cannot stop its step: the step stops itself within a second.
    rm -f "$SLOW_MARKS/started" "$SLOW_MARKS/child"
    X32_SDK_CACHE="$T/cache-slow" "$FI/build.sh" --prefix "$T/p-slow" slow > "$T/slow2.log" 2>&1 < /dev/null &
    killed=$!
    i=0
    while [ ! -s "$SLOW_MARKS/child" ] && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
    kill -KILL "$killed"; wait "$killed" 2>/dev/null
    sleep 2
    survivors=$(ps -eo pid=,args= | awk -v s="sleep $SLOW_SLEEP" '$2" "$3 == s { print $1 }')
    if [ ! -s "$SLOW_MARKS/child" ]; then fail kill-9-build-step-stops-itself "the fake step never started"
    elif [ -n "$survivors" ]; then
        fail kill-9-build-step-stops-itself "the step's child $survivors still runs 2 s after build.sh was killed"
        # shellcheck disable=SC2086 # one pid a word; only the survivors this test started
        kill $survivors 2>/dev/null
    else pass kill-9-build-step-stops-itself; fi
fi
