# shellcheck shell=sh
# debian_source PACKAGE DEST: Debian's source of PACKAGE (the version bookworm's
# archive has now), unpacked with its Debian patches into DEST/PACKAGE-VERSION; prints
# that folder.  Uses a private deb-src list and private package lists under DEST, so
# the machine's apt configuration is never changed; the archive's signature is checked
# against Debian's keyring, the tarballs against the signed index.  Needs apt-get and
# dpkg-source (dpkg-dev); the download is kept, so a second run works offline.
debian_source() {
    _ds_pkg=$1 _ds_dest=$2
    _ds_apt=$_ds_dest/apt
    mkdir -p "$_ds_apt/lists/partial" "$_ds_apt/cache/archives/partial" "$_ds_dest/dl"
    _ds_found=$(find "$_ds_dest" -maxdepth 1 -name "$_ds_pkg-[0-9]*" -type d | sort | tail -n 1)
    if [ -n "$_ds_found" ] && [ -f "$_ds_found/.unpacked" ]; then
        printf '%s\n' "$_ds_found"
        return 0
    fi
    printf 'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s bookworm main\n' \
        "${X32_BENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}" > "$_ds_apt/sources.list"
    set -- -o Dir::Etc::SourceList="$_ds_apt/sources.list" -o Dir::Etc::SourceParts="$_ds_apt/none" \
        -o Dir::State::Lists="$_ds_apt/lists" -o Dir::Cache="$_ds_apt/cache" -o APT::Sandbox::User=root
    if ! ls "$_ds_dest/dl/${_ds_pkg}_"*.dsc > /dev/null 2>&1; then
        if ! apt-get "$@" update > "$_ds_apt/update.log" 2>&1; then
            echo "bench: cannot read Debian's source index (see $_ds_apt/update.log; no network, or set X32_BENCH_DEBIAN_MIRROR)" >&2
            return 1
        fi
        if ! (cd "$_ds_dest/dl" && apt-get "$@" source --download-only "$_ds_pkg") > "$_ds_apt/source-$_ds_pkg.log" 2>&1; then
            echo "bench: cannot download the source of $_ds_pkg (see $_ds_apt/source-$_ds_pkg.log)" >&2
            return 1
        fi
    fi
    _ds_dsc=$(ls "$_ds_dest/dl/${_ds_pkg}_"*.dsc | sort | tail -n 1)
    _ds_ver=$(sed -n 's/^Version: //p' "$_ds_dsc" | head -n 1)
    _ds_dir=$_ds_dest/$_ds_pkg-$_ds_ver
    rm -rf "$_ds_dir"
    if ! dpkg-source -x "$_ds_dsc" "$_ds_dir" > "$_ds_dest/unpack-$_ds_pkg.log" 2>&1; then
        echo "bench: dpkg-source cannot unpack $_ds_dsc (see $_ds_dest/unpack-$_ds_pkg.log)" >&2
        return 1
    fi
    : > "$_ds_dir/.unpacked"
    printf '%s\n' "$_ds_dir"
}
