#!/bin/sh
# tests/upstream/glibc-test-wrapper.sh: glibc's `make check` test-wrapper for x32-run.
# glibc runs every test as  $(test-wrapper) COMMAND...  or, when it sets variables, as
# $(test-wrapper) env [-i] [-u NAME] [NAME=VALUE]... COMMAND...  (Makeconfig's default
# test-wrapper-env).  COMMAND is usually the build tree's ld.so or a test program, both
# x32, so it must run under x32-run; the env options must not, so they are applied by
# the host's env and x32-run is put in front of COMMAND.  x32-run runs native programs
# (cp, python3) natively, so commands that are not x32 pass through too.
set -eu
run=${X32_RUN:?glibc-test-wrapper.sh needs X32_RUN, the x32-run to use}
# X32_GLIBC_SKIP_TESTS="DIR/NAME...": tests left out, reported UNSUPPORTED (status 77,
# as glibc's own evaluate-test.sh reads it). tests/upstream/run.sh's quick run leaves out
# the two string tests that take minutes by design (gigabytes copied).
for _skip in ${X32_GLIBC_SKIP_TESTS:-}; do
    for _a in "$@"; do
        case $_a in */"$_skip")
            echo "left out of this run (X32_GLIBC_SKIP_TESTS): $_skip" >&2
            exit 77 ;;
        esac
    done
done
[ "${1:-}" = env ] || exec "$run" "$@"
shift
# Rebuild the arguments: env's own ones first, then x32-run, then the command.
n=$#; in_env=yes; want_name=no
while [ "$n" -gt 0 ]; do
    a=$1; shift; n=$((n - 1))
    if [ "$in_env" = yes ]; then
        if [ "$want_name" = yes ]; then want_name=no
        else
            case $a in
                -u|--unset) want_name=yes ;;
                -*|*=*) ;;
                *) in_env=no; set -- "$@" "$run" ;;
            esac
        fi
    fi
    set -- "$@" "$a"
done
exec env "$@"
