# shellcheck shell=sh
# Sourced by tests/build/run.sh. Debian's archive moves (toolchain/README.md, "When Debian
# ships a newer source package"): a Debian file other than the pinned one is used only as
# dpkg installed it, the build says so, build-info.json records it and the step keys
# change; a modified file is refused. A fake dpkg database (X32_SDK_DPKG_ADMINDIR) stands
# for Debian's, holding what apt would have recorded for a newer linux-source-6.1.

D="$T/debian"
rm -rf "$D"; mkdir -p "$D/admin/info" "$D/admin/updates" "$D/usr/src"
newer="$D/usr/src/linux-source-6.1.tar.xz"
head -c 300000 /dev/urandom > "$newer"
cat > "$D/admin/status" <<EOF
Package: linux-source-6.1
Status: install ok installed
Priority: optional
Section: kernel
Maintainer: x32-sdk tests <tests@invalid>
Architecture: all
Version: 6.1.999-1
Description: a newer Debian upload, as far as these tests are concerned

EOF
# dpkg's md5sums lists name files relative to /.
printf '%s  %s\n' "$(md5sum < "$newer" | cut -d' ' -f1)" "${newer#/}" > "$D/admin/info/linux-source-6.1.md5sums"

FD="$T/fake-debian"
fake_checkout "$FD"
# `sources` fetches every pin's tarball; the optional musl's is not in the SDK's cache.
rm -f "$FD/toolchain/musl.pin" "$FD/toolchain/steps/musl.sh"
sed -i "s|^deb_file=.*|deb_file=$newer|" "$FD/sysroot/linux.pin"
export X32_SDK_NO_APT=1 X32_SDK_OFFLINE=1 X32_SDK_DPKG_ADMINDIR="$D/admin"
# The other pins' tarballs: those the SDK's own build fetched from Debian's archive
# (offline, build.sh still reads what is already there).
mkdir -p "$T/cache-debian"
ln -sfn "${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/debian-archive" "$T/cache-debian/debian-archive"

# Accepted, with one line naming the Debian version used instead of the pinned one.
out=$(X32_SDK_CACHE="$T/cache-debian" "$FD/build.sh" --prefix "$T/p-debian" sources 2>&1); rc=$?
line=$(printf '%s\n' "$out" | grep '^linux: using')
if [ "$rc" = 0 ] && [ "$(printf '%s\n' "$line" | wc -l)" = 1 ] \
    && [ "$line" = "linux: using linux-source-6.1 6.1.999-1 from Debian ($newer, as dpkg installed it) instead of the pinned 6.1.192-3 (sha256 $(sed -n 's/^sha256=//p' "$FD/sysroot/linux.pin" | cut -c1-16)...)" ]; then
    pass debian-newer-file-accepted-and-named
else
    fail debian-newer-file-accepted-and-named "exit $rc: $(printf '%s\n' "$out" | tr '\n' ' ')"
fi

# The keys of the steps built from it change (they would rebuild), the others do not:
# the same checkout with the pinned file finds the prefix's linux-headers current.
state_of() { printf '%s\n' "$1" | awk -v s="$2" '$1 == s { $1 = ""; sub(/^ /, ""); print }'; }
with_newer=$("$FD/build.sh" --prefix "$PREFIX" list 2>&1)
fake_checkout "$T/fake-pinned"
with_pinned=$(X32_SDK_DPKG_ADMINDIR='' "$T/fake-pinned/build.sh" --prefix "$PREFIX" list 2>&1)
got="pinned: binutils $(state_of "$with_pinned" binutils), linux-headers $(state_of "$with_pinned" linux-headers), vm $(state_of "$with_pinned" vm); newer: binutils $(state_of "$with_newer" binutils), linux-headers $(state_of "$with_newer" linux-headers), vm $(state_of "$with_newer" vm)"
if [ "$got" = "pinned: binutils built, linux-headers built, vm built; newer: binutils built, linux-headers to build, vm to build" ]; then
    pass debian-newer-file-changes-keys
else
    fail debian-newer-file-changes-keys "$got"
fi

# build-info.json records it (write_build_info of lib/finish.sh, run on a scratch prefix).
mkdir -p "$T/p-info/share/x32-sdk/steps"
out=$(cd "$FD" && TOP=$FD CACHE="$T/cache-debian" SOURCES="$T/cache-debian/sources" PREFIX="$T/p-info" \
      LANGUAGES=c TARGET=x86_64-linux-gnux32 KEY_MEMO="" sh -c '. lib/log.sh; . lib/sources.sh; . lib/steps.sh
      . lib/finish.sh; write_build_info 0' 2>&1)
info=$(python3 -c 'import json, sys
u = json.load(open(sys.argv[1]))["packages"]["linux"]["used"]
print(u["from"], u.get("debian_package"), u.get("debian_version"), u.get("path"))' "$T/p-info/share/x32-sdk/build-info.json" 2>&1)
if [ "$info" = "debian linux-source-6.1 6.1.999-1 $newer" ]; then pass debian-newer-file-in-build-info
else fail debian-newer-file-in-build-info "packages.linux.used is '$info' $out"; fi

# Modified after dpkg installed it: refused, with one line.
printf 'x' >> "$newer"
expect_error debian-modified-file-refused \
    "$newer is neither the pinned tarball (sha256 $(sed -n 's/^sha256=//p' "$FD/sysroot/linux.pin")) nor what linux-source-6.1 6.1.999-1 installed" \
    env X32_SDK_CACHE="$T/cache-debian" "$FD/build.sh" --prefix "$T/p-debian" sources
# Unknown to dpkg (put there by hand): refused.
rm "$D/admin/info/linux-source-6.1.md5sums"
expect_error debian-file-dpkg-does-not-know-refused "and dpkg has no record of it from linux-source-6.1: refusing it" \
    env X32_SDK_CACHE="$T/cache-debian" "$FD/build.sh" --prefix "$T/p-debian" sources
unset X32_SDK_NO_APT X32_SDK_OFFLINE X32_SDK_DPKG_ADMINDIR

# Re-verification: the sources folder links to the tarball (as it links into /usr/src);
# when the file behind the link changes, with the same size and mtime, it is hashed again.
FV="$T/fake-verify"
fake_checkout "$FV"
mkdir -p "$T/verify-sources"
head -c 4096 /dev/urandom > "$T/verify-target"
sed -i "s|^tarball=.*|tarball=verify.tar.xz|; s|^sha256=.*|sha256=$(sha256sum < "$T/verify-target" | cut -d' ' -f1)|; s|^url=.*|url=|" \
    "$FV/toolchain/binutils.pin"
ln -s "$T/verify-target" "$T/verify-sources/verify.tar.xz"
check verify-linked-tarball-first-time env X32_SDK_NO_APT=1 X32_SDK_CACHE="$T/cache-verify" \
    "$FV/build.sh" --prefix "$T/p-verify" --sources "$T/verify-sources" sources
touch -r "$T/verify-target" "$T/verify-stamp"
printf 'changed!' | dd of="$T/verify-target" bs=1 seek=100 conv=notrunc 2>/dev/null
touch -r "$T/verify-stamp" "$T/verify-target"
expect_error verify-changed-file-behind-link-rehashed "hash mismatch for $T/verify-sources/verify.tar.xz" \
    env X32_SDK_NO_APT=1 X32_SDK_CACHE="$T/cache-verify" \
    "$FV/build.sh" --prefix "$T/p-verify" --sources "$T/verify-sources" sources
