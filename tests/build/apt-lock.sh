# shellcheck shell=sh
# Sourced by tests/build/run.sh. A busy dpkg (lib/apt.sh): every apt-get waits for the
# dpkg lock for a bounded time, says so, and names the holder when the time is up. The
# lock is held for real, the way apt holds it (an fcntl lock on /var/lib/dpkg/lock-frontend;
# flock(1) takes a different kind of lock, which apt does not see).

expect_error apt-lock-timeout-not-a-number "X32_SDK_APT_LOCK_TIMEOUT must be a whole number of seconds, not 'soon'" \
    env X32_SDK_APT_LOCK_TIMEOUT=soon "$TOP/build.sh" --prefix "$T/p-apt" list

# hold_dpkg_lock SECONDS: hold the dpkg lock in a background process; its pid in $holder
# once it holds it.
hold_dpkg_lock() {
    rm -f "$T/lock-held"
    python3 -c 'import fcntl, sys, time
f = open("/var/lib/dpkg/lock-frontend", "w")
fcntl.lockf(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(float(sys.argv[1]))' "$1" "$T/lock-held" &
    holder=$!
    _i=0
    while [ ! -f "$T/lock-held" ] && [ "$_i" -lt 100 ]; do sleep 0.1; _i=$((_i + 1)); done
}

# A package that is installed at its newest version: installing it changes nothing.
installed_newest_package() {
    for _p in make m4 coreutils util-linux gawk; do
        apt-cache policy "$_p" 2>/dev/null | awk '/Installed:/ { i = $2 } /Candidate:/ { c = $2 }
            END { exit !(i != "" && i != "(none)" && i == c) }' && { echo "$_p"; return; }
    done
}

pkg=""
if [ "$(id -u)" != 0 ]; then why="needs root to take the dpkg lock and run apt-get"
elif ! command -v apt-get >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1; then why="needs apt-get and python3"
elif [ -n "$(APT_LOCK_FILE=/var/lib/dpkg/lock-frontend sh -c '. "$1/lib/apt.sh"; apt_lock_holder' sh "$TOP")" ]; then
    why="the dpkg lock is held by another process right now"
else
    pkg=$(installed_newest_package); why="no package here is installed at its newest version (one would be upgraded)"
fi
if [ -z "$pkg" ]; then
    skip apt-lock-released-waits-and-installs "$why"
    skip apt-lock-never-released-names-holder "$why"
else
    # Released after 4 s: apt_install waits, says so, and installs.
    hold_dpkg_lock 4
    t0=$(date +%s)
    out=$(X32_SDK_APT_LOCK_TIMEOUT=120 APT_WHO=test sh -c '. "$1/lib/apt.sh"; apt_install "$2" "$3"' sh \
          "$TOP" "$T/apt-wait.log" "$pkg" 2>&1); rc=$?
    took=$(( $(date +%s) - t0 ))
    wait "$holder"
    echo "apt_install $pkg with the lock held for 4 s: exit $rc after $took s"
    case "$rc:$out" in
        0:*"waiting up to 120 s for the dpkg lock"*"held by process $holder (python3)"*"got the dpkg lock after"*)
            if [ "$took" -ge 3 ]; then pass apt-lock-released-waits-and-installs
            else fail apt-lock-released-waits-and-installs "returned after $took s, before the lock was released"; fi ;;
        *) fail apt-lock-released-waits-and-installs "exit $rc: $(printf '%s\n' "$out" | tr '\n' ' ')" ;;
    esac

    # Never released (within a 3 s limit): build.sh, needing a build tool this host lacks,
    # stops with one line naming the holder and the command to run again. (Its sources
    # never go through the host's apt: lib/debian-archive.sh.) The tool is hidden from a
    # PATH of links to everything else, so apt has a package to install, one that is
    # already at its newest version.
    tool=""
    for _tp in m4:m4 gawk:gawk bc:bc file:file patch:patch flock:util-linux; do
        [ "${_tp#*:}" = "$pkg" ] && { tool=${_tp%%:*}; break; }
    done
    for _tp in m4:m4 gawk:gawk bc:bc file:file patch:patch flock:util-linux; do
        [ -n "$tool" ] && break
        apt-cache policy "${_tp#*:}" 2>/dev/null | awk '/Installed:/ { i = $2 } /Candidate:/ { c = $2 }
            END { exit !(i != "" && i != "(none)" && i == c) }' && { tool=${_tp%%:*}; pkg=${_tp#*:}; }
    done
    if [ -z "$tool" ]; then
        skip apt-lock-never-released-names-holder "no build tool's package is installed at its newest version here"
    else
        rm -rf "$T/path-without-$tool"; mkdir -p "$T/path-without-$tool"
        for _b in /usr/local/bin/* /usr/bin/* /bin/* /usr/sbin/* /sbin/*; do
            [ "${_b##*/}" = "$tool" ] || [ -e "$T/path-without-$tool/${_b##*/}" ] || ln -s "$_b" "$T/path-without-$tool/${_b##*/}"
        done
        one_step_checkout "$T/fake-apt" nothing <<'EOF'
run_step() { :; }
EOF
        hold_dpkg_lock 60
        t0=$(date +%s)
        out=$(PATH="$T/path-without-$tool" X32_SDK_APT_LOCK_TIMEOUT=3 X32_SDK_OFFLINE=1 X32_SDK_CACHE="$T/cache-apt" \
              "$T/fake-apt/build.sh" --prefix "$T/p-apt" 2>&1); rc=$?
        took=$(( $(date +%s) - t0 ))
        kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null
        err=$(printf '%s\n' "$out" | grep 'error:')
        echo "build.sh without $tool, the lock never released: exit $rc after $took s: $err"
        want="build.sh: error: the dpkg lock (/var/lib/dpkg/lock-frontend) is still held by process $holder (python3) after 3 s; let it finish, then run again: $T/fake-apt/build.sh --prefix $T/p-apt"
        if [ "$rc" != 0 ] && [ "$err" = "$want" ] && [ "$took" -lt 60 ]; then
            pass apt-lock-never-released-names-holder
        else
            fail apt-lock-never-released-names-holder "exit $rc after $took s, error line: $err"
        fi
    fi
fi
