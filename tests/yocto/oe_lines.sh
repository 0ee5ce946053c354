# shellcheck shell=sh
# shellcheck disable=SC2154 # run, cc, here, progs, D, LIBS and TEST_TMP are set by run.sh
# tests/yocto/oe_lines.sh: sourced by run.sh. The command lines OpenEmbedded generates
# for x32 with meta-x32-sdk, taken from a series' `bitbake -e` output (bitbake/), made
# into scripts with the recipe's paths replaced by this suite's rootfs, and run there:
#
#   meson_exe_wrapper      glib-2.0's write_qemuwrapper() -> meson-qemuwrapper, meson's
#                          exe_wrapper for `meson test`
#   qemu_wrapper_cmdline   the same wrapper (oe.qemu.qemu_wrapper_cmdline) runs cachegen
#   postinst_intercept     qemuwrapper-cross's do_install() -> qemuwrapper; glib-2.0's
#                          gio_module_cache_common() and OE-Core's postinst_intercept
#                          script -> update_gio_module_cache, run as oe.rootfs runs it
#   cmake_emulator         cmake_do_generate_toolchain_file() of a cmake-qemu recipe ->
#                          cmake-qemuwrapper
#
# Under bitbake x32-run is on PATH (x32-run-native's sysroot): here bin/x32-run is a
# link to the runner under test. Each case is oe_NAME SERIES OUT.

oe_line_cases="meson_exe_wrapper qemu_wrapper_cmdline postinst_intercept cmake_emulator"

# oe_lines_bin: the PATH entry standing for the native sysroot's bin.
oe_lines_bin() {
    _b=$TEST_TMP/oe-bin
    [ -d "$_b" ] && return
    mkdir -p "$_b"
    ln -s "$run" "$_b/x32-run"
    # pseudo makes the intercepts' `chown root:root` succeed under bitbake; a user
    # that is not root needs the same pretence here.
    [ "$(id -u)" = 0 ] || printf '#!/bin/sh\nexit 0\n' > "$_b/chown"
    [ -f "$_b/chown" ] && chmod +x "$_b/chown"
}

# oe_script NAME ENVFILE FUNC OUT [FROM TO]...: oe_func_script, FAIL NAME when FUNC is
# not in ENVFILE.
oe_script() {
    _sn=$1; shift
    oe_func_script "$@" && return 0
    fail "$_sn" "no $2() in $1"; return 1
}

# oe_meson_wrapper SERIES OUT: writes $TEST_TMP/oe-SERIES/glib/meson-qemuwrapper from
# glib-2.0's write_qemuwrapper with STAGING_DIR_HOST the rootfs; prints its path.
oe_meson_wrapper() {
    _w=$TEST_TMP/oe-$1/glib
    _e=$2/glib-2.0.env
    if [ ! -x "$_w/meson-qemuwrapper" ]; then
        mkdir -p "$_w"
        # STAGING_DIR_HOST lies inside WORKDIR: it is replaced first. scarthgap's
        # function names $STAGING_DIR_HOST unexpanded, so it is set as well.
        # wrynose: write_qemuwrapper; scarthgap writes it in do_write_config.
        _f=write_qemuwrapper
        oe_func "$_e" "$_f" | grep -q . || _f=do_write_config
        oe_func_script "$_e" "$_f" "$_w/write_qemuwrapper" \
            "$(oe_var "$_e" STAGING_DIR_HOST)" "$D" "$(oe_var "$_e" WORKDIR)" "$_w" || return 1
        STAGING_DIR_HOST=$D sh "$_w/write_qemuwrapper" > "$_w/write.log" 2>&1 || return 1
    fi
    echo "$_w/meson-qemuwrapper"
}

oe_meson_exe_wrapper() {
    _n=meson_exe_wrapper_$1
    if ! command -v meson > /dev/null 2>&1 || ! command -v ninja > /dev/null 2>&1; then
        skip "$_n" "meson or ninja is not installed (apt-get install meson ninja-build)"; return
    fi
    _wr=$(oe_meson_wrapper "$1" "$2") || { fail "$_n" "glib-2.0's write_qemuwrapper did not write a wrapper: $(tail -n 1 "$TEST_TMP/oe-$1/glib/write.log" 2>/dev/null)"; return; }
    grep -q 'x32-run' "$_wr" || { fail "$_n" "the wrapper does not run x32-run: $(grep -m1 PSEUDO_UNLOAD "$_wr")"; return; }
    sed 's/^/    | /' "$_wr"
    printf "[binaries]\nc = '%s'\nexe_wrapper = '%s'\n\n[properties]\nneeds_exe_wrapper = true\n\n[host_machine]\nsystem = 'linux'\ncpu_family = 'x86_64'\ncpu = 'x86_64'\nendian = 'little'\n" \
        "$cc" "$_wr" > "$TEST_TMP/meson-$1.cross"
    _b=$TEST_TMP/meson-build-$1
    # Under bitbake do_configure has x32-run on PATH too: meson's sanity check runs
    # the wrapper.
    if ! PATH="$TEST_TMP/oe-bin:$PATH" meson setup --cross-file "$TEST_TMP/meson-$1.cross" "$_b" "$here/meson-project" > "$TEST_TMP/meson-$1.log" 2>&1; then
        fail "$_n" "meson setup failed: $(tail -n 1 "$TEST_TMP/meson-$1.log")"; return
    fi
    oe "$TEST_TMP/mesontest-$1" env PATH="$TEST_TMP/oe-bin:$PATH" meson test -C "$_b" --print-errorlogs
    ok "$_n" "$TEST_TMP/mesontest-$1" || { sed 's/^/    | /' "$TEST_TMP/mesontest-$1.out" | tail -n 15; return; }
    if grep -q 'x32 under the exe wrapper' "$_b/meson-logs/testlog.txt"; then
        pass "$_n"
    else
        fail "$_n" "the test's output is not in $_b/meson-logs/testlog.txt"
    fi
    # For the VM comparison (vm_compare.sh).
    cp "$_b/ptrsize" "$D/usr/bin/ptrsize"
}

oe_qemu_wrapper_cmdline() {
    _n=qemu_wrapper_cmdline_$1
    _wr=$(oe_meson_wrapper "$1" "$2") || { fail "$_n" "glib-2.0's write_qemuwrapper did not write a wrapper"; return; }
    _rel=$(oe_var "$2/glib-2.0.env" OLDEST_KERNEL)
    rm -f "$D/var/cache/cachegen/index"
    oe "$TEST_TMP/wrap-$1" env PATH="$TEST_TMP/oe-bin:$PATH" "$_wr" "$D/usr/bin/cachegen" \
        "$D/usr/share/cachegen" "$D/var/cache/cachegen/index"
    ok "$_n" "$TEST_TMP/wrap-$1" || return
    _got=$(head -n 1 "$D/var/cache/cachegen/index"; sed 1d "$D/var/cache/cachegen/index" | cut -d' ' -f1,2)
    if [ "$_got" != "$(expected_cache_names)" ]; then
        fail "$_n" "cache is '$(echo "$_got" | tr '\n' '|')'"
    else
        # -r OLDEST_KERNEL of the generated line reached the program.
        want_line "$_n" "$TEST_TMP/wrap-$1.out" \
            "cachegen: $D/var/cache/cachegen/index written on release $_rel" && pass "$_n"
    fi
}

oe_postinst_intercept() {
    _n=postinst_intercept_$1
    _w=$TEST_TMP/oe-$1/intercept
    _q=$2/qemuwrapper-cross.env _g=$2/glib-2.0.env
    mkdir -p "$_w/image"
    # qemuwrapper-cross's do_install, its ${D} here: the wrapper the intercepts call.
    oe_script "$_n" "$_q" do_install "$_w/qemuwrapper-install" "$(oe_var "$_q" D)" "$_w/image" || return
    if ! sh "$_w/qemuwrapper-install" > "$_w/install.log" 2>&1; then
        fail "$_n" "qemuwrapper-cross's do_install failed: $(tail -n 1 "$_w/install.log")"; return
    fi
    _xbin=$_w/image$(oe_var "$_q" bindir_crossscripts)
    [ -x "$_xbin/qemuwrapper" ] || { fail "$_n" "do_install wrote no $_xbin/qemuwrapper"; return; }
    sed 's/^/    | /' "$_xbin/qemuwrapper"
    # The rootfs's intercept directory: OE-Core's scripts, as oe.package_manager copies them.
    _corebase=$(oe_var "$_g" COREBASE)
    rm -rf "$_w/intercepts"; mkdir -p "$_w/intercepts"
    cp "$_corebase"/scripts/postinst-intercepts/* "$_w/intercepts/" \
        || { fail "$_n" "no intercept scripts in $_corebase/scripts/postinst-intercepts"; return; }
    # The x32 stand-in for gio-querymodules where the recipe's paths put it, and
    # modules for it to index.
    _libexec=$(oe_var "$_g" libexecdir) _libdir=$(oe_var "$_g" libdir)
    mkdir -p "$D$_libexec" "$D$_libdir/gio/modules"
    cp "$progs/cachegen" "$D$_libexec/gio-querymodules"
    cp "$D"/usr/share/cachegen/*.dat "$D$_libdir/gio/modules/"
    rm -f "$D$_libdir/gio/modules/giomodule.cache"
    # glib-2.0's postinst part, as the package manager runs it at do_rootfs ($D set):
    # it hands update_gio_module_cache to the intercept directory.
    oe_script "$_n" "$_g" gio_module_cache_common "$_w/postinst" || return
    if ! env D="$D" INTERCEPT_DIR="$_w/intercepts" sh "$_w/postinst" > "$_w/postinst.log" 2>&1; then
        fail "$_n" "glib-2.0's postinst failed: $(tail -n 1 "$_w/postinst.log")"; return
    fi
    # oe.package_manager's run_intercepts: each executable script but postinst_intercept
    # and delay_to_first_boot, with D the rootfs.
    _ran=""
    for _s in "$_w/intercepts"/*; do
        case ${_s##*/} in postinst_intercept|delay_to_first_boot*) continue ;; esac
        [ -x "$_s" ] || continue
        _ran="$_ran ${_s##*/}"
        oe "$_w/${_s##*/}" env D="$D" PATH="$_xbin:$TEST_TMP/oe-bin:$PATH" "$_s"
        if grep -q 'qemuwrapper: qemu usermode is not supported' "$_w/${_s##*/}.out" "$_w/${_s##*/}.err"; then
            fail "$_n" "${_s##*/} would be postponed to the first boot: qemu usermode is not supported"; return
        fi
        ok "$_n" "$_w/${_s##*/}" || return
    done
    [ "$_ran" = " update_gio_module_cache" ] || { fail "$_n" "intercepts run:${_ran:- none}, want update_gio_module_cache"; return; }
    _c=$D$_libdir/gio/modules/giomodule.cache
    [ -f "$_c" ] || { fail "$_n" "no $_c after update_gio_module_cache"; return; }
    _got=$(head -n 1 "$_c"; sed 1d "$_c" | cut -d' ' -f1,2)
    if [ "$_got" = "$(expected_cache_names)" ]; then
        pass "$_n"
    else
        fail "$_n" "cache is '$(echo "$_got" | tr '\n' '|')'"
    fi
}

oe_cmake_emulator() {
    _n=cmake_emulator_$1
    _w=$TEST_TMP/oe-$1/cmake
    _e=$2/cmake-qemu.env
    mkdir -p "$_w"
    oe_script "$_n" "$_e" cmake_do_generate_toolchain_file "$_w/generate" \
        "$(oe_var "$_e" STAGING_DIR_HOST)" "$D" "$(oe_var "$_e" WORKDIR)" "$_w" || return
    if ! sh "$_w/generate" > "$_w/generate.log" 2>&1; then
        fail "$_n" "cmake_do_generate_toolchain_file failed: $(tail -n 1 "$_w/generate.log")"; return
    fi
    _emu=$(sed -n 's/^set( *CMAKE_CROSSCOMPILING_EMULATOR \([^ )]*\) *)$/\1/p' "$_w/toolchain.cmake")
    if [ -z "$_emu" ] || [ ! -x "$_emu" ]; then
        fail "$_n" "toolchain.cmake names no emulator that exists: $(grep EMULATOR "$_w/toolchain.cmake")"; return
    fi
    sed 's/^/    | /' "$_emu"
    # What ctest or try_run does with it: the emulator, then the program and its arguments.
    oe "$_w/run" env PATH="$TEST_TMP/oe-bin:$PATH" "$_emu" "$D/usr/bin/showenv" one
    ok "$_n" "$_w/run" || return
    want_line "$_n" "$_w/run.out" "argv0=$D/usr/bin/showenv ptr=4 release=$(oe_var "$_e" OLDEST_KERNEL)" \
        && want_line "$_n" "$_w/run.out" "rootfs-only=yes" && want_line "$_n" "$_w/run.out" "arg1=one" \
        && pass "$_n"
}
