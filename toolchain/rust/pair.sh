# shellcheck shell=sh
# Which rustc the x32 standard library is built with, and whether its sources are here.
# Sourced by build.sh (before the rust-std step, to fetch what is missing) and by the
# step itself. The std sources must be exactly the compiler's version: Debian 12's
# rustc-web 1.96 and its rust-web-src, which ships library/Cargo.lock and the vendored
# crates std depends on, so the build needs no network (see toolchain/rust/README.md).
#
# That compiler is unpacked from Debian 12's archive into the step cache
# (lib/debian-archive.sh), with the libraries it needs, on every host; nothing is
# installed system-wide, so a rustc, cargo or rustup of the user's (Debian 13 and later
# package rustup, which conflicts with rustc-web) is never touched.

RUST_PACKAGES="rustc-web cargo-web rust-web-src libstd-rust-web-dev"
# rust_debian_bin: where the wrappers that run the unpacked compiler live.
rust_debian_bin() { printf '%s/rust-bin\n' "$(archive_dir)"; }
# X32_SDK_RUSTC / X32_SDK_CARGO pick another pair; the default is Debian 12's, unpacked.
RUST_RUSTC=${X32_SDK_RUSTC:-${CACHE:+$(rust_debian_bin)/rustc}}
RUST_CARGO=${X32_SDK_CARGO:-${CACHE:+$(rust_debian_bin)/cargo}}

# rust_release: the release (1.96.0) of $RUST_RUSTC, empty when it does not run.
rust_release() {
    "$RUST_RUSTC" -vV 2>/dev/null | sed -n 's/^release: //p'
}

# rust_library_dir: the std sources that belong to $RUST_RUSTC (they install under its
# sysroot as lib/rustlib/src/rust, like rustup's rust-src component).
rust_library_dir() {
    _rs=$("$RUST_RUSTC" --print sysroot 2>/dev/null) || return 0
    _rl=$(readlink -f "$_rs/lib/rustlib/src/rust" 2>/dev/null) || return 0
    printf '%s/library\n' "$_rl"
}

# rust_pair_problem: empty when the pair is usable, else one sentence saying what was
# found and what is needed.
rust_pair_problem() {
    _rr=$(rust_release)
    if [ -z "$_rr" ]; then
        printf 'no rustc at %s (the x32 standard library is built with Debian 12'"'"'s rustc-web 1.96)\n' "${RUST_RUSTC:-(none)}"; return
    fi
    [ -x "$RUST_CARGO" ] || { printf 'no cargo at %s (found rustc %s)\n' "$RUST_CARGO" "$_rr"; return; }
    _rl=$(rust_library_dir)
    if [ -z "$_rl" ] || [ ! -f "$_rl/Cargo.lock" ] || [ ! -d "$_rl/vendor" ]; then
        printf 'rustc %s at %s has no standard-library sources with Cargo.lock and vendored crates (lib/rustlib/src/rust)\n' "$_rr" "$RUST_RUSTC"; return
    fi
    _sv=$(cat "$_rl/../src/version" 2>/dev/null || echo unknown)
    [ "$_sv" = "$_rr" ] || printf 'rustc is %s but its standard-library sources (%s) are %s\n' "$_rr" "$_rl" "$_sv"
}

# rust_identity: what decides the output besides the recipe: the compiler and sources.
rust_identity() {
    printf '%s' "$("$RUST_RUSTC" -vV 2>/dev/null | sed -n 's/^commit-hash: //p')"
    printf ' %s' "$(rust_release)"
    _rl=$(rust_library_dir)
    [ -z "$_rl" ] || printf ' src-lock:%s' "$(sha256sum < "$_rl/Cargo.lock" 2>/dev/null | cut -c1-16)"
}

# Packages the unpacked compiler needs that every host has, newer (the C library and
# C++ runtime), or that are tools it calls rather than libraries it loads (the linker and
# C compiler come from the host's build-essential).
RUST_HOST_PROVIDES='^(libc6|libgcc-s1|libstdc\+\+6|gcc|gcc-[0-9.]+|g\+\+.*|cpp.*|binutils.*|libc6-dev|libc-dev|linux-libc-dev|libcrypt-dev|libnsl-dev|libtirpc-dev|.*-base|debconf.*|dpkg|perl.*|tar|coreutils|sensible-utils|zlib1g)$'

# rust_debian_closure: RUST_PACKAGES and the library packages they load, transitively.
rust_debian_closure() {
    _rc_todo=$RUST_PACKAGES; _rc_seen=" "
    while [ -n "$_rc_todo" ]; do
        _rc_next=""
        for _rc_p in $_rc_todo; do
            case $_rc_seen in *" $_rc_p "*) continue ;; esac
            printf '%s\n' "$_rc_p" | grep -Eq "$RUST_HOST_PROVIDES" && continue
            _rc_seen="$_rc_seen$_rc_p "
            # The first of each group of alternatives ("|Depends: a" is followed by the
            # others, which are skipped); virtual packages (<name>) are left to the host.
            _rc_next="$_rc_next $(archive_apt_cache depends --no-recommends --no-suggests \
                --no-conflicts --no-breaks --no-replaces --no-enhances "$_rc_p" 2>/dev/null \
                | awk '/^ *\|?(Pre)?Depends: / { alt = skip; skip = ($1 ~ /^\|/); if (!alt && $2 !~ /^</) print $2 }' \
                | tr '\n' ' ')"
        done
        _rc_todo=$_rc_next
    done
    # shellcheck disable=SC2086 # one package a word
    printf '%s\n' $_rc_seen
}

# rust_unpack_debian: Debian 12's rustc-web pair unpacked into the archive's root, and
# wrappers for rustc, rustdoc and cargo. The wrappers start each program through the
# host's dynamic loader with --library-path, which reaches that process alone: the
# linker and build scripts it starts see the host's own libraries. rustc finds its
# sysroot from its own path, which is then the loader's, so the wrappers name it.
rust_unpack_debian() {
    archive_update || return 1
    _ru_pkgs=$(rust_debian_closure | tr '\n' ' ')
    [ -n "$_ru_pkgs" ] || return 1
    say "Unpacking Debian 12's Rust into the SDK's cache (nothing is installed system-wide): $_ru_pkgs"
    # shellcheck disable=SC2086 # one word per package
    archive_unpack $_ru_pkgs || return 1
    _ru_root=$(archive_root); _ru_bin=$(rust_debian_bin)
    mkdir -p "$_ru_bin" || return 1
    _ru_loader=$(LC_ALL=C readelf -l "$_ru_root/usr/bin/rustc" 2>/dev/null \
        | sed -n 's/^.*interpreter: \(.*\)\]$/\1/p')
    [ -n "$_ru_loader" ] || _ru_loader=/lib64/ld-linux-x86-64.so.2
    _ru_libs="$_ru_root/usr/lib/x86_64-linux-gnu:$_ru_root/lib/x86_64-linux-gnu"
    for _ru_t in rustc rustdoc cargo; do
        {
            printf '#!/bin/sh\n# %s of Debian 12'"'"'s rustc-web pair, unpacked by x32-sdk (toolchain/rust/pair.sh).\n' "$_ru_t"
            # shellcheck disable=SC2016 # the wrapper's own "$@" and $a
            case $_ru_t in
                rustc|rustdoc) printf 'for a in "$@"; do case $a in --sysroot|--sysroot=*) exec %s --library-path %s %s "$@" ;; esac; done\n' \
                    "$_ru_loader" "$_ru_libs" "$_ru_root/usr/bin/$_ru_t"
                    printf 'exec %s --library-path %s %s --sysroot %s "$@"\n' "$_ru_loader" "$_ru_libs" "$_ru_root/usr/bin/$_ru_t" "$_ru_root/usr" ;;
                cargo) printf 'exec %s --library-path %s %s "$@"\n' "$_ru_loader" "$_ru_libs" "$_ru_root/usr/bin/cargo" ;;
            esac
        } > "$_ru_bin/$_ru_t.tmp" && chmod +x "$_ru_bin/$_ru_t.tmp" && mv "$_ru_bin/$_ru_t.tmp" "$_ru_bin/$_ru_t"
    done
}

# rust_prerequisites: in build.sh, before the step: unpack the pair when it is missing
# (the default pair only), else stop with what to do.
rust_prerequisites() {
    _rp=$(rust_pair_problem)
    [ -n "$_rp" ] || return 0
    if [ -z "${X32_SDK_RUSTC:-}" ] && _why=$(archive_usable); then
        rust_unpack_debian || die "Rust step: could not fetch Debian 12's $RUST_PACKAGES (log: $(archive_dir)/apt.log)"
        _rp=$(rust_pair_problem)
        [ -z "$_rp" ] || die "Rust step: $_rp, even after unpacking Debian 12's $RUST_PACKAGES"
    elif [ -z "${X32_SDK_RUSTC:-}" ]; then
        die "Rust step: Debian 12's rustc-web cannot be fetched here ($_why); point X32_SDK_RUSTC and X32_SDK_CARGO at a rustc whose lib/rustlib/src/rust has library/Cargo.lock and library/vendor"
    else
        die "Rust step: $_rp (X32_SDK_RUSTC=$X32_SDK_RUSTC)"
    fi
}
