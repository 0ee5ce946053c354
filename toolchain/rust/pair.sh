# shellcheck shell=sh
# Which rustc the x32 standard library is built with, and whether its sources are here.
# Sourced by build.sh (before the rust-std step, to install what is missing) and by the
# step itself. The std sources must be exactly the compiler's version: Debian's
# rustc-web 1.96 and its rust-web-src, which ships library/Cargo.lock and the vendored
# crates std depends on, so the build needs no network (see toolchain/rust/README.md).

RUST_PACKAGES="rustc-web cargo-web rust-web-src"
# X32_SDK_RUSTC / X32_SDK_CARGO pick another pair; the default is Debian's.
RUST_RUSTC=${X32_SDK_RUSTC:-/usr/bin/rustc}
RUST_CARGO=${X32_SDK_CARGO:-/usr/bin/cargo}

# rust_release: the release (1.96.0) of $RUST_RUSTC, empty when it does not run.
rust_release() {
    "$RUST_RUSTC" -vV 2>/dev/null | sed -n 's/^release: //p'
}

# rust_library_dir: the std sources that belong to $RUST_RUSTC (they install under its
# sysroot as lib/rustlib/src/rust, like rustup's rust-src component).
rust_library_dir() {
    _rs=$("$RUST_RUSTC" --print sysroot 2>/dev/null) || return 0
    _rl=$(readlink -f "$_rs/lib/rustlib/src/rust" 2>/dev/null) || return 0
    printf '%s/library\n' "$_rl"
}

# rust_pair_problem: empty when the pair is usable, else one sentence saying what was
# found and what is needed.
rust_pair_problem() {
    _rr=$(rust_release)
    if [ -z "$_rr" ]; then
        printf 'no rustc at %s (the x32 standard library is built with Debian'"'"'s rustc-web 1.96)\n' "$RUST_RUSTC"; return
    fi
    [ -x "$RUST_CARGO" ] || { printf 'no cargo at %s (found rustc %s)\n' "$RUST_CARGO" "$_rr"; return; }
    _rl=$(rust_library_dir)
    if [ -z "$_rl" ] || [ ! -f "$_rl/Cargo.lock" ] || [ ! -d "$_rl/vendor" ]; then
        printf 'rustc %s at %s has no standard-library sources with Cargo.lock and vendored crates (lib/rustlib/src/rust)\n' "$_rr" "$RUST_RUSTC"; return
    fi
    _sv=$(cat "$_rl/../src/version" 2>/dev/null || echo unknown)
    [ "$_sv" = "$_rr" ] || printf 'rustc is %s but its standard-library sources (%s) are %s\n' "$_rr" "$_rl" "$_sv"
}

# rust_identity: what decides the output besides the recipe: the compiler and sources.
rust_identity() {
    printf '%s' "$("$RUST_RUSTC" -vV 2>/dev/null | sed -n 's/^commit-hash: //p')"
    printf ' %s' "$(rust_release)"
    _rl=$(rust_library_dir)
    [ -z "$_rl" ] || printf ' src-lock:%s' "$(sha256sum < "$_rl/Cargo.lock" 2>/dev/null | cut -c1-16)"
}

# rust_prerequisites: in build.sh, before the step: install the pair with apt as root,
# else stop with the command that does.
rust_prerequisites() {
    _rp=$(rust_pair_problem)
    [ -n "$_rp" ] || return 0
    if [ "$RUST_RUSTC" = /usr/bin/rustc ] && can_apt; then
        say "Installing Rust for the x32 standard library: $RUST_PACKAGES ($_rp)"
        # shellcheck disable=SC2086 # one word per package
        sdk_apt_install $RUST_PACKAGES || die "apt-get install $RUST_PACKAGES failed; see $CACHE/logs/apt.log"
        _rp=$(rust_pair_problem)
        [ -z "$_rp" ] || die "Rust step: $_rp, even after apt-get install $RUST_PACKAGES"
    else
        die "Rust step: $_rp; install them with: sudo apt-get install $RUST_PACKAGES (Debian 12's security archive)"
    fi
}
