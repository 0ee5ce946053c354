# shellcheck shell=sh
# The real glibc, built in the tree glibc-headers configured, installed into the sysroot.
deps="libgcc"
tree=glibc

run_step() {
    make -j"$JOBS"
    make install install_root="$STAGE/$TARGET/sysroot"
}
