#!/bin/sh
# toolchain/rust/prepare-library.sh SRC_LIBRARY DEST [--with-tests]: a copy of Rust's library/
# workspace (from rust-web-src) that Cargo can build offline, with the SDK's patches.
#
# Debian vendors only the crates std itself needs (library/vendor). Cargo resolves a
# whole workspace, dev-dependencies and optional dependencies included, so the crates
# that are not vendored are taken out of the manifests here:
#   - the dev-dependencies of std, backtrace, coretests and alloctests (rand,
#     rand_xorshift): test-only; --with-tests replaces them with toolchain/rust/test-crates/
#   - compiler_builtins' optional cc (its "c" feature, C versions of intrinsics) and the
#     sysroot crate's optional profiler_builtins (-Cprofile-generate): both need LLVM's
#     compiler-rt sources, which the package does not have; the SDK uses neither.
# Then every toolchain/rust/patches/*.patch is applied in name order (-p1 from the source root).
set -eu

die() { echo "toolchain/rust/prepare-library.sh: $*" >&2; exit 1; }
[ $# -ge 2 ] || die "usage: toolchain/rust/prepare-library.sh SRC_LIBRARY DEST [--with-tests]"
SRC=$1; DEST=$2; TESTS=${3:-}
HERE=$(cd "$(dirname "$0")" && pwd)
[ -f "$SRC/Cargo.lock" ] || die "$SRC is not Rust's library/ workspace (no Cargo.lock)"

rm -rf "$DEST"; mkdir -p "$DEST"
cp -a "$SRC/." "$DEST/library/" 2>/dev/null || cp -R "$SRC/." "$DEST/library/"
# Copies of read-only package files must become writable to be patched.
chmod -R u+w "$DEST"
L="$DEST/library"

# without_section FILE HEADER: FILE without the TOML section [HEADER] (to the next header).
without_section() {
    awk -v h="[$2]" '/^\[/ { skip = ($0 == h) } !skip' "$1" > "$1.new" && mv "$1.new" "$1"
}
for _m in std backtrace coretests alloctests; do
    [ -f "$L/$_m/Cargo.toml" ] && without_section "$L/$_m/Cargo.toml" dev-dependencies
done
_cb="$L/compiler-builtins/compiler-builtins/Cargo.toml"
sed -i '/^cc = { version = "1.2", optional = true }$/d; s/^c = \["dep:cc"\]$/c = []/' "$_cb"
sed -i '/^profiler_builtins = /d; /^profiler = \["dep:profiler_builtins"\]$/d' "$L/sysroot/Cargo.toml"
grep -q 'dep:cc' "$_cb" && die "compiler_builtins' manifest changed: cannot drop its optional cc"

if [ "$TESTS" = --with-tests ]; then
    # The test suites' random-number crates, small stand-ins written for the SDK.
    for _m in std coretests alloctests; do
        printf '\n[dev-dependencies]\nrand = { path = "../../x32-test-crates/rand", default-features = false, features = ["alloc"] }\nrand_xorshift = { path = "../../x32-test-crates/rand_xorshift" }\n' \
            >> "$L/$_m/Cargo.toml"
    done
    cp -R "$HERE/test-crates" "$DEST/x32-test-crates"
else
    # Only what the standard library needs: the test suites stay out of the workspace.
    sed -i '/^  "coretests",$/d; /^  "alloctests",$/d' "$L/Cargo.toml"
fi

# Cargo uses the vendored crates instead of crates.io.
mkdir -p "$DEST/.cargo"
printf '[source.crates-io]\nreplace-with = "vendored"\n[source.vendored]\ndirectory = "library/vendor"\n' \
    > "$DEST/.cargo/config.toml"

for _p in "$HERE"/patches/*.patch; do
    [ -f "$_p" ] || continue
    (cd "$DEST" && patch -p1 --forward --quiet < "$_p") || die "patch ${_p##*/} does not apply to $SRC"
done
