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

# suite_setup NAME: the opening that suites keeping logs share, called right after
# sourcing this file with HERE set to the suite's folder. Sets
#   TOP       the checkout
#   PREFIX    the SDK under test: X32_SDK_PREFIX, else out/ in the checkout
#   TEST_TMP  tests/run.sh's scratch directory, else a fresh /tmp/x32-sdk-test-NAME.XXXXXX
#             that suite_cleanup removes on exit (a suite with its own EXIT trap calls it)
#   LOGS      TEST_TMP/logs, created
suite_setup() {
    TOP=$(cd "$HERE/../.." && pwd)
    PREFIX=${X32_SDK_PREFIX:-$TOP/out}
    SUITE_OWN_TMP=""
    if [ -z "${TEST_TMP:-}" ]; then
        TEST_TMP=$(mktemp -d "/tmp/x32-sdk-test-$1.XXXXXX") || {
            echo "tests/$1: cannot make a scratch directory in /tmp; set TEST_TMP to a writable one" >&2
            exit 1
        }
        SUITE_OWN_TMP=$TEST_TMP
        trap suite_cleanup EXIT
    fi
    LOGS="$TEST_TMP/logs"
    mkdir -p "$LOGS"
}
# suite_cleanup: remove the scratch directory suite_setup made (none under tests/run.sh).
suite_cleanup() { [ -z "${SUITE_OWN_TMP:-}" ] || rm -rf "$SUITE_OWN_TMP"; }

# fast_path_state RUN: what x32-run RUN's rewrite fast path does here, as --probe
# says: "on" when its trap plan is a rewrite mode, else "off (trap plan: MODE
# (reason))": X32_RUN_TRAP set to another trap, or what this host lacks.
fast_path_state() {
    _fps=$("$1" --probe 2>/dev/null | sed -n 's/^trap plan: //p')
    case $_fps in
        rewrite-*) echo on ;;
        "") echo "x32-run --probe says nothing of its trap plan" ;;
        *) printf 'off (trap plan: %s)\n' "$_fps" ;;
    esac
}

pass() { printf 'PASS %s\n' "$1"; }
fail() { printf 'FAIL %s: %s\n' "$1" "$2"; }
skip() { printf 'SKIP %s: %s\n' "$1" "$2"; }
# skip_reason LOG: the reason a test program gave for its exit 77, its first
# "skip: REASON" line (cut at 300 characters); a program that gave none is named as such,
# so that no SKIP line goes out without a reason.
skip_reason() {
    _sr=$(sed -n 's/^skip: //p' "$1" 2>/dev/null | head -n 1 | cut -c 1-300)
    printf '%s\n' "${_sr:-exit 77 with no \"skip:\" line in $(basename "$1")}"
}

# check NAME CMD...: PASS when CMD exits 0, FAIL with its last output line otherwise.
check() {
    _name=$1; shift
    if _out=$("$@" 2>&1); then pass "$_name"
    else fail "$_name" "exit $?: $(printf '%s\n' "$_out" | tail -n 1)"; fi
}
