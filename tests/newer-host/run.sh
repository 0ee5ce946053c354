#!/bin/sh
# tests/newer-host/run.sh: the SDK on a newer Debian than the one it was built on, as a
# new user there would meet it. A fresh Debian 13 root (debootstrap minbase, nothing
# installed by hand) gets this checkout and the built prefix, and runs the toolchain,
# runner and glue suites there with that release's compiler (GCC 14): the runner suite's
# trap-path cases build x32-run with it, -Werror on, and run an x32 program with that
# runner. It is tests/fresh-host.sh's quick variant; `tests/fresh-host.sh --release
# trixie --full` (or testing) is the full one, the SDK build included (see tests/README.md).
#
# Environment: X32_NEWER_HOST_RELEASE (default trixie; testing and sid work too),
# X32_NEWER_HOST_SUITES (default "toolchain runner glue").
# Needs root (debootstrap, chroot, mounts) and Debian's archive; the base system's
# packages are kept in /var/cache/x32-sdk-fresh-host/RELEASE, so a second run downloads
# nothing. Every case the root's run reports appears here as RELEASE/NAME.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
suite_setup newer-host
PREFIX=${X32_SDK_PREFIX:?X32_SDK_PREFIX is not set: run this through tests/run.sh}
release=${X32_NEWER_HOST_RELEASE:-trixie}
skip_all() { skip "$release-root" "$1"; exit 0; }
suites=${X32_NEWER_HOST_SUITES:-toolchain runner glue}

[ "$(id -u)" = 0 ] || skip_all "needs root to make a Debian root (debootstrap, chroot, mounts)"
command -v apt-get > /dev/null 2>&1 || skip_all "needs apt-get to install debootstrap (a Debian or Ubuntu host)"
[ -f "$PREFIX/share/x32-sdk/build-info.json" ] || skip_all "no complete SDK in $PREFIX"

root=$TEST_TMP/$release-root
status=0
# shellcheck disable=SC2086 # one word per suite
sh "$TOP/tests/fresh-host.sh" --release "$release" --root "$root" --prefix "$PREFIX" $suites \
    > "$TEST_TMP/fresh-host.out" 2>&1 || status=$?
sed 's/^/    | /' "$TEST_TMP/fresh-host.out"
if [ ! -s "$root.tests.log" ]; then
    if [ "$status" = 2 ]; then
        # The root could not be made: the mirror or debootstrap, said in its last line.
        skip "$release-root" "$(grep -m 1 'fresh-host.sh:' "$TEST_TMP/fresh-host.out" || tail -n 1 "$TEST_TMP/fresh-host.out")"
    else
        fail "$release-root" "tests/fresh-host.sh exited $status without running the tests: $(tail -n 1 "$TEST_TMP/fresh-host.out")"
    fi
    exit 0
fi
# The root's cases, named after the release; a run that reported nothing is a failure.
sed -n "s/^\(PASS\|FAIL\|SKIP\) /\1 $release\//p" "$root.tests.log"
grep -Eq '^(PASS|FAIL|SKIP) ' "$root.tests.log" \
    || fail "$release-tests" "tests/run.sh in the $release root reported no case (exit $status): $(tail -n 1 "$root.tests.log")"
if [ "$status" != 0 ] && ! grep -q '^FAIL ' "$root.tests.log"; then
    fail "$release-tests" "tests/run.sh in the $release root exited $status without a FAIL line: $(tail -n 1 "$root.tests.log")"
fi
exit 0
