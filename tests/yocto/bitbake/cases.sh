# shellcheck shell=sh
# shellcheck disable=SC2154 # top and TEST_TMP are set by run.sh, oe_out by oe_parse
# tests/yocto/bitbake/cases.sh: sourced by run.sh. What meta-x32-sdk's README promises,
# asserted on the output of one series' parse (parse.sh): `bitbake -p` of all OE-Core
# and `bitbake -e` of the base configuration and of the recipes that use qemu-usermode.
# Each case is bb_NAME SERIES and prints one PASS/FAIL line for NAME_SERIES.

bb_cases="bitbake_parse_all bitbake_base_config bitbake_qemuwrapper_cross bitbake_glib
bitbake_cmake_qemu bitbake_python3_pgo bitbake_postinst_intercept bitbake_recipe_licence
bitbake_non_x32_tune_untouched bitbake_x32_without_class"

# bb_env NAME QUERY: the query ran and printed an environment; else FAIL NAME.
bb_env() {
    if [ "$(cat "$oe_out/$2.rc" 2>/dev/null)" = 0 ] && [ -n "$(oe_var "$oe_out/$2.env" MACHINE)" ]; then
        return 0
    fi
    fail "$1" "bitbake -e for $2 failed: $(grep -m1 '^ERROR' "$oe_out/$2.err" "$oe_out/$2.env" 2>/dev/null | cut -c1-300)"
    return 1
}
# bb_want NAME QUERY VAR VALUE: VAR is VALUE in that query's output.
bb_want() {
    _v=$(oe_var "$oe_out/$2.env" "$3")
    [ "$_v" = "$4" ] && return 0
    fail "$1" "$2: $3=\"$_v\", want \"$4\""; return 1
}
# bb_has_word NAME QUERY VAR WORD [no]: WORD is (with "no": is not) one of VAR's words.
bb_has_word() {
    case " $(oe_var "$oe_out/$2.env" "$3") " in
        *" $4 "*) [ "${5:-}" != no ] && return 0 ;;
        *) [ "${5:-}" = no ] && return 0 ;;
    esac
    fail "$1" "$2: $3 ${5:+does not }lack${5:-s} '$4': $(oe_var "$oe_out/$2.env" "$3" | cut -c1-300)"
    return 1
}
# bb_func_has NAME QUERY FUNC TEXT: FUNC's text in that output contains TEXT.
bb_func_has() {
    oe_func "$oe_out/$2.env" "$3" | grep -qF -- "$4" && return 0
    fail "$1" "$2: $3() has no '$4': $(oe_func "$oe_out/$2.env" "$3" | grep -m1 'qemu\|x32-run' | sed 's/^ *//')"
    return 1
}
# bb_cmdline QUERY: what oe.qemu.qemu_wrapper_cmdline starts with there, from its own
# QEMU_OPTIONS: "PSEUDO_UNLOAD=1 x32-run <QEMU_OPTIONS> -L ".
bb_cmdline() {
    printf 'PSEUDO_UNLOAD=1 x32-run %s -L ' "$(oe_var "$oe_out/$1.env" QEMU_OPTIONS)"
}

# bb_meson_func QUERY: the function that writes meson-qemuwrapper: write_qemuwrapper
# (wrynose), or do_write_config itself (scarthgap).
bb_meson_func() {
    if oe_func "$oe_out/$1.env" write_qemuwrapper | grep -q .; then echo write_qemuwrapper; else echo do_write_config; fi
}

bb_bitbake_parse_all() {
    _n=bitbake_parse_all_$1
    if [ "$(cat "$oe_out/parse.rc")" != 0 ]; then
        fail "$_n" "bitbake -p exited $(cat "$oe_out/parse.rc"): $(grep -m1 '^ERROR' "$oe_out/parse.log" | cut -c1-300)"; return
    fi
    # Every recipe of OE-Core, x32 tune and layer on: no error and no warning at all
    # (OE-Core alone prints none, so any would be the layer's).
    if grep -q '^ERROR\|^WARNING' "$oe_out/parse.log"; then
        fail "$_n" "$(grep -c '^ERROR\|^WARNING' "$oe_out/parse.log") errors or warnings, first: $(grep -m1 '^ERROR\|^WARNING' "$oe_out/parse.log" | cut -c1-300)"; return
    fi
    _sum=$(grep '^Parsing of .* complete' "$oe_out/parse.log")
    case $_sum in
        *" 0 errors."*) printf '%s: %s\n' "$_n" "$_sum"; pass "$_n" ;;
        *) fail "$_n" "no parse summary with 0 errors: '$_sum'" ;;
    esac
}

bb_bitbake_base_config() {
    _n=bitbake_base_config_$1
    bb_env "$_n" base || return
    bb_want "$_n" base MACHINE qemux86-64 && bb_want "$_n" base TUNE_FEATURES mx32 \
        && bb_has_word "$_n" base BBFILE_COLLECTIONS x32-sdk \
        && bb_has_word "$_n" base INHERIT x32-usermode \
        && bb_has_word "$_n" base LAYERSERIES_COMPAT_x32-sdk "$1" \
        && bb_has_word "$_n" base MACHINE_FEATURES qemu-usermode || return
    # LAYERSERIES_COMPAT names only series this suite parses.
    for _w in $(oe_var "$oe_out/base.env" LAYERSERIES_COMPAT_x32-sdk); do
        case " $oe_series" in
            *" $_w:"*) ;;
            *) fail "$_n" "LAYERSERIES_COMPAT_x32-sdk names $_w, which tests/yocto does not parse"; return ;;
        esac
    done
    pass "$_n"
}

bb_bitbake_qemuwrapper_cross() {
    _n=bitbake_qemuwrapper_cross_$1
    bb_env "$_n" qemuwrapper-cross || return
    _arch=$(oe_var "$oe_out/qemuwrapper-cross.env" PACKAGE_ARCH)
    bb_want "$_n" qemuwrapper-cross "QEMU_TARGET_BINARY_$_arch" x32-run \
        && bb_has_word "$_n" qemuwrapper-cross DEPENDS x32-run-native \
        && bb_func_has "$_n" qemuwrapper-cross do_install 'qemu_binary=x32-run' \
        && bb_func_has "$_n" qemuwrapper-cross do_install 'if [ True = False -a ' \
        && pass "$_n"
}

bb_bitbake_glib() {
    _n=bitbake_glib_$1
    bb_env "$_n" glib-2.0 || return
    bb_want "$_n" glib-2.0 EXEWRAPPER_ENABLED True && bb_want "$_n" glib-2.0 GI_DATA_ENABLED True \
        && bb_has_word "$_n" glib-2.0 DEPENDS x32-run-native \
        && bb_func_has "$_n" glib-2.0 "$(bb_meson_func glib-2.0)" "qemu_binary=\"$(bb_cmdline glib-2.0)" \
        && pass "$_n"
}

bb_bitbake_cmake_qemu() {
    _n=bitbake_cmake_qemu_$1
    bb_env "$_n" cmake-qemu || return
    bb_has_word "$_n" cmake-qemu DEPENDS x32-run-native \
        && bb_func_has "$_n" cmake-qemu cmake_do_generate_toolchain_file "qemu_binary=\"$(bb_cmdline cmake-qemu)" \
        && bb_func_has "$_n" cmake-qemu cmake_do_generate_toolchain_file 'CMAKE_CROSSCOMPILING_EMULATOR' \
        && pass "$_n"
}

bb_bitbake_python3_pgo() {
    _n=bitbake_python3_pgo_$1
    # Without qemu-usermode the recipe stops the parse: "pgo cannot be enabled".
    bb_env "$_n" python3 || return
    bb_has_word "$_n" python3 PACKAGECONFIG pgo && bb_has_word "$_n" python3 DEPENDS x32-run-native \
        && bb_func_has "$_n" python3 write_pgo_wrapper "$(bb_cmdline python3)" \
        && pass "$_n"
}

bb_bitbake_postinst_intercept() {
    _n=bitbake_postinst_intercept_$1
    # glib-2.0 inherits gio-module-cache: its postinst hands update_gio_module_cache to
    # the rootfs, which runs it through qemuwrapper-cross. What the packages need at
    # rootfs time: qemuwrapper-cross (wrynose, whose DEPENDS has x32-run-native), or
    # qemu-native (scarthgap), next to which x32-run-native must be.
    bb_env "$_n" glib-2.0 || return
    case " $(oe_var "$oe_out/glib-2.0.env" PACKAGE_WRITE_DEPS) " in
        *" qemuwrapper-cross "*) ;;
        *) bb_has_word "$_n" glib-2.0 PACKAGE_WRITE_DEPS x32-run-native || return ;;
    esac
    # shellcheck disable=SC2016 # the function's own text
    bb_func_has "$_n" glib-2.0 gio_module_cache_common '$INTERCEPT_DIR/postinst_intercept update_gio_module_cache' \
        && pass "$_n"
}

bb_bitbake_recipe_licence() {
    _n=bitbake_recipe_licence_$1
    bb_env "$_n" x32-run-native || return
    bb_want "$_n" x32-run-native LICENSE MIT || return
    _lic=$(oe_var "$oe_out/x32-run-native.env" LIC_FILES_CHKSUM)
    _s=$(oe_var "$oe_out/x32-run-native.env" S)
    # As do_populate_lic reads it: file://PATH;md5=SUM, PATH relative to S.
    _path=${_lic#file://}; _path=${_path%%;*}
    case $_path in /*) ;; *) _path=$_s/$_path ;; esac
    _want=$(printf '%s\n' "$_lic" | sed -n 's/.*;md5=\([0-9a-f]*\).*/\1/p')
    if [ ! -f "$_path" ]; then
        fail "$_n" "LIC_FILES_CHKSUM names $_path, which does not exist (S=$_s)"; return
    fi
    _got=$(md5sum < "$_path" | cut -d' ' -f1)
    if [ "$_got" != "$_want" ]; then
        fail "$_n" "md5 of $_path is $_got, LIC_FILES_CHKSUM says $_want"
    elif ! cmp -s "$_path" "$top/LICENSE"; then
        fail "$_n" "LIC_FILES_CHKSUM names $_path, not the repository's LICENSE"
    else
        pass "$_n"
    fi
}

bb_bitbake_non_x32_tune_untouched() {
    _n=bitbake_non_x32_tune_untouched_$1
    # mc:plain (core2-64, class inherited) against mc:plain-nolayer (class removed):
    # every variable and function the same but the class's own.
    for _r in glib-2.0 qemuwrapper-cross; do
        bb_env "$_n" "plain-$_r" && bb_env "$_n" "plain-nolayer-$_r" || return
        bb_want "$_n" "plain-$_r" TUNE_FEATURES "$(oe_var "$oe_out/plain-nolayer-$_r.env" TUNE_FEATURES)" || return
        bb_has_word "$_n" "plain-$_r" TUNE_FEATURES mx32 no || return
        oe_records "$oe_out/plain-$_r.env" > "$TEST_TMP/bb-$1-plain"
        sed 's/plain-nolayer/plain/g' "$oe_out/plain-nolayer-$_r.env" > "$TEST_TMP/bb-$1-nolayer.env"
        oe_records "$TEST_TMP/bb-$1-nolayer.env" > "$TEST_TMP/bb-$1-nolayer"
        diff "$TEST_TMP/bb-$1-plain" "$TEST_TMP/bb-$1-nolayer" | sed -n 's/^[<>] \([^	]*\)	.*/\1/p' \
            | sort -u > "$TEST_TMP/bb-$1-differ"
        if ! grep -qx INHERIT "$TEST_TMP/bb-$1-differ"; then
            fail "$_n" "$_r: mc:plain and mc:plain-nolayer do not differ in INHERIT: the comparison saw no class"; return
        fi
        # Allowed: the class's own names (INHERIT, the QEMU_TARGET_BINARY_* it sets,
        # read only for x32 package architectures, its event handler, bitbake's
        # bookkeeping of inherited files and handlers), the multiconfig's own name in
        # BBMULTICONFIG, and what belongs to the command rather than the configuration
        # (its time, log file names, the environment it started in).
        _d=$(grep -v '^INHERIT$\|^QEMU_TARGET_BINARY_\|^x32_usermode_depends$\|^__BBHANDLERS\|^__inherit_cache$\|^BBINCLUDED$' "$TEST_TMP/bb-$1-differ" \
            | grep -vx 'BBMULTICONFIG\|DATE\|TIME\|DATETIME\|BB_CONSOLELOG\|BB_DEFAULT_EVENTLOG\|BB_ORIGENV' | tr '\n' ' ')
        if [ -n "$_d" ]; then
            fail "$_n" "$_r for core2-64 differs with x32-usermode in: $_d"; return
        fi
        if [ "$(wc -l < "$TEST_TMP/bb-$1-plain")" -lt 100 ]; then
            fail "$_n" "$_r: only $(wc -l < "$TEST_TMP/bb-$1-plain") variables read from bitbake -e"; return
        fi
    done
    bb_has_word "$_n" plain-glib-2.0 MACHINE_FEATURES qemu-usermode \
        && bb_has_word "$_n" plain-glib-2.0 DEPENDS x32-run-native no \
        && bb_func_has "$_n" plain-qemuwrapper-cross do_install 'qemu_binary=qemu-x86_64' \
        && pass "$_n"
}

bb_bitbake_x32_without_class() {
    _n=bitbake_x32_without_class_$1
    # mc:x32-off: the same x32 tune with the class removed is what OE-Core does alone,
    # so the results above are the class's doing.
    bb_env "$_n" x32-off-glib-2.0 && bb_env "$_n" x32-off-qemuwrapper-cross || return
    bb_want "$_n" x32-off-glib-2.0 TUNE_FEATURES mx32 \
        && bb_has_word "$_n" x32-off-glib-2.0 MACHINE_FEATURES qemu-usermode no \
        && bb_want "$_n" x32-off-glib-2.0 EXEWRAPPER_ENABLED False \
        && bb_has_word "$_n" x32-off-glib-2.0 DEPENDS x32-run-native no \
        && bb_func_has "$_n" x32-off-qemuwrapper-cross do_install 'if [ False = False -a ' \
        && bb_func_has "$_n" x32-off-qemuwrapper-cross do_install 'qemu_binary=qemu-x86_64' \
        && pass "$_n"
}

# bb_suite: each series parsed and its cases run, or each case SKIP (archive or host
# not there) or FAIL (the parse broke) with the reason. Leaves oe_parsed, "SERIES=OUT"
# for every series whose queries are there, and the reason for the others in
# $TEST_TMP/oe-why-SERIES (for oe_lines.sh's cases). Its variables start with _bs_:
# the cases it calls set their own.
bb_suite() {
    oe_parsed=""
    _bs_host=""
    for _bs_sa in $oe_series; do
        _bs_s=${_bs_sa%%:*} _bs_a=$oe_archives/${_bs_sa#*:}
        _bs_why=""
        if [ ! -f "$_bs_a" ]; then
            _bs_why="no ${_bs_a##*/} in $oe_archives (set X32_SDK_YOCTO_ARCHIVES; see tests/yocto/README.md)"
        else
            [ -n "$_bs_host" ] || { oe_host && _bs_host=ok || _bs_host=$oe_skip; }
            [ "$_bs_host" = ok ] || _bs_why=$_bs_host
        fi
        if [ -n "$_bs_why" ]; then
            for _bs_c in $bb_cases; do skip "${_bs_c}_$_bs_s" "$_bs_why"; done
            echo "$_bs_why" > "$TEST_TMP/oe-why-$_bs_s"
            continue
        fi
        if ! oe_parse "$_bs_s" "$_bs_a"; then
            fail "bitbake_parse_all_$_bs_s" "parse.sh did not finish: $(tail -n 1 "$TEST_TMP/parse-$_bs_s.log")"
            for _bs_c in $bb_cases; do
                [ "$_bs_c" = bitbake_parse_all ] || skip "${_bs_c}_$_bs_s" "the parse did not finish (bitbake_parse_all_$_bs_s)"
            done
            echo "the $_bs_s parse did not finish (bitbake_parse_all_$_bs_s)" > "$TEST_TMP/oe-why-$_bs_s"
            continue
        fi
        for _bs_c in $bb_cases; do "bb_$_bs_c" "$_bs_s"; done
        oe_parsed="$oe_parsed $_bs_s=$oe_out"
    done
}
