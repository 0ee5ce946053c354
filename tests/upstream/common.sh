# shellcheck shell=sh
# What the drivers here (check-gcc.sh, check-glibc.sh, host-mx32.sh) share; sourced
# after setting DRIVER (the name in messages), PREFIX and OUT (empty for the default).

die() { printf '%s: %s\n' "$DRIVER" "$*" >&2; exit 2; }

# check_jobs N: -j's value is a whole number of at least 1.
check_jobs() {
    case $1 in ''|*[!0-9]*|0) die "-j wants a whole number of at least 1, not '$1'" ;; esac
}

# suite_environment NAME: the runner (X32_RUN, default the SDK's), the output folder
# (OUT, default $X32_SDK_CACHE/check/NAME, made absolute and created), and the
# environment the suites run in: the SDK's tools first on PATH (GCC's tests call its
# binutils, glibc's config.make its compiler, by their target names), the C locale, and
# none of the variables that would change what the compilers or make do.
suite_environment() {
    X32_RUN=${X32_RUN:-$PREFIX/bin/x32-run}
    [ -x "$X32_RUN" ] || die "no x32-run at $X32_RUN; build the SDK first: ./build.sh"
    [ -n "$OUT" ] || OUT="${X32_SDK_CACHE:-$HOME/.cache/x32-sdk}/check/$1"
    case $OUT in /*) ;; *) OUT="$(pwd)/$OUT" ;; esac
    mkdir -p "$OUT" || die "cannot create $OUT; pick a writable --out DIR"
    export X32_RUN
    PATH="$PREFIX/bin:$PATH"; export PATH
    LC_ALL=C; export LC_ALL
    unset LD_LIBRARY_PATH LIBRARY_PATH GCC_EXEC_PREFIX COMPILER_PATH CPATH MAKEFLAGS MFLAGS \
        2>/dev/null || true
}

# write_gcc_site DIR SRCDIR TARGET_TRIPLET CC CXX: the site.exp that GCC's build tree
# would write for one runtest process in DIR, pointed at an installed compiler ("testing
# an installed compiler").  libiconv is what GCC's configure found for iconv: nothing
# beyond the C library on glibc; unset, the iconv checks link -liconv, fail, and the
# charset tests come out unsupported.  Callers append their own settings to DIR/site.exp.
write_gcc_site() {
    _build=$(gcc -dumpmachine 2>/dev/null || echo x86_64-pc-linux-gnu)
    cat > "$1/site.exp" <<SITE
set rootme "$1"
set srcdir "$2"
set host_triplet $_build
set build_triplet $_build
set target_triplet $3
set tool_root_dir "$1"
set tmpdir "$1"
set CFLAGS ""
set CXXFLAGS ""
set HOSTCC "gcc"
set HOSTCFLAGS ""
set GCC_UNDER_TEST "$4"
set GXX_UNDER_TEST "$5"
set ENABLE_LTO 1
set ENABLE_PLUGIN 0
set libiconv ""
SITE
}
