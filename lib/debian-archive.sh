# shellcheck shell=sh
# Debian 12's archive through a private apt: the one way the SDK gets its Debian packages
# (the four source packages, the VM's kernel, the Rust step's compiler), on every host
# that has apt, whatever its release, with or without root.
#
# The SDK is pinned to Debian 12 ("bookworm") sources. Debian 13, testing and Ubuntu
# carry other versions or none, so the host's own archive cannot serve them. Instead apt
# is run with a sources list naming bookworm and bookworm-security, signed by Debian's
# archive key, and with its lists, cache and (empty) status kept under the step cache:
# `apt-get download` checks every .deb against the signed index, needs no root and
# installs nothing system-wide; `dpkg-deb -x` unpacks it into the cache. What each
# package was is recorded beside it (its version and its md5sums), so that lib/sources.sh
# can hold a file to exactly what the signed package carried.
#
# Standalone but for say/warn/die (lib/log.sh) and $CACHE.

DEBIAN_RELEASE=bookworm

# debian_mirror: the Debian mirror to use: X32_SDK_DEBIAN_MIRROR, else the one this host's
# own apt sources name (a Debian host: the same mirror, proxy and all), else Debian's CDN.
debian_mirror() {
    if [ -n "${X32_SDK_DEBIAN_MIRROR:-}" ]; then printf '%s\n' "${X32_SDK_DEBIAN_MIRROR%/}"; return; fi
    _dm=$(sed -n 's|^URIs:[[:space:]]*\(http[^[:space:]]*/debian\)/*$|\1|p' \
        /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)
    [ -n "$_dm" ] || _dm=$(sed -n 's|^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\(http[^[:space:]]*/debian\)/*[[:space:]].*|\2|p' \
        /etc/apt/sources.list 2>/dev/null | head -n 1)
    printf '%s\n' "${_dm:-http://deb.debian.org/debian}"
}

# debian_security_mirror: the security archive beside debian_mirror.
debian_security_mirror() {
    if [ -n "${X32_SDK_DEBIAN_SECURITY_MIRROR:-}" ]; then printf '%s\n' "${X32_SDK_DEBIAN_SECURITY_MIRROR%/}"; return; fi
    debian_mirror | sed 's|/debian$|/debian-security|'
}

# debian_keyring: Debian's archive keyring (package debian-archive-keyring, on Debian and
# Ubuntu alike), or X32_SDK_DEBIAN_KEYRING; empty when there is none.
debian_keyring() {
    for _dk in ${X32_SDK_DEBIAN_KEYRING:-} /usr/share/keyrings/debian-archive-keyring.gpg \
               /usr/share/keyrings/debian-archive-keyring.pgp; do
        [ -f "$_dk" ] && { printf '%s\n' "$_dk"; return 0; }
    done
    return 0
}

archive_dir() { printf '%s\n' "$CACHE/debian-archive/$DEBIAN_RELEASE"; }

# archive_root: where the packages are unpacked (ROOT/usr/src/... as on Debian), and
# ROOT/.x32-sdk/PACKAGE.{version,md5sums} what each one was.
archive_root() { printf '%s\n' "$(archive_dir)/root"; }

# archive_usable: status 0 when the private apt can run here; otherwise prints why.
archive_usable() {
    [ -z "${X32_SDK_OFFLINE:-}" ] || { echo "X32_SDK_OFFLINE is set"; return 1; }
    command -v apt-get > /dev/null 2>&1 || { echo "this host has no apt-get"; return 1; }
    command -v dpkg-deb > /dev/null 2>&1 || { echo "this host has no dpkg-deb"; return 1; }
    [ -n "$(debian_keyring)" ] || {
        echo "Debian's archive keyring is not installed (apt-get install debian-archive-keyring, or point X32_SDK_DEBIAN_KEYRING at it)"; return 1; }
}

# archive_apt ARGS...: apt-get with the private configuration (archive_apt_cache: apt-cache).
archive_apt() { archive_apt_tool apt-get "$@"; }
archive_apt_cache() { archive_apt_tool apt-cache "$@"; }
archive_apt_tool() {
    _aa_tool=$1; shift
    _aa=$(archive_dir)
    _aa_user=""
    # As root apt downloads as the user _apt, which cannot enter a cache under /root.
    [ "$(id -u)" = 0 ] && _aa_user="-o APT::Sandbox::User=root"
    # shellcheck disable=SC2086 # _aa_user is one option or none
    "$_aa_tool" -q -o Dir::Etc::SourceList="$_aa/sources.list" -o Dir::Etc::SourceParts="$_aa/empty" \
        -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts="$_aa/empty" \
        -o Dir::State="$_aa/state" -o Dir::State::status="$_aa/status" -o Dir::Cache="$_aa/cache" \
        -o Debug::NoLocking=true -o Acquire::Languages=none -o APT::Architecture=amd64 \
        -o APT::Architectures::=amd64 -o APT::Get::List-Cleanup=false $_aa_user \
        "$@" < /dev/null
}

# archive_apt_logged ARGS...: archive_apt, its output appended to the archive's apt.log.
archive_apt_logged() { archive_apt "$@" >> "$(archive_dir)/apt.log" 2>&1; }

# archive_update: write the private sources list and refresh its index (at most hourly:
# a build's steps each ask, and a point release comes every two months).
archive_update() {
    _au=$(archive_dir)
    _au_why=$(archive_usable) || { echo "cannot use Debian's archive: $_au_why" >&2; return 1; }
    [ -z "$(find "$_au/updated" -mmin -60 2>/dev/null)" ] || return 0
    mkdir -p "$_au/empty" "$_au/state/lists/partial" "$_au/cache/archives/partial" "$_au/debs" \
        || { echo "cannot write $_au" >&2; return 1; }
    : > "$_au/status"
    _au_key=$(debian_keyring)
    cat > "$_au/sources.list" <<EOF
deb [signed-by=$_au_key] $(debian_mirror) $DEBIAN_RELEASE main
deb [signed-by=$_au_key] $(debian_mirror) $DEBIAN_RELEASE-updates main
deb [signed-by=$_au_key] $(debian_security_mirror) $DEBIAN_RELEASE-security main
deb-src [signed-by=$_au_key] $(debian_mirror) $DEBIAN_RELEASE main
EOF
    say "  reading Debian $DEBIAN_RELEASE's package index from $(debian_mirror) (private apt: $_au)" >&2
    # apt-get update exits 0 when a mirror does not answer ("W: Failed to fetch"): what
    # counts is that the release's signed index is here.
    { archive_apt_logged update \
        && ls "$_au/state/lists/"*"_dists_${DEBIAN_RELEASE}_main_binary-amd64_Packages"* > /dev/null 2>&1; } || {
        echo "cannot read Debian $DEBIAN_RELEASE's index from $(debian_mirror): $(grep -E '^(E|W):' "$_au/apt.log" | tail -n 2 | tr '\n' ' ')(log: $_au/apt.log; X32_SDK_DEBIAN_MIRROR names another mirror)" >&2
        return 1; }
    : > "$_au/updated"
}

# archive_candidate PACKAGE: the version the index offers, empty when none.
archive_candidate() {
    archive_apt_cache policy "$1" 2>/dev/null | sed -n 's/^  Candidate: //p' | grep -v '(none)' || true
}

# archive_download DIR PACKAGE VERSION: the .deb of PACKAGE into DIR, checked by apt
# against the signed index; VERSION when the archive still has it, else its current
# version (said on stderr). Prints the .deb's path.
archive_download() {
    archive_update || return 1
    _ad_dir=$1; _ad_pkg=$2; _ad_ver=$3
    mkdir -p "$_ad_dir" || return 1
    if [ -n "$_ad_ver" ] && (cd "$_ad_dir" && archive_apt_logged download "$_ad_pkg=$_ad_ver"); then :
    else
        _ad_new=$(archive_candidate "$_ad_pkg")
        [ -n "$_ad_new" ] || { echo "Debian $DEBIAN_RELEASE has no package $_ad_pkg (log: $(archive_dir)/apt.log)" >&2; return 1; }
        [ -z "$_ad_ver" ] || echo "$_ad_pkg: Debian $DEBIAN_RELEASE no longer has $_ad_ver; taking $_ad_new, checked by apt against its signed index" >&2
        _ad_ver=$_ad_new
        (cd "$_ad_dir" && archive_apt_logged download "$_ad_pkg=$_ad_ver") \
            || { echo "cannot download $_ad_pkg $_ad_ver from Debian $DEBIAN_RELEASE (log: $(archive_dir)/apt.log)" >&2; return 1; }
    fi
    # apt names the file PACKAGE_VERSION_ARCH.deb, with the epoch's colon as %3a.
    for _ad_f in "$_ad_dir/${_ad_pkg}_"*.deb; do
        [ -f "$_ad_f" ] || continue
        [ "$(dpkg-deb -f "$_ad_f" Version)" = "$_ad_ver" ] && { printf '%s\n' "$_ad_f"; return 0; }
    done
    echo "apt downloaded no .deb of $_ad_pkg $_ad_ver into $_ad_dir" >&2
    return 1
}

# archive_version PACKAGE: the version unpacked into archive_root, empty when none.
archive_version() {
    _av=$(archive_root)/.x32-sdk/$1.version
    [ -f "$_av" ] && cat "$_av"
    return 0
}

# archive_recorded_md5 PACKAGE FILE: the md5 the unpacked package's md5sums give FILE (an
# absolute path as on Debian), empty when none.
archive_recorded_md5() {
    _am=$(archive_root)/.x32-sdk/$1.md5sums
    [ -f "$_am" ] || return 0
    awk -v p="${2#/}" 'substr($0, 35) == p { print substr($0, 1, 32); exit }' "$_am"
}

# archive_unpack "PACKAGE=VERSION"...: each package unpacked into archive_root (a package
# already there at that version, or at any version when none is given, is left alone).
archive_unpack() {
    _au_root=$(archive_root)
    for _au_spec in "$@"; do
        _au_pkg=${_au_spec%%=*}; _au_want=""
        case $_au_spec in *=*) _au_want=${_au_spec#*=} ;; esac
        _au_have=$(archive_version "$_au_pkg")
        [ -n "$_au_have" ] && { [ -z "$_au_want" ] || [ "$_au_have" = "$_au_want" ]; } && continue
        _au_debs=$(archive_dir)/debs
        rm -f "$_au_debs/${_au_pkg}_"*.deb
        say "  downloading $_au_pkg${_au_want:+ $_au_want} from Debian $DEBIAN_RELEASE" >&2
        _au_deb=$(archive_download "$_au_debs" "$_au_pkg" "$_au_want") || return 1
        mkdir -p "$_au_root/.x32-sdk" || return 1
        # The version is written last: a half-unpacked package is unpacked again.
        rm -f "$_au_root/.x32-sdk/$_au_pkg.version"
        dpkg-deb -x "$_au_deb" "$_au_root" || { echo "cannot unpack $_au_deb (disk full?)" >&2; return 1; }
        # The md5 of every file as apt's checked .deb carried it, in dpkg's md5sums form
        # (many -source packages ship no md5sums of their own).
        # shellcheck disable=SC2016 # the inner shell's own $f
        dpkg-deb --fsys-tarfile "$_au_deb" | tar -tf - | sed -n 's|^\./||; /[^/]$/p' \
            | (cd "$_au_root" && xargs -r -d '\n' sh -c 'for f; do [ -L "$f" ] || [ ! -f "$f" ] || printf "%s\0" "$f"; done' sh \
               | xargs -r -0 md5sum --) > "$_au_root/.x32-sdk/$_au_pkg.md5sums" \
            || { echo "cannot record what $_au_deb holds" >&2; return 1; }
        dpkg-deb -f "$_au_deb" Version > "$_au_root/.x32-sdk/$_au_pkg.version"
        rm -f "$_au_deb"
    done
}

# archive_source_file DIR SOURCE VERSION FILE: FILE (an orig tarball) of Debian source
# package SOURCE at VERSION, into DIR, checked by apt against the signed Sources index.
archive_source_file() {
    archive_update || return 1
    rm -rf "$1/.apt-source" && mkdir -p "$1/.apt-source" || return 1
    if ! (cd "$1/.apt-source" && archive_apt_logged source --download-only "$2=$3") \
        || ! [ -f "$1/.apt-source/$4" ] || ! mv "$1/.apt-source/$4" "$1/$4"; then
        echo "cannot fetch $4 of Debian $DEBIAN_RELEASE's source package $2 $3 (log: $(archive_dir)/apt.log)" >&2
        rm -rf "$1/.apt-source"; return 1
    fi
    rm -rf "$1/.apt-source"
}
