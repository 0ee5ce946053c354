#!/bin/sh
# tests/fresh-host.sh: the README's commands on a machine that starts with nothing installed.
#
# Makes a clean Debian root of the given release with debootstrap (minbase: no compiler,
# no Python, no QEMU) and copies this checkout's files into it. Then, by default, lays the
# built SDK prefix over /opt/x32-sdk read-only (a different path: the prefix must be
# relocatable) and runs `tests/run.sh --no-build --prefix /opt/x32-sdk SUITE...` in it with
# chroot. With --full it instead runs the README's two commands as written, `./build.sh`
# then `tests/run.sh`, the SDK build included (about 45 minutes on 2 cores). Every tool the
# suites use must come from the project's own install logic (build.sh's and tests/run.sh's
# lists): whatever they forget shows up as a FAIL or a SKIP here.
# Network- and disk-heavy (about 1.5 GB of packages); not part of tests/run.sh's default
# (tests/newer-host runs a quick variant of it). Needs root (debootstrap, chroot, mounts).
#
#   tests/fresh-host.sh [--release R] [--prefix DIR] [--root DIR] [--keep] [SUITE...]
#   tests/fresh-host.sh [--release R] --full [--root DIR] [--keep] [SUITE...]
#   tests/fresh-host.sh [--release R] --download-only
#
#   --release R   the Debian release of the root: bookworm (Debian 12, the default),
#                 trixie (Debian 13), testing or sid
#   --full        build the SDK inside the root (./build.sh), then run tests/run.sh there
#   --prefix DIR  the built SDK to test (default: out/ in this checkout; not with --full)
#   --root DIR    where the Debian root is made (default: /var/tmp/x32-sdk-fresh-host-R);
#                 it must not exist yet, and is removed afterwards unless --keep
#   --keep        leave the root (and its packages) for a look inside
#   --download-only  only fetch the base system's packages into the package cache (a
#                 check that the mirror serves debootstrap, and a head start)
#   SUITE...      the suites to run (default: docs build toolchain runner glue check
#                 examples, the ones that need neither a VM nor the upstream sources;
#                 with --full every suite, as tests/run.sh runs them)
#
# Environment: X32_SDK_DEBIAN_MIRROR (default: this machine's Debian mirror from its apt
# sources, else http://deb.debian.org/debian). Downloaded packages are kept in
# /var/cache/x32-sdk-fresh-host/R so that a second run downloads nothing; the root itself
# is always made anew. With --full the SDK's own cache is the root's ~/.cache/x32-sdk,
# empty at the start: a cold build, as a new user's. Prints the counts line of
# tests/run.sh and the time each part took; exits with tests/run.sh's status (2 when the
# root could not be made, and with --full 1 when the build failed).
set -eu

TOP=$(cd "$(dirname "$0")/.." && pwd)
ME=tests/fresh-host.sh
PREFIX=$TOP/out
ROOT=""
KEEP=no
DOWNLOAD_ONLY=no
FULL=no
RELEASE=bookworm
SUITES=""

die() { printf '%s: %s\n' "$ME" "$*" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; PREFIX=$2; shift ;;
        --root) [ $# -ge 2 ] || die "--root needs a directory"; ROOT=$2; shift ;;
        --keep) KEEP=yes ;;
        --full) FULL=yes ;;
        --release) [ $# -ge 2 ] || die "--release needs a Debian release: bookworm, trixie, testing or sid"; RELEASE=$2; shift ;;
        --download-only) DOWNLOAD_ONLY=yes ;;
        -h|--help) sed -n '2,38p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option '$1'; see $ME --help" ;;
        *) SUITES="$SUITES $1" ;;
    esac
    shift
done
case $RELEASE in
    bookworm) RELEASE_NAME="Debian 12" ;;
    trixie) RELEASE_NAME="Debian 13" ;;
    testing|forky) RELEASE_NAME="Debian testing" ;;
    sid|unstable) RELEASE_NAME="Debian sid" ;;
    *) die "--release $RELEASE: not a release this script knows; give bookworm, trixie, testing or sid" ;;
esac
[ "$FULL" = no ] || [ "$PREFIX" = "$TOP/out" ] || die "--full builds its own SDK inside the root; leave out --prefix"
[ "$FULL" = yes ] || SUITES=${SUITES:-" docs build toolchain runner glue check examples"}
ROOT=${ROOT:-/var/tmp/x32-sdk-fresh-host-$RELEASE}
DEBS=/var/cache/x32-sdk-fresh-host/$RELEASE

[ "$(id -u)" = 0 ] || die "needs root (debootstrap, chroot and mounts); run it with sudo"
command -v apt-get > /dev/null 2>&1 || die "needs apt-get to install debootstrap (a Debian or Ubuntu host)"
case $PREFIX in /*) ;; *) PREFIX=$(pwd)/$PREFIX ;; esac
case $ROOT in /*) ;; *) ROOT=$(pwd)/$ROOT ;; esac
[ "$DOWNLOAD_ONLY" = yes ] || [ "$FULL" = yes ] || [ -f "$PREFIX/share/x32-sdk/build-info.json" ] \
    || die "no complete SDK in $PREFIX (no share/x32-sdk/build-info.json); run ./build.sh first, or give --prefix"
case $ROOT in /|/var|/var/tmp|/tmp|"$TOP"|"$TOP"/*) die "refusing --root $ROOT: give a folder of its own" ;; esac
[ ! -e "$ROOT" ] || die "$ROOT already exists; remove it (after unmounting anything in it) or give another --root"

# The mirror this machine itself uses, so that the root gets the same Debian.
CACHE=/nonexistent  # lib/debian-archive.sh wants one; only its mirror lookup is used here
. "$TOP/lib/log.sh"
. "$TOP/lib/debian-archive.sh"
mirror=$(debian_mirror)
security=$(debian_security_mirror)

LOG=$ROOT.log
: > "$LOG" || die "cannot write $LOG"
started=$(date +%s)
mmss() { printf '%dm%02ds' $(( $1 / 60 )) $(( $1 % 60 )); }

# shellcheck disable=SC2317 # unmount_all and cleanup run from the EXIT trap
# unmount_all: every mount below the root, deepest first. Nothing may be removed while
# one is left: a bind mount would take the real files with it.
unmount_all() {
    awk -v r="$ROOT" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/self/mounts \
        | sort -r | while read -r _m; do umount "$_m" 2>/dev/null || umount -l "$_m"; done
}
# shellcheck disable=SC2317
cleanup() {
    unmount_all
    if awk -v r="$ROOT" '$2 == r || index($2, r "/") == 1 { f = 1 } END { exit !f }' /proc/self/mounts; then
        echo "$ME: something is still mounted under $ROOT; left it in place" >&2
    elif [ "$KEEP" = no ]; then
        rm -rf "$ROOT"
    else
        echo "$ME: the root is kept in $ROOT"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

if ! command -v debootstrap > /dev/null 2>&1; then
    echo "== installing debootstrap"
    . "$TOP/lib/apt.sh"
    APT_WHO=$ME APT_RERUN="$ME (with the same arguments)" apt_install "$LOG" debootstrap \
        || die "could not install debootstrap (see $LOG)"
fi

mkdir -p "$DEBS"
if [ "$DOWNLOAD_ONLY" = yes ]; then
    echo "== fetching the $RELEASE_NAME base system from $mirror into $DEBS (log: $LOG)"
    debootstrap --download-only --variant=minbase --cache-dir="$DEBS" "$RELEASE" "$ROOT" "$mirror" >> "$LOG" 2>&1 \
        || die "debootstrap --download-only failed (see the end of $LOG); is $mirror reachable?"
    _n=0
    for _deb in "$DEBS"/*.deb; do [ -e "$_deb" ] && _n=$((_n + 1)); done
    echo "fresh host: $_n packages in $DEBS after $(( $(date +%s) - started ))s"
    exit 0
fi
echo "== making a $RELEASE_NAME ($RELEASE) root in $ROOT from $mirror (log: $LOG)"
debootstrap --variant=minbase --cache-dir="$DEBS" "$RELEASE" "$ROOT" "$mirror" >> "$LOG" 2>&1 \
    || die "debootstrap failed (see the end of $LOG); is $mirror reachable?"
# The sources a new machine of that release has (testing and sid have no -updates, and
# their security archive is not needed for a test).
case $RELEASE in
    bookworm|trixie) printf 'deb %s %s main\ndeb %s %s-updates main\ndeb %s %s-security main\n' \
        "$mirror" "$RELEASE" "$mirror" "$RELEASE" "$security" "$RELEASE" ;;
    *) printf 'deb %s %s main\n' "$mirror" "$RELEASE" ;;
esac > "$ROOT/etc/apt/sources.list"
rm -f "$ROOT/etc/apt/sources.list.d/debian.sources"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# Package scripts must not start services in the root.
printf '#!/bin/sh\nexit 101\n' > "$ROOT/usr/sbin/policy-rc.d"
chmod 755 "$ROOT/usr/sbin/policy-rc.d"
chmod 1777 "$ROOT/tmp"
t_root=$(date +%s)
missing_before=""
for _c in gcc make python3 cmake pahole qemu-system-x86_64 runtest meson shellcheck zsh; do
    [ -x "$ROOT/usr/bin/$_c" ] && missing_before="$missing_before $_c"
done
[ -z "$missing_before" ] || die "the new root already has$missing_before: it is not a fresh machine"

echo "== copying the checkout to /src/x32-sdk and the SDK to /opt/x32-sdk"
mkdir -p "$ROOT/src/x32-sdk" "$ROOT/opt/x32-sdk"
if git -C "$TOP" rev-parse --git-dir > /dev/null 2>&1; then
    # The files of the checkout as they are now, committed or not; no build output.
    (cd "$TOP" && git ls-files -z -co --exclude-standard | tar --null -T - -cf -) \
        | tar -C "$ROOT/src/x32-sdk" -xf -
else
    (cd "$TOP" && tar --exclude=./out --exclude=./.git -cf - .) | tar -C "$ROOT/src/x32-sdk" -xf -
fi
# The root is a mount point of its own, as / is on a real machine: `unshare -m
# --propagation private` (the distcc daemon's private /usr/lib/distcc) changes /'s
# propagation, which fails where / is only a folder of the host's root.
mount --bind "$ROOT" "$ROOT"
mount --make-private "$ROOT"
if [ "$FULL" = no ]; then
    mount --bind "$PREFIX" "$ROOT/opt/x32-sdk"
    mount -o remount,bind,ro "$ROOT/opt/x32-sdk"
fi
mount -t proc proc "$ROOT/proc"
mount -t sysfs sysfs "$ROOT/sys"
mount --rbind /dev "$ROOT/dev"
mount --make-rslave "$ROOT/dev"
mount --bind "$DEBS" "$ROOT/var/cache/apt/archives"
t_copy=$(date +%s)

status=0
# in_root COMMAND: COMMAND in the checkout inside the root, as a new user's shell would.
in_root() {
    env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 TERM=dumb chroot "$ROOT" sh -c "cd /src/x32-sdk && $1"
}
t_build=$t_copy
if [ "$FULL" = yes ]; then
    echo "== ./build.sh (in the root; log: $ROOT.build.log)"
    in_root './build.sh' > "$ROOT.build.log" 2>&1 || status=$?
    t_build=$(date +%s)
    grep -E '^\[[0-9]+/[0-9]+\]|^Built|error' "$ROOT.build.log" || true
    if [ "$status" != 0 ]; then
        printf 'fresh host: %s: ./build.sh failed (exit %s) after %s; see %s\n' "$RELEASE_NAME" \
            "$status" "$(mmss $((t_build - t_copy)))" "$ROOT.build.log"
        echo "0 passed, 1 failed"
        exit 1
    fi
    echo "== tests/run.sh$SUITES (in the root)"
    # shellcheck disable=SC2086 # one word per suite
    in_root "exec tests/run.sh$SUITES" > "$ROOT.tests.log" 2>&1 || status=$?
else
    echo "== tests/run.sh --no-build --prefix /opt/x32-sdk$SUITES (in the root)"
    in_root "exec tests/run.sh --no-build --prefix /opt/x32-sdk$SUITES" > "$ROOT.tests.log" 2>&1 || status=$?
fi
t_tests=$(date +%s)
grep -E '^(FAIL|SKIP) |^== installing|could not install|missing' "$ROOT.tests.log" || true
counts=$(tail -n 1 "$ROOT.tests.log")
printf '\nfresh host: %s (exit %s)\n' "$counts" "$status"
printf 'fresh host: %s: root %s, copy %s, build %s, test command (its installs included) %s; %s in all\n' \
    "$RELEASE_NAME" "$(mmss $((t_root - started)))" "$(mmss $((t_copy - t_root)))" \
    "$(mmss $((t_build - t_copy)))" "$(mmss $((t_tests - t_build)))" "$(mmss $((t_tests - started)))"
printf 'fresh host: full output in %s\n' "$ROOT.tests.log"
exit "$status"
