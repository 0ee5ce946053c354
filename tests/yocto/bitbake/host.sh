# shellcheck shell=sh
# shellcheck disable=SC2154 # top and TEST_TMP are set by run.sh
# tests/yocto/bitbake/host.sh: sourced by run.sh. What a BitBake parse needs from this
# machine, and the parse itself (parse.sh, run as an ordinary user).
#
#   oe_host        the user, locale and tools; oe_skip says why not when they are missing
#   oe_parse S A   series S from archive A parsed into a cache; sets oe_out (its out/)
#
# The archives: X32_SDK_YOCTO_ARCHIVES, a folder with OE-Core+BitBake source tarballs
# (each unpacking to oe-core/ with bitbake/ inside), default yocto-archives in the SDK's
# cache (X32_SDK_CACHE, else ~/.cache/x32-sdk): outside the checkout, so a clean clone
# finds them. The cache: X32_SDK_YOCTO_CACHE, default ~/.cache/x32-sdk/yocto of the
# user that runs BitBake; one folder per series, named by a hash of the archive and of
# every file copied into it, so a changed layer or archive starts a fresh parse, and
# an unchanged one reuses the last run's outputs (X32_SDK_YOCTO_REPARSE=1: not those,
# only BitBake's parse cache).

oe_archives=${X32_SDK_YOCTO_ARCHIVES:-${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/yocto-archives}
# The series checked, as SERIES:ARCHIVE; the layer's LAYERSERIES_COMPAT names these.
oe_series="wrynose:oe-core-wrynose-bitbake-2.18.tar.xz scarthgap:oe-core-scarthgap-bitbake-2.8.tar.xz"

# What parse.sh reads of the checkout, copied next to the archive's tree.
oe_copied="LICENSE runner/yocto/meta-x32-sdk tests/yocto/meta-x32-sdk-check tests/yocto/bitbake/parse.sh"

# oe_as_user CMD...: CMD as the parse user, in a clean environment (root's PATH or
# Python must not leak into BitBake's, and bitbake passes few variables on anyway:
# LOCPATH, where the locale compiled below lives, only when asked to).
oe_as_user() {
    # shellcheck disable=SC2086 # oe_runas: a command and its words, or empty when not root
    $oe_runas env -i HOME="$oe_home" USER="$oe_user" PATH="$oe_path" \
        LANG=en_US.UTF-8 LC_ALL=en_US.UTF-8 ${oe_locpath:+LOCPATH="$oe_locpath"} \
        ${oe_locpath:+BB_ENV_PASSTHROUGH_ADDITIONS=LOCPATH} "$@"
}

oe_host() {
    oe_skip=""
    # chrpath, diffstat and cpio: OE-Core's sanity check wants them on PATH even for a
    # parse (tests/run.sh installs them as root).
    for _t in chrpath diffstat cpio xz tar; do
        command -v "$_t" > /dev/null 2>&1 && continue
        oe_skip="$_t is not installed (apt-get install chrpath diffstat cpio xz-utils)"; return 1
    done
    oe_path=/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin
    if [ "$(id -u)" = 0 ]; then
        # BitBake refuses to run as root: a system user of this suite's own.
        oe_user=${X32_SDK_YOCTO_USER:-x32-sdk-yocto}
        if ! id "$oe_user" > /dev/null 2>&1; then
            # (no colon in the comment: it would end the passwd field)
            useradd -m -s /bin/sh -c 'x32-sdk tests/yocto, BitBake parses' "$oe_user" \
                > "$TEST_TMP/useradd.log" 2>&1 \
                || { oe_skip="BitBake refuses root and useradd $oe_user failed: $(tail -n 1 "$TEST_TMP/useradd.log")"; return 1; }
        fi
        if command -v runuser > /dev/null 2>&1; then
            oe_runas="runuser -u $oe_user --"
        elif command -v setpriv > /dev/null 2>&1; then
            oe_runas="setpriv --reuid=$oe_user --regid=$(id -g "$oe_user") --init-groups"
        else
            oe_skip="BitBake refuses root, and neither runuser nor setpriv is here to run it as $oe_user"; return 1
        fi
        oe_home=$(getent passwd "$oe_user" | cut -d: -f6)
    else
        oe_user=$(id -un)
        oe_runas=""
        oe_home=$HOME
        oe_path=$oe_path:$PATH
    fi
    oe_cache=${X32_SDK_YOCTO_CACHE:-$oe_home/.cache/x32-sdk/yocto}
    oe_locpath=""
    oe_as_user mkdir -p "$oe_cache" 2> "$TEST_TMP/mkdir.log" \
        || { oe_skip="user $oe_user cannot make $oe_cache: $(tail -n 1 "$TEST_TMP/mkdir.log")"; return 1; }
    # BitBake stops without a UTF-8 locale; en_US.UTF-8 is the one it names. When the
    # system lacks it, one compiled into the cache (LOCPATH) needs no root.
    if ! locale -a 2> /dev/null | grep -qix 'en_US.utf-\{0,1\}8'; then
        oe_locpath=$oe_cache/locale
        # (localedef makes the locale's own folder, not the one above it)
        [ -d "$oe_locpath/en_US.UTF-8" ] \
            || { oe_as_user mkdir -p "$oe_locpath" \
                 && oe_as_user localedef -i en_US -f UTF-8 "$oe_locpath/en_US.UTF-8"; } > "$TEST_TMP/localedef.log" 2>&1 \
            || { oe_skip="no en_US.UTF-8 locale and localedef failed: $(tail -n 1 "$TEST_TMP/localedef.log") (Debian: apt-get install locales)"; return 1; }
    fi
    oe_as_user python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' 2> /dev/null \
        || { oe_skip="BitBake needs python3 3.9 or later on $oe_user's PATH ($oe_path)"; return 1; }
}

# oe_key ARCHIVE: the cache's name for this archive and these files.
oe_key() {
    {
        md5sum < "$1"
        # What the parse reads (the READMEs do not count).
        # shellcheck disable=SC2086 # a list of paths
        (cd "$top" && find $oe_copied -type f ! -name '*.md' | LC_ALL=C sort | xargs md5sum)
    } | md5sum | cut -c1-12
}

# oe_parse SERIES ARCHIVE: parse.sh for one series; its logs and queries end up in
# $oe_out. Status 0 when parse.sh ran to the end (the cases judge what it found).
oe_parse() {
    _dir=$oe_cache/$1-$(oe_key "$2")
    oe_out=$_dir/out
    if [ ! -d "$_dir" ]; then
        # Another key is an older layer or archive: its parse is of no more use.
        # shellcheck disable=SC2016 # expanded by that sh
        oe_as_user sh -c 'rm -rf "$1"/"$2"-*' sh "$oe_cache" "$1"
        oe_as_user mkdir -p "$_dir/x32-sdk" || return 1
        # What the parse reads of the checkout, copied: the user may not be able to
        # read the checkout (a root CI's clone under /root), and the layer's
        # X32_SDK_RUNNER_DIR and LIC_FILES_CHKSUM point two and three folders up.
        # shellcheck disable=SC2086 # a list of paths
        (cd "$top" && tar -cf - $oe_copied) | oe_as_user tar -C "$_dir/x32-sdk" -xf - || return 1
    fi
    # Same archive, same layer, same parse.sh, and every command of the last run
    # exited 0: its outputs are what BitBake would print again (the cases still judge
    # them). X32_SDK_YOCTO_REPARSE=1 runs the queries (on the parse cache) anyway.
    if [ -f "$oe_out/complete" ] && [ -z "${X32_SDK_YOCTO_REPARSE:-}" ]; then
        printf 'bitbake %s: the outputs of %s reused (same archive and layer; X32_SDK_YOCTO_REPARSE=1 runs BitBake again)\n' \
            "$1" "$(date -r "$oe_out/complete" '+%F %T')"
        return 0
    fi
    _t=$(date +%s)
    # The archive comes on stdin, opened here: the user need not be able to read it.
    oe_as_user sh "$_dir/x32-sdk/tests/yocto/bitbake/parse.sh" "$_dir" < "$2" > "$TEST_TMP/parse-$1.log" 2>&1
    _rc=$?
    printf 'bitbake %s: %s s (%s)\n' "$1" "$(( $(date +%s) - _t ))" "$(tr '\n' ' ' < "$oe_out/times" 2>/dev/null)"
    [ "$_rc" = 0 ] && [ -f "$oe_out/done" ]
}
