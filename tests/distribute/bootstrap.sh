# shellcheck shell=sh
# tests/distribute/bootstrap.sh: the SDK's own binutils step through each engine
# (./build.sh --distribute), opt-in with X32_TEST_DISTRIBUTE_BOOTSTRAP=1 because it
# compiles binutils (minutes). Sourced by run.sh.
# shellcheck disable=SC2154

test_bootstrap() {
    if [ "${X32_TEST_DISTRIBUTE_BOOTSTRAP:-}" != 1 ]; then
        skip bootstrap-binutils-distributed "opt-in (minutes of CPU): X32_TEST_DISTRIBUTE_BOOTSTRAP=1 tests/run.sh distribute"
        return
    fi
    echo "bootstrap: not implemented yet"
}
