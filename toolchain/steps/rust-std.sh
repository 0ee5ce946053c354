# shellcheck shell=sh
# Rust's standard library for x86_64-unknown-linux-gnux32 (core, alloc, std, proc_macro,
# test, panic_abort, panic_unwind and their dependencies), built once with the paired
# rustc (toolchain/rust/pair.sh) from its own sources, patched to unwind (toolchain/rust/patches/), and
# installed as a rustc sysroot: PREFIX/lib/rust-sysroot. Optional: ./build.sh rust.
# cmake/x86_64-linux-gnux32-rustc is the rustc Cargo uses with it.
deps="gcc-libs"
# Not in the default build: ./build.sh rust (or --with-rust, --with rust-std).
optional=yes
inputs="toolchain/rust/pair.sh toolchain/rust/prepare-library.sh toolchain/rust/patches"
. "$TOP/toolchain/rust/pair.sh"
# The compiler and its sources decide the output as much as the recipe does.
opts="rustc=$(rust_identity)"

RUST_T=x86_64-unknown-linux-gnux32

run_step() {
    _problem=$(rust_pair_problem)
    [ -z "$_problem" ] || { echo "rust-std: $_problem" >&2; exit 1; }
    sh "$TOP/toolchain/rust/prepare-library.sh" "$(rust_library_dir)" "$BUILD_DIR/src"
    cd "$BUILD_DIR/src" || exit 1
    # What bootstrap does for a dist std, in the parts that matter to users:
    # RUSTC_BOOTSTRAP because std is built from unstable features (only here, never for
    # users); -Zforce-unstable-if-unmarked so std's own dependencies (libc, hashbrown...)
    # are not usable as stable crates; a metadata seed of our own so a user's libc from
    # crates.io never collides with std's; bitcode so users' LTO works; unwinding, which
    # this rustc's x32 target would otherwise turn off. -Cpanic=unwind goes in front of
    # Cargo's arguments (a wrapper, not RUSTFLAGS, which come last): panic_abort's own
    # -Cpanic=abort (library/Cargo.toml's profile rustflags) must still win over it.
    # shellcheck disable=SC2016 # the $ are the wrapper's own
    printf '#!/bin/sh\nrustc=$1; shift\nexec "$rustc" -Cpanic=unwind "$@"\n' > "$BUILD_DIR/unwind-first"
    chmod +x "$BUILD_DIR/unwind-first"
    env RUSTC="$RUST_RUSTC" RUSTC_WRAPPER="$BUILD_DIR/unwind-first" RUSTC_BOOTSTRAP=1 \
        __CARGO_DEFAULT_LIB_METADATA=x32-sdk-std \
        RUSTFLAGS="-Zforce-unstable-if-unmarked -Cembed-bitcode=yes" \
        CARGO_HOME="$BUILD_DIR/cargo-home" \
        "$RUST_CARGO" build --release --offline -j"$JOBS" --target "$RUST_T" \
        --manifest-path library/sysroot/Cargo.toml --features panic-unwind,backtrace \
        --target-dir "$BUILD_DIR/target"
    _lib="$STAGE/lib/rust-sysroot/lib/rustlib/$RUST_T/lib"
    mkdir -p "$_lib"
    # The build tree is fresh, so deps/ holds one file per crate; sysroot is the dummy
    # crate that pulls the others in.
    for _f in "$BUILD_DIR/target/$RUST_T/release/deps"/lib*.rlib "$BUILD_DIR/target/$RUST_T/release/deps"/lib*.so; do
        case ${_f##*/} in libsysroot-*|'lib*'*) continue ;; esac
        cp "$_f" "$_lib/"
    done
    for _c in core alloc std proc_macro test panic_abort panic_unwind; do
        ls "$_lib/lib$_c-"*.rlib > /dev/null 2>&1 || { echo "rust-std: lib$_c was not built" >&2; exit 1; }
    done
    # The host's standard library of the same rustc, beside the x32 one, so build
    # scripts and proc macros compile with the same --sysroot.
    ln -s "$("$RUST_RUSTC" --print sysroot)/lib/rustlib/x86_64-unknown-linux-gnu" \
        "$STAGE/lib/rust-sysroot/lib/rustlib/x86_64-unknown-linux-gnu"
    { printf '%s\n' "$RUST_RUSTC"; "$RUST_RUSTC" -vV; } > "$STAGE/lib/rust-sysroot/x32-sdk-rustc"
    rust_smoke_test
}

# rust_smoke_test: a panic caught by catch_unwind, linked by the SDK's gcc and run by
# x32-run, proves the library (and the unwinding patch) before it is installed; the same
# program linked with panic=abort proves that panic_abort was built with it.
rust_smoke_test() {
    printf '%s\n' 'fn main() {' \
        '    let caught = std::panic::catch_unwind(|| panic!("smoke")).is_err();' \
        '    println!("x32 rust: usize {} caught {}", std::mem::size_of::<usize>(), caught);' \
        '}' > "$BUILD_DIR/smoke.rs"
    "$RUST_RUSTC" --sysroot "$STAGE/lib/rust-sysroot" -Cpanic=abort --target "$RUST_T" \
        -Clinker="$(command -v x86_64-linux-gnux32-gcc)" "$BUILD_DIR/smoke.rs" -o "$BUILD_DIR/smoke-abort"
    command -v x32-run > /dev/null 2>&1 || { echo "rust-std: no x32-run yet: smoke run left out"; return 0; }
    "$RUST_RUSTC" --sysroot "$STAGE/lib/rust-sysroot" -Cpanic=unwind --target "$RUST_T" \
        -Clinker="$(command -v x86_64-linux-gnux32-gcc)" "$BUILD_DIR/smoke.rs" -o "$BUILD_DIR/smoke"
    _said=$(x32-run "$BUILD_DIR/smoke" 2>&1) || true
    case $_said in
        *"x32 rust: usize 4 caught true") echo "rust-std: smoke test: $_said" ;;
        *) echo "rust-std: the smoke test failed: $_said" >&2; exit 1 ;;
    esac
}
