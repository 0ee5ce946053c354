#!/bin/sh
# tests/upstream/check-rust.sh: Rust's own library test suites (core's coretests, alloc's
# alloctests, std's unit tests) from the rust-web-src the SDK's Rust step was built from,
# for x86_64-unknown-linux-gnux32 with every test binary run by x32-run, and the same
# suites natively for x86_64-unknown-linux-gnu to set beside them. Run it as
# `./build.sh check-rust [OPTIONS]`; see --help.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$HERE/../.." && pwd)
DRIVER=check-rust
# shellcheck source=common.sh
. "$HERE/common.sh"
# shellcheck source=../../toolchain/rust/pair.sh
. "$TOP/toolchain/rust/pair.sh"
say() { printf '%s: %s\n' "$DRIVER" "$*"; }

usage() {
    cat <<EOF
Usage: ./build.sh check-rust [--suite S]... [--target T]... [-j N] [--out DIR]

Runs Rust's library test suites with the SDK's x32 standard library.
  --suite S    core, alloc or std (repeatable; default: all three)
  --target T   x32 (x86_64-unknown-linux-gnux32, run by x32-run) or native
               (x86_64-unknown-linux-gnu); repeatable, default both
  -j N         cargo build jobs (default: all cores)
  --out DIR    where the logs and summary.txt go (default: \$X32_SDK_CACHE/check/rust)
Each suite's log is TARGET-SUITE.log; summary.txt has passed/failed/ignored per suite
and the failing tests, each looked up in tests/upstream/triage/rust.txt.
Exit status: 0 when every failure is triaged, 1 when some are not, 2 when the run
itself could not happen.
EOF
}

SUITES=""; TARGETS=""; JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}; OUT=""
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --suite) [ $# -ge 2 ] || die "--suite needs core, alloc or std"; SUITES="$SUITES $2"; shift ;;
        --target) [ $# -ge 2 ] || die "--target needs x32 or native"; TARGETS="$TARGETS $2"; shift ;;
        -j) [ $# -ge 2 ] || die "-j needs a number"; JOBS=$2; shift ;;
        -j*) JOBS=${1#-j} ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT=$2; shift ;;
        *) die "unknown argument '$1'; see ./build.sh check-rust --help" ;;
    esac
    shift
done
check_jobs "$JOBS"
[ -n "$SUITES" ] || SUITES="core alloc std"
[ -n "$TARGETS" ] || TARGETS="native x32"
for _s in $SUITES; do case $_s in core|alloc|std) ;; *) die "unknown suite '$_s': core, alloc or std" ;; esac; done
for _t in $TARGETS; do case $_t in x32|native) ;; *) die "unknown target '$_t': x32 or native" ;; esac; done

PREFIX=${X32_SDK_PREFIX:-}
[ -n "$PREFIX" ] || die "run it as ./build.sh check-rust, which finds the SDK"
_problem=$(rust_pair_problem)
[ -z "$_problem" ] || die "$_problem; install with: sudo apt-get install $RUST_PACKAGES"
[ -n "$OUT" ] || OUT="${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/check/rust"
mkdir -p "$OUT" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)
WORK="$OUT/work"

# The sources as the SDK built them (same patches), with the suites' dev-dependencies
# (the rand stand-ins of toolchain/rust/test-crates) back in.
say "Preparing Rust's library sources in $WORK/src"
sh "$TOP/toolchain/rust/prepare-library.sh" "$(rust_library_dir)" "$WORK/src" --with-tests

# package_args SUITE: what cargo test runs for it.
package_args() {
    case $1 in
        # In a debug build some of core's slice tests run for minutes each.
        core) echo "--release -p coretests" ;;
        alloc) echo "-p alloctests" ;;
    esac
}

# run_suite TARGET SUITE: cargo test, its whole output into the log.
run_suite() {
    _log="$OUT/$1-$2.log"
    if [ "$1" = x32 ]; then
        set -- "$1" "$2" env RUSTC="$PREFIX/bin/x86_64-linux-gnux32-rustc" \
            RUSTDOC="$PREFIX/bin/x86_64-linux-gnux32-rustdoc" \
            CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_LINKER="$PREFIX/bin/x86_64-linux-gnux32-gcc" \
            CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_RUNNER="$PREFIX/bin/x32-run" \
            "$RUST_CARGO" test --target x86_64-unknown-linux-gnux32
    else
        set -- "$1" "$2" env RUSTC="$RUST_RUSTC" "$RUST_CARGO" test --target x86_64-unknown-linux-gnu
    fi
    _t=$1; _s=$2; shift 2
    say "$_t $_s: running (log: $_log)"
    _t0=$(date +%s)
    # shellcheck disable=SC2046 # package_args is several words
    (cd "$WORK/src/library" && RUSTC_BOOTSTRAP=1 RUST_TEST_THREADS=2 \
        timeout -k 10 5400 "$@" --offline -j"$JOBS" --no-fail-fast --target-dir "$WORK/target-$_t" \
        $(package_args "$_s") -- -q) > "$_log" 2>&1 || true
    echo "$(( $(date +%s) - _t0 ))" > "$OUT/$_t-$_s.seconds"
}

# run_std TARGET: std's unit tests. The test crate links the std it tests beside the
# sysroot's std (realstd), so core must be the very same crate in both, or rustc stops
# with duplicate lang items. As Rust's bootstrap does, the library is built first with
# the flags and profile of the SDK's rust-std step into the target directory the tests
# then use, and made the sysroot of the test build.
run_std() {
    _t=$1; _log="$OUT/$_t-std.log"
    case $_t in x32) _triple=x86_64-unknown-linux-gnux32 ;; *) _triple=x86_64-unknown-linux-gnu ;; esac
    _td="$WORK/target-std-$_t"; _sr="$WORK/sysroot-$_t"
    rm -rf "$_td" "$_sr"; mkdir -p "$_td" "$_sr/lib/rustlib/$_triple/lib"
    # One wrapper for both builds (Cargo keeps its fingerprints); the sysroot comes in
    # through the environment for the second.
    # shellcheck disable=SC2016 # the $ are the wrapper's own
    printf '#!/bin/sh\nrustc=$1; shift\nexec "$rustc" ${X32_TEST_SYSROOT:+--sysroot "$X32_TEST_SYSROOT"} -Cpanic=unwind "$@"\n' \
        > "$WORK/rustc-std-wrapper"
    chmod +x "$WORK/rustc-std-wrapper"
    say "$_t std: building the library, then its unit tests (log: $_log)"
    _t0=$(date +%s)
    (
        cd "$WORK/src/library" || exit 1
        export RUSTC="$RUST_RUSTC" RUSTC_WRAPPER="$WORK/rustc-std-wrapper" RUSTC_BOOTSTRAP=1 \
            __CARGO_DEFAULT_LIB_METADATA=x32-sdk-std RUST_TEST_THREADS=2 \
            RUSTFLAGS="-Zforce-unstable-if-unmarked -Cembed-bitcode=yes" \
            CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_LINKER="$PREFIX/bin/x86_64-linux-gnux32-gcc" \
            CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_RUNNER="$PREFIX/bin/x32-run"
        "$RUST_CARGO" build --release --offline -j"$JOBS" --target "$_triple" --target-dir "$_td" \
            --manifest-path sysroot/Cargo.toml --features panic-unwind,backtrace || exit 1
        for _f in "$_td/$_triple/release/deps"/lib*.rlib; do
            case ${_f##*/} in libsysroot-*) ;; *) cp "$_f" "$_sr/lib/rustlib/$_triple/lib/" ;; esac
        done
        [ "$_t" = native ] || ln -s "$("$RUST_RUSTC" --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu" \
            "$_sr/lib/rustlib/x86_64-unknown-linux-gnu"
        X32_TEST_SYSROOT=$_sr timeout -k 10 5400 "$RUST_CARGO" test --release --offline -j"$JOBS" \
            --no-fail-fast --target "$_triple" --target-dir "$_td" -p std --lib \
            --features panic-unwind,backtrace -- -q
    ) > "$_log" 2>&1 || true
    echo "$(( $(date +%s) - _t0 ))" > "$OUT/$_t-std.seconds"
}

# counts LOG: "passed failed ignored" summed over the log's libtest result lines.
counts() {
    awk '/^test result: / {
            for (i = 1; i <= NF; i++) {
                if ($(i+1) ~ /^passed;/) p += $i; if ($(i+1) ~ /^failed;/) f += $i; if ($(i+1) ~ /^ignored;/) g += $i
            }
         } END { printf "%d %d %d\n", p, f, g }' "$1"
}

# failures LOG: the names of failed tests, one a line.
failures() {
    sed -n 's/^test \(.*\) \.\.\. FAILED$/\1/p; s/^    \([A-Za-z0-9_:]*\)$/\1/p' "$1" | LC_ALL=C sort -u
}

for _t in $TARGETS; do
    for _s in $SUITES; do
        if [ "$_s" = std ]; then run_std "$_t"; else run_suite "$_t" "$_s"; fi
    done
done

TRIAGE="$HERE/triage/rust.txt"
_untriaged=0
{
    printf 'Rust %s library test suites (%s), %s\n' "$(rust_release)" "$(rust_library_dir)" "$(date -u +%Y-%m-%d)"
    printf '%-8s %-6s %8s %8s %8s %8s  %s\n' target suite passed failed ignored seconds note
    for _t in $TARGETS; do
        for _s in $SUITES; do
            _log="$OUT/$_t-$_s.log"
            # shellcheck disable=SC2046 # three numbers
            set -- $(counts "$_log")
            _note=""
            grep -q '^error\[\|^error: could not compile' "$_log" && _note="did not compile (see the log)"
            grep -q 'process didn.t exit successfully' "$_log" && [ "$2" = 0 ] && _note="a test binary crashed (see the log)"
            printf '%-8s %-6s %8s %8s %8s %8s  %s\n' "$_t" "$_s" "$1" "$2" "$3" "$(cat "$OUT/$_t-$_s.seconds")" "$_note"
        done
    done
    for _t in $TARGETS; do
        for _s in $SUITES; do
            for _f in $(failures "$OUT/$_t-$_s.log"); do
                _why=$(awk -v t="$_t" -v s="$_s" -v n="$_f" '$1 == t && $2 == s && $3 == n { $1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit }' "$TRIAGE" 2>/dev/null)
                if [ -z "$_why" ]; then _why="UNTRIAGED"; _untriaged=$((_untriaged + 1)); fi
                printf 'FAIL %s %s %s: %s\n' "$_t" "$_s" "$_f" "$_why"
            done
        done
    done
} > "$OUT/summary.txt"
cat "$OUT/summary.txt"
[ "$_untriaged" = 0 ]
