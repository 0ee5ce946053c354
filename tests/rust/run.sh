#!/bin/sh
# tests/rust/run.sh: Rust on x32 with the SDK's own standard library (./build.sh rust).
# Every cargo command runs as a user would: the environment script sourced, then plain
# `cargo build/run/test --target x86_64-unknown-linux-gnux32`, programs run by x32-run.
#
#   features/  a crate using threads, channels, fs, loopback TCP/UDP, Command spawning an
#              x32 child, time, env, exit codes, and a C library built by build.rs with $CC
#   unwind/    panics that unwind on x32: catch_unwind, destructors, threads, through a C
#              frame built with -fexceptions, a C++ exception reported as foreign
#
# Without the Rust step every case that needs it prints SKIP with the reason; the
# messages a prefix without Rust (or with a mismatched rustc) gives are checked always.
# Environment: X32_SDK_PREFIX (default out/), TEST_TMP (a scratch directory).
set -u

here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../lib.sh
. "$here/../lib.sh"
HERE=$here
suite_setup rust
root=$TOP
T=x86_64-unknown-linux-gnux32
SHIM=$PREFIX/bin/x86_64-linux-gnux32-rustc

# fake_prefix DIR: a prefix holding only the rustc front end, as a build without Rust has.
fake_prefix() {
    mkdir -p "$1/bin" "$1/share/x32-sdk/steps"
    cp "$root/cmake/x86_64-linux-gnux32-rustc" "$1/bin/"
}

# Bad input, checked with or without the Rust step.
test_messages() {
    # The step never installs or removes a system package (Debian 12's rustc-web Conflicts
    # with rustc, cargo and rustup): where Debian's archive cannot be reached it stops with
    # what to do, and apt-get is never asked to install anything.
    mkdir -p "$TEST_TMP/fake-apt"
    printf '#!/bin/sh\necho "$*" >> "%s"\nexit 1\n' "$TEST_TMP/apt-calls" > "$TEST_TMP/fake-apt/apt-get"
    chmod +x "$TEST_TMP/fake-apt/apt-get"; : > "$TEST_TMP/apt-calls"
    _out=$(PATH="$TEST_TMP/fake-apt:$PATH" X32_SDK_OFFLINE=1 CACHE="$TEST_TMP/rust-cache" sh -c \
        'TOP=$1; . "$1/lib/log.sh"; . "$1/lib/debian-archive.sh"; . "$1/toolchain/rust/pair.sh"; rust_prerequisites' \
        sh "$root" 2>&1); _rc=$?
    if [ "$_rc" != 0 ] && ! grep -q install "$TEST_TMP/apt-calls" \
        && printf '%s\n' "$_out" | grep -q "rustc-web cannot be fetched here (X32_SDK_OFFLINE is set); point X32_SDK_RUSTC"; then
        pass rust-pair-never-installs
    else
        fail rust-pair-never-installs "exit $_rc, apt-get calls: $(tr '\n' ';' < "$TEST_TMP/apt-calls") output: $_out"
    fi
    fake_prefix "$TEST_TMP/norust"
    _out=$("$TEST_TMP/norust/bin/x86_64-linux-gnux32-rustc" --print cfg --target "$T" 2>&1); _rc=$?
    case "$_rc $_out" in
        "1 "*"has no Rust standard library for $T; add it with ./build.sh rust"*) pass rust-missing-says-how-to-add ;;
        *) fail rust-missing-says-how-to-add "exit $_rc: $_out" ;;
    esac
    # The paired rustc was replaced: one line saying to rebuild, not E0514 on every crate.
    fake_prefix "$TEST_TMP/mismatch"
    mkdir -p "$TEST_TMP/mismatch/lib/rust-sysroot"
    printf '#!/bin/sh\necho "rustc 9.9.9 (upgraded)"\n' > "$TEST_TMP/mismatch/rustc-now"
    chmod +x "$TEST_TMP/mismatch/rustc-now"
    printf '%s\n' "$TEST_TMP/mismatch/rustc-now" 'rustc 0.0.1 (old)' > "$TEST_TMP/mismatch/lib/rust-sysroot/x32-sdk-rustc"
    : > "$TEST_TMP/mismatch/share/x32-sdk/steps/rust-std.key"
    _out=$("$TEST_TMP/mismatch/bin/x86_64-linux-gnux32-rustc" -vV 2>&1); _rc=$?
    case "$_rc $_out" in
        "1 "*"built by rustc 0.0.1 (old)"*"is now rustc 9.9.9 (upgraded); rebuild it with ./build.sh rust") pass rust-mismatch-says-rebuild ;;
        *) fail rust-mismatch-says-rebuild "exit $_rc: $_out" ;;
    esac
}

# What build.sh says before the step when the rustc or its sources are wrong (toolchain/rust/pair.sh).
test_pair_messages() {
    _out=$(X32_SDK_RUSTC="$TEST_TMP/no-rustc" sh -c '. "$1/toolchain/rust/pair.sh"; rust_pair_problem' sh "$root")
    case $_out in
        "no rustc at $TEST_TMP/no-rustc"*"rustc-web 1.96"*) pass rust-pair-no-rustc ;;
        *) fail rust-pair-no-rustc "said: $_out" ;;
    esac
    # A rustc without sources beside it (as rustup's are offline).
    mkdir -p "$TEST_TMP/lonely/bin"
    printf '#!/bin/sh\ncase "$*" in\n  -vV) echo "rustc 1.95.0 (x)"; echo "release: 1.95.0" ;;\n  *sysroot*) echo "%s/lonely" ;;\nesac\n' "$TEST_TMP" \
        > "$TEST_TMP/lonely/bin/rustc"
    chmod +x "$TEST_TMP/lonely/bin/rustc"
    _out=$(X32_SDK_RUSTC="$TEST_TMP/lonely/bin/rustc" X32_SDK_CARGO=/bin/true sh -c '. "$1/toolchain/rust/pair.sh"; rust_pair_problem' sh "$root")
    case $_out in
        "rustc 1.95.0 at $TEST_TMP/lonely/bin/rustc has no standard-library sources"*) pass rust-pair-no-sources ;;
        *) fail rust-pair-no-sources "said: $_out" ;;
    esac
}

# in_sdk PREFIX DIR CMD...: CMD in DIR after sourcing PREFIX's environment script (dash
# can only source it from the prefix itself).
in_sdk() {
    # shellcheck disable=SC1091 # the prefix's copy, found at run time
    (cd "$1" && . ./environment-setup-x86_64-linux-gnux32 > /dev/null && cd "$2" && shift 2 && "$@")
}

# copy_crate NAME: a fresh copy of the crate, so nothing is written into the checkout.
copy_crate() {
    rm -rf "${TEST_TMP:?}/$1"; cp -R "$here/$1" "$TEST_TMP/$1"; rm -rf "$TEST_TMP/$1/target"
}

test_sysroot() {
    _lib=$PREFIX/lib/rust-sysroot/lib/rustlib/$T/lib
    _missing=""
    for _c in core alloc std proc_macro test panic_abort panic_unwind; do
        ls "$_lib/lib$_c-"*.rlib > /dev/null 2>&1 || _missing="$_missing lib$_c"
    done
    if [ -z "$_missing" ]; then pass rust-sysroot-complete; else fail rust-sysroot-complete "missing:$_missing"; fi
    _sr=$("$SHIM" --print sysroot 2>&1)
    if [ "$_sr" = "$PREFIX/lib/rust-sysroot" ]; then pass rust-shim-sysroot
    else fail rust-shim-sysroot "rustc --print sysroot said $_sr"; fi
}

# features_in PREFIX SUFFIX: build and run the features crate with that prefix's SDK.
features_in() {
    _d=$TEST_TMP/features; _s=$2
    if ! _out=$(in_sdk "$1" "$_d" cargo build -q --target "$T" 2>&1); then
        fail "rust-cargo-build$_s" "$(printf '%s\n' "$_out" | grep -m1 -i error || printf '%s' "$_out" | tail -n 1)"; return 1
    fi
    pass "rust-cargo-build$_s"
    _bin=$_d/target/$T/debug/features
    case $(readelf -h "$_bin" 2>/dev/null | grep -E 'Class|Machine' | tr -s ' ' | tr '\n' ' ') in
        *ELF32*X86-64*) pass "rust-binary-is-x32$_s" ;;
        *) fail "rust-binary-is-x32$_s" "$_bin is not an ELF32 x86-64 file" ;;
    esac
    _out=$(X32_FEATURES_ENV="from the test" in_sdk "$1" "$_d" cargo run -q --target "$T" --bin features -- "$TEST_TMP" 2>&1)
    _rc=$?
    for _part in data-model c-library threads channels net process time env fs; do
        _line=$(printf '%s\n' "$_out" | grep -E "^(ok|bad) $_part(:|\$)")
        case $_line in
            "ok $_part") pass "rust-$_part$_s" ;;
            "bad $_part"*) fail "rust-$_part$_s" "${_line#bad "$_part": }" ;;
            *) fail "rust-$_part$_s" "no report (exit $_rc): $(printf '%s\n' "$_out" | tail -n 1)" ;;
        esac
    done
}

test_features() {
    copy_crate features
    features_in "$PREFIX" "" || return
    in_sdk "$PREFIX" "$TEST_TMP/features" cargo run -q --target "$T" --bin child -- exit 42 > /dev/null 2>&1
    _rc=$?
    if [ "$_rc" = 42 ]; then pass rust-exit-code; else fail rust-exit-code "cargo run of 'exit 42' gave $_rc"; fi
    _out=$(in_sdk "$PREFIX" "$TEST_TMP/features" cargo test --target "$T" 2>&1)
    case $_out in
        *"test tests::out_of_bounds_panics - should panic ... ok"*"test result: ok. 4 passed; 0 failed; 1 ignored"*)
            pass rust-cargo-test ;;
        *) fail rust-cargo-test "$(printf '%s\n' "$_out" | grep -E 'FAILED|panicked|error' | head -n 1)" ;;
    esac
}

# The Cargo config file alone (no environment script): linker, runner and rustc from it.
test_cargo_config() {
    _d=$TEST_TMP/hello
    mkdir -p "$_d/src"
    printf '[package]\nname = "hello"\nversion = "0.1.0"\nedition = "2021"\n' > "$_d/Cargo.toml"
    printf 'fn main() { println!("hello from {} bytes of usize", std::mem::size_of::<usize>()); }\n' > "$_d/src/main.rs"
    _out=$(cd "$_d" && env -u RUSTC -u RUSTDOC -u CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_LINKER \
        -u CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNUX32_RUNNER \
        cargo --config "$PREFIX/share/x32-sdk/cargo-config.toml" run -q --target "$T" 2>&1)
    case $_out in
        *"hello from 4 bytes of usize") pass rust-cargo-config-file ;;
        *) fail rust-cargo-config-file "$(printf '%s\n' "$_out" | tail -n 1)" ;;
    esac
}

test_unwind() {
    copy_crate unwind
    _d=$TEST_TMP/unwind
    if ! _out=$(in_sdk "$PREFIX" "$_d" cargo build -q --target "$T" 2>&1); then
        fail rust-unwind-build "$(printf '%s\n' "$_out" | grep -m1 -i error)"; return
    fi
    _bin=$_d/target/$T/debug/x32-unwind
    for _m in catch drop thread c-frame nested; do
        _out=$("$PREFIX/bin/x32-run" "$_bin" "$_m" 2>&1)
        if [ "$_out" = "ok $_m" ]; then pass "rust-unwind-$_m"; else fail "rust-unwind-$_m" "$(printf '%s\n' "$_out" | tail -n 1)"; fi
    done
    _out=$("$PREFIX/bin/x32-run" "$_bin" foreign 2>&1); _rc=$?
    case "$_rc $_out" in
        "134 "*"Rust cannot catch foreign exceptions"*) pass rust-unwind-cxx-foreign ;;
        *) fail rust-unwind-cxx-foreign "exit $_rc: $(printf '%s\n' "$_out" | tail -n 1)" ;;
    esac
    _out=$(in_sdk "$PREFIX" "$_d" cargo test --target "$T" 2>&1)
    case $_out in
        *"should_panic_works - should panic ... ok"*"test result: ok. 2 passed; 0 failed"*) pass rust-unwind-should-panic ;;
        *) fail rust-unwind-should-panic "$(printf '%s\n' "$_out" | grep -E 'FAILED|panicked|error|fatal' | head -n 1)" ;;
    esac
    # panic=abort still works, and then a panic aborts instead of being caught.
    _out=$(CARGO_PROFILE_DEV_PANIC=abort in_sdk "$PREFIX" "$_d" cargo run -q --target "$T" \
        --target-dir "$_d/target-abort" -- catch 2>&1); _rc=$?
    if [ "$_rc" = 134 ]; then pass rust-panic-abort
    else fail rust-panic-abort "expected an abort (134), got $_rc: $(printf '%s\n' "$_out" | tail -n 1)"; fi
    # Once on a real x32 kernel (x32-run --mode vm), when the VM is there.
    if ! command -v qemu-system-x86_64 > /dev/null 2>&1; then
        skip rust-unwind-vm "qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)"
    elif [ ! -x "$PREFIX/bin/x32-vm" ] || ! ls "$PREFIX/share/x32-sdk/vm/"* > /dev/null 2>&1; then
        skip rust-unwind-vm "no x32-vm or guest kernel in $PREFIX (the vm step builds it)"
    else
        _got=""
        for _m in catch c-frame; do
            _got="$_got$(timeout -k 5 300 "$PREFIX/bin/x32-run" --mode vm "$_bin" "$_m" 2>&1);"
        done
        if [ "$_got" = "ok catch;ok c-frame;" ]; then pass rust-unwind-vm; else fail rust-unwind-vm "$_got"; fi
    fi
}

# The prefix moved after the build (hard-linked copy): cargo still finds everything.
test_relocated() {
    _moved=$TEST_TMP/moved/x32-sdk
    mkdir -p "$TEST_TMP/moved"
    cp -al "$PREFIX" "$_moved" 2> /dev/null || cp -a "$PREFIX" "$_moved"
    _sr=$("$_moved/bin/x86_64-linux-gnux32-rustc" --print sysroot 2>&1)
    if [ "$_sr" = "$_moved/lib/rust-sysroot" ]; then pass rust-relocated-sysroot
    else fail rust-relocated-sysroot "the moved prefix's rustc says $_sr"; fi
    rm -rf "$TEST_TMP/features/target"
    features_in "$_moved" -relocated
    rm -rf "$_moved"
}

test_messages
test_pair_messages
if [ ! -f "$PREFIX/share/x32-sdk/steps/rust-std.key" ]; then
    _why="the SDK in $PREFIX was built without Rust; ./build.sh rust adds it"
    for _t in rust-sysroot rust-features rust-cargo-test rust-cargo-config-file rust-unwind rust-relocated; do skip "$_t" "$_why"; done
    exit 0
fi
if ! command -v cargo > /dev/null 2>&1; then
    skip rust-cargo "no cargo on PATH (apt-get install cargo-web)"
    exit 0
fi
test_sysroot
test_features
test_cargo_config
test_unwind
test_relocated
