#!/bin/sh
# A short fuzz run of x32-run's ELF32 parser (the code that reads untrusted program
# files), built with libFuzzer, AddressSanitizer and UBSan (every report fatal), seeded
# with the corpus kept in runner/fuzz/corpus. Longer runs: make -C runner fuzz.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../lib.sh"
TOP=$(cd "$HERE/../.." && pwd)
T=${TEST_TMP:?TEST_TMP is not set: run this through tests/run.sh}
SECONDS_TO_FUZZ=${X32_FUZZ_SECONDS:-30}

if ! command -v clang >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    . "$TOP/lib/apt.sh"
    APT_WHO=tests/fuzz/run.sh APT_RERUN="tests/run.sh fuzz" apt_install "$T/apt.log" clang
fi
if ! command -v clang >/dev/null 2>&1; then
    skip fuzz-elf-parser-builds "clang (libFuzzer) is not installed: apt-get install clang"
    skip fuzz-elf-parser-short-run "clang (libFuzzer) is not installed"
    exit 0
fi
S="$TOP/runner/src"
if clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
        -I"$S" -o "$T/elf_parse_fuzz" "$TOP/runner/fuzz/elf_parse_fuzz.c" "$S/elf_parse.c" 2> "$T/build.err"; then
    pass fuzz-elf-parser-builds
    mkdir -p "$T/corpus"
    if "$T/elf_parse_fuzz" -max_total_time="$SECONDS_TO_FUZZ" -max_len=8192 -print_final_stats=1 \
            "$T/corpus" "$TOP/runner/fuzz/corpus" > "$T/fuzz.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$T/fuzz.log")
        echo "fuzzed the ELF parser for ${SECONDS_TO_FUZZ}s: ${runs:-?} inputs, no crash"
        pass fuzz-elf-parser-short-run
    else
        fail fuzz-elf-parser-short-run "$(grep -m1 -E 'ERROR|runtime error|SUMMARY' "$T/fuzz.log")"
        tail -n 30 "$T/fuzz.log"
    fi
else
    fail fuzz-elf-parser-builds "$(tail -n 1 "$T/build.err")"
    skip fuzz-elf-parser-short-run "the harness did not build"
fi
