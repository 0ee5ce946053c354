# shellcheck shell=sh
# tests/glue/install.sh: cmake/install.sh (idempotent, replaces rather than rewrites,
# the prefix carries this checkout's glue) and shellcheck over the glue's scripts.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

# installed_wrong DIR: the manifest's files that DIR lacks, differ from what install.sh
# renders from cmake/, or have another mode.
installed_wrong() {
    sh "$TOP/cmake/install.sh" --list | while read -r _src _dest _mode; do
        if ! sh "$TOP/cmake/install.sh" --render "$TOP/cmake/$_src" | cmp -s - "$1/$_dest"; then printf ' %s' "$_dest"
        elif [ "$(stat -c %a "$1/$_dest")" != "$_mode" ]; then printf ' %s(mode %s)' "$_dest" "$(stat -c %a "$1/$_dest")"
        fi
    done
}

test_install() {
    _inst="$TEST_TMP/inst"
    _linked=yes
    cp -al "$PREFIX" "$_inst" 2>/dev/null || { _linked=no; rm -rf "$_inst"; cp -a "$PREFIX" "$_inst"; }
    _env="environment-setup-$T"
    _before=$(cksum < "$PREFIX/$_env" 2>/dev/null)
    if ! logged install1 sh "$TOP/cmake/install.sh" "$_inst" || ! logged install2 sh "$TOP/cmake/install.sh" "$_inst"; then
        fail install-idempotent "cmake/install.sh failed: $(why install2)$(why install1)"
        return
    fi
    _bad=$(installed_wrong "$_inst")
    find "$_inst" -name '*.tmp.*' | grep -q . && _bad="$_bad (temporary files left)"
    # Replaced, not rewritten in place: a hard-linked twin must keep its own file.
    [ "$(cksum < "$PREFIX/$_env" 2>/dev/null)" = "$_before" ] || _bad="$_bad (rewrote the original through a hard link)"
    if [ "$_linked" = yes ] && [ -f "$PREFIX/$_env" ] \
        && [ "$(stat -c %i "$PREFIX/$_env")" = "$(stat -c %i "$_inst/$_env")" ]; then
        _bad="$_bad (wrote through a hard link)"
    fi
    if [ -z "$_bad" ]; then pass install-idempotent; else fail install-idempotent "after two runs, wrong:$_bad"; fi

    # The prefix under test must carry the glue of this checkout (build.sh installs it).
    _stale=$(installed_wrong "$PREFIX")
    if [ -z "$_stale" ]; then pass installed-glue-current
    else fail installed-glue-current "$PREFIX has missing or older files:$_stale (./build.sh installs them)"; fi
}

test_shellcheck() {
    if ! command -v shellcheck > /dev/null 2>&1; then
        skip shellcheck "shellcheck is not installed (apt-get install shellcheck)"; return
    fi
    if logged shellcheck sh -c 'shellcheck -S warning "$1/cmake/install.sh" "$1/cmake/x86_64-linux-gnux32-pkg-config" \
            "$1/cmake/config.site" "$1/cmake/x86_64-linux-gnux32-clang" "$1"/tests/glue/*.sh \
        && shellcheck -S warning -s sh "$1/cmake/environment-setup-x86_64-linux-gnux32" \
        && shellcheck -S warning -s bash "$1/cmake/environment-setup-x86_64-linux-gnux32"' _ "$TOP"; then
        pass shellcheck
    else
        fail shellcheck "$(grep -m1 -E '^In |SC[0-9]+' "$LOGS/shellcheck.log")"
    fi
}
