# shellcheck shell=sh
# libgcc (static and shared) from the GCC build tree: glibc needs it to link.
deps="glibc-headers"
tree=gcc

run_step() {
    make -j"$JOBS" all-target-libgcc MAKEINFO=true
    # gcc-libs links libgcc_s again once glibc exists, from these objects if this mark
    # says they are this step's.
    step_key libgcc > "$TARGET/libgcc/.x32sdk-libgcc-key"
    make install-target-libgcc DESTDIR="$DESTDIR" MAKEINFO=true
}
