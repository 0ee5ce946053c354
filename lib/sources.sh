# shellcheck shell=sh
# Finding, verifying, extracting and patching source tarballs.
#
# A package is described by a pin file (toolchain/*.pin, sysroot/*.pin): key=value lines.
# Lookup order for its tarball: the sources directory (--sources), Debian's source
# package (as this host installed it, else fetched from Debian 12's archive by a private
# apt: lib/debian-archive.sh, the same way on every release and without root), then a
# download: from $X32_SDK_MIRROR (which must serve the pinned tarball itself) or from the
# upstream url (hosts without apt). Every tarball is
# checked against its SHA-256 before anything is extracted.

. "$TOP/lib/debian-archive.sh"

# pin_get PINFILE KEY: the value of KEY, empty when absent.
pin_get() {
    sed -n "s/^$2=//p" "$1" | head -n 1
}

# file_digest ALGO FILE: FILE's sha256 or md5, remembered by the real file's (size,
# mtime, ctime, inode), so that re-runs do not hash 250 MB again. Links are followed and
# the memo is keyed on the file they reach: the sources folder links into /usr/src, and
# an upgraded package puts a new file behind the same link (a new inode and ctime, which
# no copy or touch can fake back).
file_digest() {
    if ! _fd_real=$(readlink -f -- "$2") || ! _fd_stat=$(stat -L -c '%s %Y %Z %i' -- "$_fd_real" 2>/dev/null); then
        die "cannot read $2"
    fi
    _fd_memo="$CACHE/verified/$(printf '%s' "$_fd_real" | sha16).$1"
    if [ -f "$_fd_memo" ] && IFS= read -r _fd_line < "$_fd_memo"; then
        case $_fd_line in "$_fd_stat "*) printf '%s\n' "${_fd_line##* }"; return 0 ;; esac
    fi
    _fd_sum=$("${1}sum" < "$_fd_real" | cut -d' ' -f1)
    [ -n "$_fd_sum" ] || die "cannot read $2"
    mkdir -p "$CACHE/verified" && printf '%s %s\n' "$_fd_stat" "$_fd_sum" > "$_fd_memo"
    printf '%s\n' "$_fd_sum"
}

# verify_tarball FILE EXPECTED: stop the build, nothing extracted, when FILE's hash differs.
verify_tarball() {
    _got=$(file_digest sha256 "$1") || exit 2
    if [ "$_got" != "$2" ]; then
        die "hash mismatch for $1: expected sha256 $2, got $_got. Nothing was extracted; remove or replace the file."
    fi
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

# --- which tarball a build uses ------------------------------------------------------------
# The pin's sha256 is one exact file, usually the one a Debian source package installs.
# Debian replaces that file with nearly every point or security release (linux-source-6.1
# above all), so a newer Debian file is accepted in its place, but only when it is exactly
# what dpkg installed from the signed package: its md5 must match the one dpkg recorded
# in <admindir>/info/<package>.md5sums. The build then says which Debian version it uses,
# build-info.json records it, and the step keys include its sha256 (source_key_line), so
# the step cache never mixes outputs of two sources. See toolchain/README.md.

# dpkg_admindir: dpkg's database; X32_SDK_DPKG_ADMINDIR points the tests at a fake one.
dpkg_admindir() { printf '%s\n' "${X32_SDK_DPKG_ADMINDIR:-/var/lib/dpkg}"; }

# debian_version PACKAGE: the installed version of PACKAGE, empty when not installed.
debian_version() {
    command -v dpkg-query >/dev/null 2>&1 || return 0
    dpkg-query --admindir="$(dpkg_admindir)" -W -f='${db:Status-Abbrev} ${Version}\n' "$1" 2>/dev/null \
        | sed -n 's/^ii  *//p' | head -n 1
}

# debian_recorded_md5 PACKAGE FILE: the md5 dpkg recorded for FILE (an absolute path) when
# it installed PACKAGE; empty when it has none. md5sums lines are "MD5  PATH" with PATH
# relative to /, and may be named PACKAGE:ARCH.md5sums.
debian_recorded_md5() {
    for _dm_list in "$(dpkg_admindir)/info/$1.md5sums" "$(dpkg_admindir)/info/$1":*.md5sums; do
        [ -f "$_dm_list" ] || continue
        awk -v p="${2#/}" 'substr($0, 35) == p { print substr($0, 1, 32); exit }' "$_dm_list"
    done | head -n 1
}

# source_choice PINFILE: which tarball locate_tarball uses, without installing or
# downloading anything: one line "KIND SHA256 VERSION PATH", KIND one of
#   pinned    the pin's own tarball (sha256=)
#   upstream  the upstream release (url_sha256=)
#   debian    a Debian file other than the pinned one, vouched for by dpkg (VERSION is
#             the installed package version)
#   none      not on this machine yet (SHA256, VERSION and PATH are "-")
# A file that is none of these stops the build with one line saying what to do.
source_choice() {
    # Read in this shell, not with pin_get: this runs on every build.sh start.
    _sc_tb=""; _sc_sum=""; _sc_url=""; _sc_usum=""; _sc_deb=""; _sc_pkg=""
    while IFS= read -r _sc_line; do
        case $_sc_line in
            tarball=*) [ -n "$_sc_tb" ] || _sc_tb=${_sc_line#*=} ;;
            sha256=*) [ -n "$_sc_sum" ] || _sc_sum=${_sc_line#*=} ;;
            url=*) [ -n "$_sc_url" ] || _sc_url=${_sc_line#*=} ;;
            url_sha256=*) [ -n "$_sc_usum" ] || _sc_usum=${_sc_line#*=} ;;
            deb_file=*) [ -n "$_sc_deb" ] || _sc_deb=${_sc_line#*=} ;;
            deb_package=*) [ -n "$_sc_pkg" ] || _sc_pkg=${_sc_line#*=} ;;
        esac
    done < "$1"
    _sc_up=${_sc_url##*/}
    _sc_file=""
    # 1. the sources folder, unless its file is only a link to the Debian file (then the
    #    Debian rules below apply to it).
    for _sc_cand in "$SOURCES/$_sc_tb" ${_sc_up:+"$SOURCES/$_sc_up"}; do
        [ -f "$_sc_cand" ] || continue
        if [ -n "$_sc_deb" ] && [ -L "$_sc_cand" ] && [ -f "$_sc_deb" ] \
            && [ "$(readlink -f -- "$_sc_cand")" = "$(readlink -f -- "$_sc_deb")" ]; then
            break
        fi
        _sc_file=$_sc_cand; break
    done
    if [ -n "$_sc_file" ]; then
        _sc_got=$(file_digest sha256 "$_sc_file") || exit 2
        if [ "$_sc_got" = "$_sc_sum" ]; then printf 'pinned %s - %s\n' "$_sc_got" "$_sc_file"
        elif [ -n "$_sc_usum" ] && [ "$_sc_got" = "$_sc_usum" ]; then printf 'upstream %s - %s\n' "$_sc_got" "$_sc_file"
        else
            die "hash mismatch for $_sc_file: expected sha256 $_sc_sum, got $_sc_got. Nothing was extracted; remove or replace the file${_sc_usum:+ (the upstream release, sha256 $_sc_usum, is accepted too)}."
        fi
        return 0
    fi
    # 2. the file Debian's source package installs: on this host (dpkg's record vouches
    #    for it), or unpacked from Debian 12's archive into the cache (lib/debian-archive.sh;
    #    the record made from apt's checked .deb vouches for it).
    [ -n "$_sc_deb" ] || { printf 'none - - -\n'; return 0; }
    for _sc_where in host archive; do
        if [ "$_sc_where" = host ]; then _sc_file=$_sc_deb
        else _sc_file=$(archive_root)$_sc_deb; fi
        [ -f "$_sc_file" ] || continue
        _sc_got=$(file_digest sha256 "$_sc_file") || exit 2
        if [ "$_sc_got" = "$_sc_sum" ]; then printf 'pinned %s - %s\n' "$_sc_got" "$_sc_file"; return 0; fi
        if [ "$_sc_where" = host ]; then
            _sc_ver=$(debian_version "$_sc_pkg")
            _sc_rec=""; [ -n "$_sc_ver" ] && _sc_rec=$(debian_recorded_md5 "$_sc_pkg" "$_sc_deb")
            _sc_redo="sudo apt-get install --reinstall $_sc_pkg"; _sc_verb=installed
        else
            _sc_ver=$(archive_version "$_sc_pkg")
            # No version yet: the unpacking was interrupted (it is written last); the
            # file is not there as far as the build goes, and is unpacked again.
            [ -n "$_sc_ver" ] || continue
            _sc_rec=$(archive_recorded_md5 "$_sc_pkg" "$_sc_deb")
            _sc_redo="rm -rf $(archive_root) and run ./build.sh again"; _sc_verb=carried
        fi
        if [ -z "$_sc_rec" ]; then
            _sc_who=dpkg; [ "$_sc_where" = host ] || _sc_who="the archive's record"
            die "$_sc_file is not the pinned tarball (sha256 $_sc_sum, got $_sc_got) and $_sc_who has no record of it${_sc_pkg:+ from $_sc_pkg}: refusing it. To fetch it again: $_sc_redo"
        fi
        _sc_md5=$(file_digest md5 "$_sc_file") || exit 2
        if [ "$_sc_md5" != "$_sc_rec" ]; then
            die "$_sc_file is neither the pinned tarball (sha256 $_sc_sum) nor what $_sc_pkg $_sc_ver $_sc_verb (md5 $_sc_rec recorded, the file has $_sc_md5): refusing a modified file. To fetch it again: $_sc_redo"
        fi
        printf 'debian %s %s %s\n' "$_sc_got" "$_sc_ver" "$_sc_file"
        return 0
    done
    printf 'none - - -\n'
}

# resolve_source_choices: decide, in the main shell, which tarball every pin uses (a refusal
# stops the build here, not inside a key computation), remember it for this run in
# $KEY_MEMO and say once when a Debian file is used instead of the pinned one.
resolve_source_choices() {
    for _rs_pin in "$TOP"/toolchain/*.pin "$TOP"/sysroot/*.pin; do
        [ -f "$_rs_pin" ] || continue
        resolve_source_choice "$_rs_pin"
    done
}

resolve_source_choice() {
    _rs_name=${1##*/}; _rs_name=${_rs_name%.pin}
    _rs_choice=$(source_choice "$1") || exit 2
    printf '%s\n' "$_rs_choice" > "$KEY_MEMO/source-$_rs_name"
    case $_rs_choice in
        debian\ *)
            _rs_ver=${_rs_choice#debian * }; _rs_ver=${_rs_ver%% *}
            _rs_pinned=$(pin_get "$1" deb_version)
            _rs_path=${_rs_choice#debian * * }
            _rs_how="as dpkg installed it"
            case $_rs_path in "$(archive_root)"/*) _rs_how="as Debian $DEBIAN_RELEASE's archive served it" ;; esac
            say "$_rs_name: using $(pin_get "$1" deb_package) $_rs_ver from Debian ($_rs_path, $_rs_how) instead of the pinned ${_rs_pinned:-tarball} (sha256 $(pin_get "$1" sha256 | cut -c1-16)...)" >&2 ;;
    esac
}

# pin_choice PINFILE: source_choice, as resolved for this run when it was.
pin_choice() {
    _pc=${1##*/}; _pc=${KEY_MEMO:+$KEY_MEMO/source-${_pc%.pin}}
    if [ -n "$_pc" ] && [ -f "$_pc" ] && IFS= read -r _pc < "$_pc"; then printf '%s\n' "$_pc"
    else source_choice "$1"; fi
}

# source_key_line PINFILE: what the step keys add for a pin: nothing when the pinned
# tarball is used (or none is here yet: then it is obtained before the step builds, and
# the key computed again), "source NAME SHA256" when another one is.
source_key_line() {
    _sk=$(pin_choice "$1") || exit 2
    _sk_name=${1##*/}
    case $_sk in
        upstream\ *|debian\ *) _sk=${_sk#* }; printf 'source %s %s\n' "${_sk_name%.pin}" "${_sk%% *}" ;;
    esac
}

# locate_tarball PINFILE: print the path of the verified tarball, obtaining it if needed.
# Lookup order: the sources folder, the Debian source package (installed with apt when we
# are root), a download from $X32_SDK_MIRROR (which must serve the pinned tarball itself),
# then the upstream url.
locate_tarball() {
    _pin=$1
    _tb=$(pin_get "$_pin" tarball); _sum=$(pin_get "$_pin" sha256)
    _url=$(pin_get "$_pin" url); _usum=$(pin_get "$_pin" url_sha256)
    _upname=${_url##*/}
    _debfile=$(pin_get "$_pin" deb_file); _debpkg=$(pin_get "$_pin" deb_package)
    mkdir -p "$SOURCES" || die "cannot create the sources directory $SOURCES"
    _choice=$(pin_choice "$_pin") || exit 2
    if [ "${_choice%% *}" = none ] && [ -n "$_debfile" ] && [ -n "$_debpkg" ] && archive_usable > /dev/null; then
        archive_unpack "$_debpkg=$(pin_get "$_pin" deb_version)" \
            || warn "could not fetch $_debpkg from Debian $DEBIAN_RELEASE's archive; see $(archive_dir)/apt.log"
        _choice=$(source_choice "$_pin") || exit 2
    fi
    case $_choice in
        pinned\ *|upstream\ *|debian\ *)
            _path=${_choice#* * * }
            # Link the pinned Debian file into the sources folder, where `./build.sh sources`
            # users expect it; a substitute keeps its own name.
            if [ "${_choice%% *}" = pinned ] && [ "$_path" = "$_debfile" ] && [ ! -e "$SOURCES/$_tb" ]; then
                ln -sf "$_debfile" "$SOURCES/$_tb"
            fi
            printf '%s\n' "$_path"; return 0 ;;
    esac
    # An orig tarball from Debian 12's source package (musl's).
    _dsrc=$(pin_get "$_pin" deb_source)
    if [ -n "$_dsrc" ] && archive_usable > /dev/null; then
        if archive_source_file "$SOURCES" "$_dsrc" "$(pin_get "$_pin" deb_source_version)" "$_tb"; then
            verify_tarball "$SOURCES/$_tb" "$_sum"; echo "$SOURCES/$_tb"; return
        fi
        warn "could not fetch $_tb from Debian $DEBIAN_RELEASE's source package $_dsrc"
    fi
    # A download: a mirror of our pinned tarballs, then upstream.
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
    if [ -n "$_debpkg" ]; then
        if _why=$(archive_usable); then
            _hint="$_hint, or let build.sh fetch $_debpkg from Debian $DEBIAN_RELEASE: check that $(debian_mirror) answers (log: $(archive_dir)/apt.log; X32_SDK_DEBIAN_MIRROR names another mirror)"
        else
            _hint="$_hint (Debian's $_debpkg cannot be fetched here: $_why)"
        fi
    fi
    [ -n "$_url" ] && _hint="$_hint; upstream: $_url (sha256 $_usum)"
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
    _tsum=$(file_digest sha256 "$_tarball") || exit 2
    _tree="$CACHE/src/$(pin_get "$1" srcdir)-$(printf %s "$_tsum" | cut -c1-12)-$(printf %s "$_phash" | cut -c1-8)"
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
