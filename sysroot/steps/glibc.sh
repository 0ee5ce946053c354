# shellcheck shell=sh
# The real glibc, built in the tree glibc-headers configured, installed into the sysroot.
deps="libgcc"
tree=glibc

run_step() {
    # MAKEINFO=: leaves out the info manual: Debian's tarball has no manual sources
    # (GFDL), and the SDK does not need it.
    make -j"$JOBS" MAKEINFO=:
    # In parallel as Yocto's glibc recipe does: a serial install took 1m38s of the step.
    make -j"$JOBS" install install_root="$STAGE/$TARGET/sysroot" MAKEINFO=:
}
