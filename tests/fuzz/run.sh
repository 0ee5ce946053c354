#!/bin/sh
# Short fuzz runs of x32-run's code that reads untrusted bytes: the ELF32 parser, the
# segment mapping plan, parse_shebang and the argument translators (fed with
# guest-memory images and a stand-in kernel). Each target is built by
# runner/Makefile with libFuzzer, AddressSanitizer and UBSan (every report fatal),
# and run for X32_FUZZ_SECONDS (default 5) on its seed corpus in runner/fuzz/,
# one at a time. Longer runs: make -C runner fuzz FUZZ_SECONDS=600.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
suite_setup fuzz
T=$TEST_TMP
SECONDS_TO_FUZZ=${X32_FUZZ_SECONDS:-5}
# The targets and their seed corpora: runner/Makefile's list ("TARGET SEEDS" lines).
if ! make -s -C "$TOP/runner" MAKEFLAGS= fuzz-list > "$T/fuzz-list" 2>"$T/fuzz-list.err" \
        || [ ! -s "$T/fuzz-list" ]; then
    fail fuzz-target-list "make -C runner fuzz-list: $(head -n 1 "$T/fuzz-list.err")"
    exit 0
fi
TARGETS=$(cut -d' ' -f1 "$T/fuzz-list")

# name_of TARGET: the test name (elf-parser, segment-plan, shebang, translators).
name_of() {
    case $1 in
        elf_parse_fuzz) echo elf-parser ;;
        *) echo "$1" | sed -e 's/_fuzz$//' -e 's/_/-/g' ;;
    esac
}

. "$TOP/lib/apt.sh"
if ! command -v clang >/dev/null 2>&1 && can_apt; then
    APT_WHO=tests/fuzz/run.sh APT_RERUN="tests/run.sh fuzz" apt_install "$T/apt.log" clang
fi
if ! command -v clang >/dev/null 2>&1; then
    for t in $TARGETS; do
        skip "fuzz-$(name_of "$t")-builds" "clang (libFuzzer) is not installed: apt-get install clang"
        skip "fuzz-$(name_of "$t")-short-run" "clang (libFuzzer) is not installed"
    done
    exit 0
fi

for t in $TARGETS; do
    n=$(name_of "$t")
    if ! make -C "$TOP/runner" MAKEFLAGS= BUILD="$T/build" "$T/build/$t" > "$T/$t.build.log" 2>&1; then
        fail "fuzz-$n-builds" "$(grep -m1 -E 'error' "$T/$t.build.log" || tail -n 1 "$T/$t.build.log")"
        skip "fuzz-$n-short-run" "the harness did not build"
        continue
    fi
    pass "fuzz-$n-builds"
    seeds=$TOP/runner/$(sed -n "s/^$t //p" "$T/fuzz-list")
    mkdir -p "$T/corpus-$t"
    if "$T/build/$t" -max_total_time="$SECONDS_TO_FUZZ" -max_len=8192 -print_final_stats=1 \
            -artifact_prefix="$T/$t-" \
            "$T/corpus-$t" "$seeds" > "$T/$t.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/$t.log")
        echo "fuzzed $n for ${SECONDS_TO_FUZZ}s: ${runs:-?} inputs, no crash"
        pass "fuzz-$n-short-run"
    else
        fail "fuzz-$n-short-run" "$(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$T/$t.log")"
        tail -n 30 "$T/$t.log"
    fi
done
