# shellcheck shell=sh
# tests/glue/cargo.sh: the Cargo configuration's linker and runner paths (building and
# running crates with the SDK's Rust is tests/rust's job).
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

test_cargo() {
    if ! command -v python3 > /dev/null 2>&1 || ! python3 -c 'import tomllib' 2> /dev/null; then
        skip cargo-config "python3 with tomllib (3.11+) is needed to read the TOML"; return
    fi
    # Cargo resolves a relative program path against the parent of the config file's
    # directory (checked with cargo 1.95: --config FILE and .cargo/config.toml alike).
    for _sdk in "$PREFIX" "$MOVED"; do
        _name=cargo-config; [ "$_sdk" = "$MOVED" ] && _name=cargo-config-moved
        if _out=$(python3 - "$_sdk/share/x32-sdk/cargo-config.toml" 2>&1 <<'EOF'
import os, sys, tomllib
path = sys.argv[1]
with open(path, "rb") as f:
    target = tomllib.load(f)["target"]["x86_64-unknown-linux-gnux32"]
base = os.path.dirname(os.path.dirname(path))
for key in ("linker", "runner"):
    value = target[key]
    resolved = os.path.normpath(os.path.join(base, value) if "/" in value else value)
    print(f"{key}={resolved}")
EOF
        ); then
            if printf '%s\n' "$_out" | grep -qx "linker=$_sdk/bin/$T-gcc" \
                && printf '%s\n' "$_out" | grep -qx "runner=$_sdk/bin/x32-run"; then pass "$_name"
            else fail "$_name" "resolves to: $(printf '%s' "$_out" | tr '\n' ' ')"; fi
        else fail "$_name" "unreadable: $(printf '%s' "$_out" | tail -n 1)"; fi
    done
    # Building and running crates with the SDK's Rust is tests/rust's job.
}
