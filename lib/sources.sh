# shellcheck shell=sh
# Finding, verifying, extracting and patching source tarballs.
#
# A package is described by a pin file (toolchain/*.pin, sysroot/*.pin): key=value lines.
# Lookup order for its tarball: the sources directory (--sources), the distro's source
# package (installed with apt when we are root), then a download: from $X32_SDK_MIRROR
# (which must serve the pinned tarball itself) or from the upstream url. Every tarball is
# checked against its SHA-256 before anything is extracted.

# pin_get PINFILE KEY: the value of KEY, empty when absent.
pin_get() {
    sed -n "s/^$2=//p" "$1" | head -n 1
}

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }

# verify_tarball FILE EXPECTED: stop the build, nothing extracted, when FILE's hash differs.
# A verified (size, mtime) is remembered so that re-runs do not hash 250 MB again.
verify_tarball() {
    _memo="$CACHE/verified/$(basename "$1").ok"
    _stat=$(stat -c '%s %Y' "$1") || die "cannot read $1"
    if [ -f "$_memo" ] && [ "$(cat "$_memo")" = "$_stat $2" ]; then return 0; fi
    _got=$(sha256_of "$1")
    if [ "$_got" != "$2" ]; then
        die "hash mismatch for $1: expected sha256 $2, got $_got. Nothing was extracted; remove or replace the file."
    fi
    mkdir -p "$CACHE/verified"
    printf '%s %s\n' "$_stat" "$2" > "$_memo"
}

# download URL DEST: fetch with curl or wget into DEST (atomically).
download() {
    rm -f "$2.part"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 2 -o "$2.part" "$1" || { rm -f "$2.part"; return 1; }
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2.part" "$1" || { rm -f "$2.part"; return 1; }
    else
        return 1
    fi
    mv "$2.part" "$2"
}

# locate_tarball PINFILE: print the path of the verified tarball, obtaining it if needed.
locate_tarball() {
    _pin=$1
    _tb=$(pin_get "$_pin" tarball); _sum=$(pin_get "$_pin" sha256)
    _url=$(pin_get "$_pin" url); _usum=$(pin_get "$_pin" url_sha256)
    _upname=${_url##*/}
    mkdir -p "$SOURCES" || die "cannot create the sources directory $SOURCES"
    # 1. the sources directory: the pinned tarball, or the upstream one.
    if [ -f "$SOURCES/$_tb" ]; then verify_tarball "$SOURCES/$_tb" "$_sum"; echo "$SOURCES/$_tb"; return; fi
    if [ -n "$_upname" ] && [ -f "$SOURCES/$_upname" ]; then
        verify_tarball "$SOURCES/$_upname" "$_usum"; echo "$SOURCES/$_upname"; return
    fi
    # 2. the distro's source package.
    _debfile=$(pin_get "$_pin" deb_file); _debpkg=$(pin_get "$_pin" deb_package)
    if [ -n "$_debfile" ] && [ ! -f "$_debfile" ] && [ -n "$_debpkg" ] && can_apt; then
        say "  installing source package $_debpkg with apt-get" >&2
        apt_install "$_debpkg" || warn "apt-get install $_debpkg failed; see $CACHE/logs/apt.log"
    fi
    if [ -n "$_debfile" ] && [ -f "$_debfile" ]; then
        verify_tarball "$_debfile" "$_sum"
        ln -sf "$_debfile" "$SOURCES/$_tb"
        echo "$_debfile"; return
    fi
    # 3. a download: a mirror of our pinned tarballs, then upstream.
    if [ -n "${X32_SDK_MIRROR:-}" ]; then
        if download "$X32_SDK_MIRROR/$_tb" "$SOURCES/$_tb"; then
            verify_tarball "$SOURCES/$_tb" "$_sum"; echo "$SOURCES/$_tb"; return
        fi
        warn "could not download $X32_SDK_MIRROR/$_tb"
    fi
    if [ -n "$_url" ] && [ -z "${X32_SDK_OFFLINE:-}" ] && download "$_url" "$SOURCES/$_upname"; then
        verify_tarball "$SOURCES/$_upname" "$_usum"; echo "$SOURCES/$_upname"; return
    fi
    _hint="put $_tb into $SOURCES"
    [ -n "$_debpkg" ] && _hint="$_hint, or run: sudo apt-get install $_debpkg"
    die "source tarball $_tb not found (pin $_pin): $_hint"
}

# patch_dir PINFILE: the folder of patches for this package-version (may not exist).
patch_dir() {
    printf '%s/patches/%s-%s\n' "$(dirname "$1")" "$(basename "$1" .pin)" "$(pin_get "$1" version)"
}

# source_tree PINFILE: print the path of an extracted, patched source tree.
# Trees are shared between builds and keyed by tarball and patches; extraction goes to a
# .tmp folder renamed into place only when complete.
source_tree() {
    _tarball=$(locate_tarball "$1") || exit 2
    _pd=$(patch_dir "$1")
    _phash=$(hash_paths "$_pd")
    _tree="$CACHE/src/$(pin_get "$1" srcdir)-$(sha256_of "$_tarball" | cut -c1-12)-$(printf %s "$_phash" | cut -c1-8)"
    if [ ! -d "$_tree" ]; then
        rm -rf "$_tree.tmp" && mkdir -p "$_tree.tmp"
        tar -xf "$_tarball" -C "$_tree.tmp" --strip-components=1 \
            || die "cannot extract $_tarball (disk full?)"
        if [ -d "$_pd" ]; then
            for _p in "$_pd"/*.patch; do
                [ -f "$_p" ] || continue
                patch -d "$_tree.tmp" -p1 -s < "$_p" >&2 || die "patch $_p does not apply to $_tarball"
            done
        fi
        mv "$_tree.tmp" "$_tree"
    fi
    echo "$_tree"
}
