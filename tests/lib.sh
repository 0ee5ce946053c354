# shellcheck shell=sh
# Shared helpers for test suites. Source it from tests/<suite>/run.sh.
#
# Protocol: every test case prints exactly one status line,
#   PASS <name>            the behaviour was checked and is right
#   FAIL <name>: <why>     it was checked and is wrong
#   SKIP <name>: <why>     it could not be checked here, and why
# Any other output is log. tests/run.sh counts these lines.
#
# Environment a suite can rely on (set by tests/run.sh):
#   X32_SDK_PREFIX  the built SDK prefix
#   X32_CC, X32_CXX the SDK's x32 compilers (no flags needed to emit x32)
#   X32_RUN         the x32 runner (PREFIX/bin/x32-run)
#   TEST_TMP        a scratch directory for this suite, removed afterwards

pass() { printf 'PASS %s\n' "$1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; }
skip() { printf 'SKIP %s: %s\n' "$1" "$2"; }

# check NAME CMD...: PASS when CMD exits 0, FAIL with its last output line otherwise.
check() {
    _name=$1; shift
    if _out=$("$@" 2>&1); then pass "$_name"
    else fail "$_name" "exit $?: $(printf '%s\n' "$_out" | tail -n 1)"; fi
}
