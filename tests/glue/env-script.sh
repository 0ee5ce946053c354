# shellcheck shell=sh
# tests/glue/env-script.sh: the environment script (environment-setup-x86_64-linux-gnux32)
# sourced by sh and bash, from the prefix and a moved copy, and X32_TREE=1.
# Sourced by tests/glue/run.sh, which runs the test_ functions in its order; TOP, HERE,
# T, PREFIX, MOVED, TEST_TMP, LOGS, RUNNER_OK and the helpers come from there.
# shellcheck disable=SC2154

test_env_script() {
    _e="$PREFIX/environment-setup-$T"
    # shellcheck disable=SC2016 # expanded by the inner shell
    if ! logged env-bash env -u X32_SDK_PREFIX bash -c '
            . "$1" || exit 1
            . "$1" || exit 1
            for v in SDKTARGETSYSROOT CC CXX CPP AS LD AR NM STRIP RANLIB OBJCOPY OBJDUMP READELF \
                     CFLAGS CXXFLAGS LDFLAGS CONFIGURE_FLAGS CONFIG_SITE PKG_CONFIG_SYSROOT_DIR \
                     PKG_CONFIG_PATH TARGET_PREFIX CROSS_COMPILE ARCH OECORE_TARGET_SYSROOT \
                     OECORE_NATIVE_SYSROOT OECORE_TARGET_ARCH OECORE_TARGET_OS OECORE_TARGET_BITS \
                     OECORE_BASELIB CMAKE_TOOLCHAIN_FILE X32_RUN X32_MESON_CROSS_FILE; do
                eval "val=\${$v-}"; [ -n "$val" ] || { echo "missing: $v"; exit 1; }
            done
            echo "sysroot=$SDKTARGETSYSROOT"
            echo "bin_in_path=$(printf %s "$PATH" | tr : "\n" | grep -cxF "$OECORE_NATIVE_SYSROOT/bin")"
            echo "cc=$CC"
            echo "flags=$CONFIGURE_FLAGS"
            echo "target=$OECORE_TARGET_ARCH/$OECORE_TARGET_OS/$OECORE_TARGET_BITS/$OECORE_BASELIB/$ARCH"
            for f in "$CONFIG_SITE" "$CMAKE_TOOLCHAIN_FILE" "$X32_MESON_CROSS_FILE"; do
                [ -f "$f" ] || { echo "missing file: $f"; exit 1; }
            done
            printf "int main(void) { return 0; }\n" > "$2/env.c"
            $CC $CFLAGS $LDFLAGS "$2/env.c" -o "$2/env-prog" || exit 1
            $CXX $CXXFLAGS $LDFLAGS -x c++ "$2/env.c" -o "$2/env-prog-cxx" || exit 1
            $PKG_CONFIG --version > /dev/null || exit 1
        ' _ "$_e" "$TEST_TMP"; then
        fail env-script-bash "$(why env-bash)"
    else
        _l="$LOGS/env-bash.log" _bad=""
        [ "$(fact "$_l" sysroot)" = "$PREFIX/$T/sysroot" ] || _bad="$_bad SDKTARGETSYSROOT=$(fact "$_l" sysroot)"
        [ "$(fact "$_l" bin_in_path)" = 1 ] || _bad="$_bad PATH holds PREFIX/bin $(fact "$_l" bin_in_path) times after sourcing twice"
        case $(fact "$_l" cc) in "$T-gcc --sysroot=$PREFIX/$T/sysroot") ;; *) _bad="$_bad CC=$(fact "$_l" cc)" ;; esac
        case $(fact "$_l" flags) in *"--host=$T"*"--build=x86_64-linux-gnu"*"--with-sysroot=$PREFIX/$T/sysroot"*) ;;
            *) _bad="$_bad CONFIGURE_FLAGS=$(fact "$_l" flags)" ;; esac
        [ "$(fact "$_l" target)" = "x86_64/linux-gnux32/32/libx32/x86" ] || _bad="$_bad OECORE_*/ARCH=$(fact "$_l" target)"
        [ "$(elf_class "$TEST_TMP/env-prog")" = x32 ] || _bad="$_bad \$CC built $(elf_class "$TEST_TMP/env-prog")"
        [ "$(elf_class "$TEST_TMP/env-prog-cxx")" = x32 ] || _bad="$_bad \$CXX built $(elf_class "$TEST_TMP/env-prog-cxx")"
        if [ -z "$_bad" ]; then pass env-script-bash; else fail env-script-bash "wrong:$_bad"; fi
    fi

    # dash cannot tell a sourced file its path: the documented way is from the prefix.
    # shellcheck disable=SC2016
    if _out=$(cd "$MOVED" && env -u X32_SDK_PREFIX dash -c '. ./environment-setup-x86_64-linux-gnux32 && echo "$SDKTARGETSYSROOT"' 2>&1) \
        && [ "$_out" = "$MOVED/$T/sysroot" ]; then
        pass env-script-dash-moved
    else fail env-script-dash-moved "sourcing from $MOVED in dash gave: $(printf '%s' "$_out" | tail -n 1)"; fi
    # shellcheck disable=SC2016
    _out=$(cd "$TEST_TMP" && dash -c '. "$1"; echo "rc=$? CC=${CC-unset}"' _ "$MOVED/environment-setup-$T" 2>&1)
    case $_out in
        *"cannot tell where"*"rc=1 CC=unset"*) pass env-script-dash-elsewhere ;;
        *) fail env-script-dash-elsewhere "expected a refusal explaining how to source it: $(printf '%s' "$_out" | tail -n 2 | tr '\n' ' ')" ;;
    esac

    if command -v zsh > /dev/null 2>&1; then
        # shellcheck disable=SC2016
        if _out=$(cd "$TEST_TMP" && zsh -c '. "$1" && echo "$SDKTARGETSYSROOT"' _ "$MOVED/environment-setup-$T" 2>&1) \
            && [ "$_out" = "$MOVED/$T/sysroot" ]; then pass env-script-zsh
        else fail env-script-zsh "zsh gave: $(printf '%s' "$_out" | tail -n 1)"; fi
    else
        skip env-script-zsh "zsh is not installed"
    fi

    # shellcheck disable=SC2016
    _out=$(LD_LIBRARY_PATH=/opt/elsewhere/lib bash -c '. "$1"; echo "rc=$? CC=${CC-unset}"' _ "$_e" 2>&1)
    case $_out in
        *"LD_LIBRARY_PATH is set"*"rc=1 CC=unset"*) pass env-script-ld-library-path ;;
        *) fail env-script-ld-library-path "expected a refusal naming LD_LIBRARY_PATH: $(printf '%s' "$_out" | tail -n 1)" ;;
    esac

    _out=$(bash "$_e" 2>&1); _rc=$?
    case "$_rc $_out" in
        "1 "*"source this file"*) pass env-script-executed ;;
        *) fail env-script-executed "running (not sourcing) it: exit $_rc, $(printf '%s' "$_out" | tail -n 1)" ;;
    esac

    mkdir -p "$TEST_TMP/links"; ln -sf "$MOVED/environment-setup-$T" "$TEST_TMP/links/x32-env"
    # shellcheck disable=SC2016
    _out=$(env -u X32_SDK_PREFIX bash -c '. "$1" && echo "$SDKTARGETSYSROOT"' _ "$TEST_TMP/links/x32-env" 2>&1)
    if [ "$_out" = "$MOVED/$T/sysroot" ]; then pass env-script-symlinked
    else fail env-script-symlinked "sourced through a symlink: $(printf '%s' "$_out" | tail -n 1)"; fi

    mkdir -p "$TEST_TMP/lonely"; cp "$_e" "$TEST_TMP/lonely/"
    # shellcheck disable=SC2016
    _out=$(bash -c '. "$1"; echo "rc=$?"' _ "$TEST_TMP/lonely/environment-setup-$T" 2>&1)
    case $_out in
        *"no x32 SDK at $TEST_TMP/lonely"*"rc=1") pass env-script-wrong-prefix ;;
        *) fail env-script-wrong-prefix "expected 'no x32 SDK at $TEST_TMP/lonely': $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
    # shellcheck disable=SC2016
    _out=$(bash -c '. "$1"; echo "rc=$?"' _ "$TEST_TMP/unbuilt/x32-sdk/environment-setup-$T" 2>&1)
    case $_out in
        *"not completely built"*"rc=1") pass env-script-unbuilt-sdk ;;
        *) fail env-script-unbuilt-sdk "expected 'not completely built': $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
}

# X32_TREE=1: the environment script continues inside x32-run --tree, where an x32 program
# started directly (./hello, as scripts and drivers do) runs under the runner.
test_env_tree() {
    if [ "$RUNNER_OK" != yes ]; then skip env-script-tree "$RUNNER_WHY"; return; fi
    mkdir -p "$TEST_TMP/envtree"
    cp "$TEST_TMP/probe/hello" "$TEST_TMP/envtree/hello"
    # A CI script run by dash: it sources the script from the prefix, as documented.
    cat > "$TEST_TMP/envtree/ci.sh" <<EOF
echo "script starts"
export X32_TREE=1
cd "$PREFIX" && . ./environment-setup-$T && cd "$TEST_TMP/envtree" || exit 9
echo "tree=\$X32_TREE"
./hello
EOF
    _out=$(cd "$TEST_TMP/envtree" && dash "$TEST_TMP/envtree/ci.sh" 2>&1); _rc=$?
    case "$_rc $_out" in
        "0 script starts"*"script starts"*"tree=binfmt"*"x32 runs"|"0 script starts"*"script starts"*"tree=preload"*"x32 runs")
            pass env-script-tree ;;
        *) fail env-script-tree "exit $_rc: $(printf '%s' "$_out" | tr '\n' ' ' | cut -c1-300)" ;;
    esac
    # Neither interactive nor a script file: one line saying what to do instead.
    # shellcheck disable=SC2016
    _out=$(X32_TREE=1 bash -c '. "$1"; echo "rc=$?"' _ "$PREFIX/environment-setup-$T" 2>&1)
    case $_out in
        *"x32-run --tree -- COMMAND"*"rc=1") pass env-script-tree-no-script ;;
        *) fail env-script-tree-no-script "expected the x32-run --tree advice: $(printf '%s' "$_out" | tail -n 1)" ;;
    esac
}
