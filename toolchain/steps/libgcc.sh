# shellcheck shell=sh
# libgcc (static and shared) from the GCC build tree: glibc needs it to link.
deps="glibc-headers"
tree=gcc

run_step() {
    make -j"$JOBS" all-target-libgcc MAKEINFO=true
    make install-target-libgcc DESTDIR="$DESTDIR" MAKEINFO=true
}
