# shellcheck shell=sh
# shellcheck disable=SC2154 # cc, here, sysroot and progs are set by run.sh
# tests/yocto/rootfs.sh: sourced by run.sh. Assembles what OpenEmbedded hands to
# qemu-usermode: a target root file system ($D of an image, a recipe sysroot or
# libc-package's locale tree) with the SDK's x32 glibc and this suite's x32
# programs in it.
#
#   make_rootfs DIR        the x32 libraries, /usr/bin/{cachegen,mklocale,execabs,showenv},
#                          /etc/cachegen.conf, data for the cache generator and a locale source
#   make_bare_rootfs DIR   the same programs without any library: the interpreter is missing

# build_programs OUTDIR: the four x32 programs, once for every root made.
build_programs() {
    mkdir -p "$1"
    for _p in cachegen mklocale execabs showenv; do
        # shellcheck disable=SC2086 # $cc may carry flags
        $cc -O2 -o "$1/$_p" "$here/$_p.c" || return 1
    done
}

make_rootfs() {
    _r=$1
    mkdir -p "$_r/libx32" "$_r/usr/libx32" "$_r/usr/bin" "$_r/bin" "$_r/etc" "$_r/tmp" \
        "$_r/proc" "$_r/dev" "$_r/usr/share/cachegen" "$_r/var/cache/cachegen" \
        "$_r/usr/share/i18n/locales"
    # The shared objects of glibc as an x32 image has them (libc.so.6 and the
    # interpreter in /libx32); no static archives or linker scripts.
    for _f in "$sysroot"/libx32/*.so*; do
        cp -P "$_f" "$_r/libx32/"
    done
    cp "$progs"/cachegen "$progs"/mklocale "$progs"/execabs "$progs"/showenv "$_r/usr/bin/"
    ln -s ../usr/bin/mklocale "$_r/bin/mklocale"
    echo 'suffix=.dat' > "$_r/etc/cachegen.conf"
    for _i in 1 2 3; do seq "$_i" 100 > "$_r/usr/share/cachegen/data$_i.dat"; done
    echo 'not data' > "$_r/usr/share/cachegen/readme.txt"
    printf 'alpha 1\nbeta 22\ngamma 333\n' > "$_r/usr/share/i18n/locales/xx_XX"
    # As pseudo leaves a rootfs: device nodes as empty regular files. x32-run -L must
    # keep using the host's /dev (a write to this one would land in the image).
    : > "$_r/dev/null"
}

make_bare_rootfs() {
    mkdir -p "$1/usr/bin" "$1/etc"
    cp "$progs/showenv" "$1/usr/bin/"
}
