# shellcheck shell=sh
# The last part of a build: prove the compiler emits x32, install the SDK's own files,
# and record build facts. build-info.json is written last: it marks a complete SDK.

SDK_VERSION=0.1.0

# install_parts: the folders whose install.sh finish_sdk runs (cmake/, check/, vm/): the
# SDK's own files that no step builds.
install_parts() {
    for _ip in cmake check vm; do
        [ -f "$TOP/$_ip/install.sh" ] && echo "$_ip"
    done
    return 0
}

# sdk_key [stamps]: the key that names the SDK this checkout, host and options build: a
# hash of every step's key (all_steps, so an optional step asked for with --with counts)
# and of the folders of install_parts, which hold x32-check and x32-vm. It covers what
# step_key covers (pins, patches, recipes, options, the source tarball each pin uses
# here, host_identity): two SDKs with one key were built from the same inputs as far as
# the step keys can tell. 16 hex digits, like a step key. With "stamps" the step keys are the ones the prefix's stamps record: the SDK the
# prefix holds (write_build_info), the same key once every step is current.
sdk_key() {
    _sdk_lines=""
    for _sdk_s in $(all_steps); do
        if [ "${1:-}" = stamps ]; then
            _sdk_k=$(cat "$(stamp_dir)/$_sdk_s.key" 2>/dev/null) || _sdk_k=none
        else
            _sdk_k=$(step_key "$_sdk_s") || return 1
        fi
        _sdk_lines="${_sdk_lines}step $_sdk_s $_sdk_k
"
    done
    for _sdk_p in $(install_parts); do
        _sdk_lines="${_sdk_lines}install $_sdk_p $(folder_digest "$TOP/$_sdk_p")
"
    done
    printf '%s' "$_sdk_lines" | sha16
}

# folder_digest DIR: one hash of the names and contents of DIR's files (build output and
# Python's byte-code caches, which no install.sh copies, excluded), from a single
# sha256sum: hash_paths runs one per file, which made these three folders a sixth of
# `./build.sh key`'s time.
folder_digest() {
    (cd "$1" && find . -type f ! -path './build/*' ! -path '*/__pycache__/*' -print0 | LC_ALL=C sort -z \
        | xargs -0r sha256sum --) | sha16
}

# checkout_commit: the checkout's commit (short), "-dirty" added when its files differ
# from it (changes or untracked files git does not ignore); "unknown" when it is no git
# checkout (an unpacked tarball), git is missing or refuses the folder (another user's).
# --no-optional-locks: only read, never refresh the index of a checkout others work in.
checkout_commit() {
    _cc=$(git -C "$TOP" rev-parse --short HEAD 2>/dev/null) || _cc=""
    [ -n "$_cc" ] || { echo unknown; return 0; }
    _cc_changes=$(git --no-optional-locks -C "$TOP" status --porcelain -- . 2>/dev/null) || _cc_changes="?"
    [ -z "$_cc_changes" ] || _cc="$_cc-dirty"
    echo "$_cc"
}

# host_glibc: the host's glibc version (2.36), which the toolchain's programs need at least.
host_glibc() {
    _hg=$(getconf GNU_LIBC_VERSION 2>/dev/null) || _hg=""
    _hg=${_hg#glibc }
    echo "${_hg:-unknown}"
}

# info_field NAME: the top-level string field NAME of the prefix's build-info.json.
# write_build_info puts each of sdk_version, commit and key on a line of its own, two
# spaces in (the steps' own "key" fields are deeper), which is what the readers that have
# no JSON parser rely on: this, x32-gdb, x32-run and x32-vm.
info_field() {
    sed -n "s/^  \"$1\": \"\([^\"]*\)\",\{0,1\}\$/\1/p" "$PREFIX/share/x32-sdk/build-info.json" | head -n 1
}

sdk_is_complete() {
    [ -f "$PREFIX/share/x32-sdk/build-info.json" ] || return 1
    for _s in $(all_steps); do step_is_current "$_s" || return 1; done
}

# check_default_abi: with no flags the installed compiler must emit ELF32 x86-64 objects.
check_default_abi() {
    _t="$CACHE/build/abi-check"; rm -rf "$_t"; mkdir -p "$_t"
    printf 'int x32_probe(void) { return sizeof(void *); }\n' > "$_t/probe.c"
    "$PREFIX/bin/$TARGET-gcc" -c "$_t/probe.c" -o "$_t/probe.o" \
        || die "the installed compiler $PREFIX/bin/$TARGET-gcc cannot compile; see the logs in $CACHE/logs"
    _hdr=$("$PREFIX/bin/$TARGET-readelf" -h "$_t/probe.o")
    case $_hdr in *ELF32*) ;; *) die "the installed compiler does not emit ELF32 by default (is --with-abi=x32 set?)" ;; esac
    case $_hdr in *X86-64*) ;; *) die "the installed compiler does not emit x86-64 code" ;; esac
}

json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }

# used_source_json PINFILE: which tarball the steps were built from (lib/sources.sh,
# source_choice): the pinned one, the upstream release, or a newer Debian upload; "none"
# when no tarball is on this machine now (the outputs came from the step cache, whose
# keys hold the sha256 of any tarball other than the pinned one).
used_source_json() {
    _uc=$(pin_choice "$1") || exit 2
    _uk=${_uc%% *}; _uc=${_uc#* }; _us=${_uc%% *}; _uc=${_uc#* }; _uv=${_uc%% *}; _up=${_uc#* }
    printf '{"from": %s' "$(json_string "$_uk")"
    [ "$_us" = - ] || printf ', "sha256": %s, "path": %s' "$(json_string "$_us")" "$(json_string "$_up")"
    [ "$_uk" != debian ] || printf ', "debian_package": %s, "debian_version": %s' \
        "$(json_string "$(pin_get "$1" deb_package)")" "$(json_string "$_uv")"
    printf '}'
}

write_build_info() {
    _f="$PREFIX/share/x32-sdk/build-info.json"
    _wb_key=$(sdk_key stamps) || die "cannot compute the SDK's key"
    {
        # sdk_version, commit and key: one a line, two spaces in (see info_field).
        printf '{\n  "sdk_version": %s,\n' "$(json_string "$SDK_VERSION")"
        printf '  "commit": %s,\n' "$(json_string "$(checkout_commit)")"
        printf '  "key": %s,\n' "$(json_string "$_wb_key")"
        printf '  "target": %s,\n' "$(json_string "$TARGET")"
        printf '  "built_at": %s,\n' "$(json_string "$(date -u +%Y-%m-%dT%H:%M:%SZ)")"
        printf '  "host": {"uname": %s, "compiler": %s, "os": %s, "glibc": %s},\n' \
            "$(json_string "$(uname -srm)")" "$(json_string "$(gcc --version | head -n 1)")" \
            "$(json_string "$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}")")" \
            "$(json_string "$(host_glibc)")"
        printf '  "languages": %s,\n' "$(json_string "$LANGUAGES")"
        printf '  "target_cflags": %s,\n  "packages": {\n' "$(json_string "$TARGET_CFLAGS")"
        _sep=""
        for _pin in "$TOP"/toolchain/*.pin "$TOP"/sysroot/*.pin; do
            printf '%s    %s: {"version": %s, "tarball": %s, "sha256": %s, "used": %s}' "$_sep" \
                "$(json_string "$(basename "$_pin" .pin)")" "$(json_string "$(pin_get "$_pin" version)")" \
                "$(json_string "$(pin_get "$_pin" tarball)")" "$(json_string "$(pin_get "$_pin" sha256)")" \
                "$(used_source_json "$_pin")"
            _sep=",
"
        done
        printf '\n  },\n  "configure_options": {\n'
        _sep=""
        for _c in "$PREFIX"/share/x32-sdk/configure/*.txt; do
            [ -f "$_c" ] || continue
            printf '%s    %s: %s' "$_sep" "$(json_string "$(basename "$_c" .txt)")" \
                "$(json_string "$(tr '\n' ' ' < "$_c" | sed 's/ $//')")"
            _sep=",
"
        done
        printf '\n  },\n  "steps": {\n'
        _sep=""
        for _s in $(all_steps); do
            printf '%s    %s: {"key": %s, "seconds": %s}' "$_sep" "$(json_string "$_s")" \
                "$(json_string "$(cat "$(stamp_dir)/$_s.key")")" "$(cat "$(stamp_dir)/$_s.seconds" 2>/dev/null || echo null)"
            _sep=",
"
        done
        printf '\n  },\n  "this_run_seconds": %s\n}\n' "$1"
    } > "$_f.tmp" && mv "$_f.tmp" "$_f" || die "cannot write $_f (disk full?)"
}

finish_sdk() {
    check_default_abi
    [ -x "$PREFIX/bin/x32-run" ] || die "x32-run is missing from $PREFIX/bin; see $CACHE/logs/runner.log"
    # The SDK's own files are plain copies: build-system glue (cmake/), x32-check
    # (check/) and the VM front end (vm/). Each folder's install.sh knows its files.
    # A part whose folder has not changed since it was installed is left alone, which
    # keeps a no-op run fast (vm/install.sh compiles x32-vm).
    for _part in $(install_parts); do
        _stamp="$PREFIX/share/x32-sdk/steps/install-$_part.hash"
        _hash=$(hash_paths "$TOP/$_part")
        [ -f "$_stamp" ] && [ "$(cat "$_stamp")" = "$_hash" ] && continue
        sh "$TOP/$_part/install.sh" "$PREFIX" > "$CACHE/logs/install-$_part.log" 2>&1 \
            || die "installing $_part/ into $PREFIX failed; see $CACHE/logs/install-$_part.log"
        printf '%s\n' "$_hash" > "$_stamp"
    done
    write_build_info "$1"
    say "The x32 SDK is ready in $PREFIX ($(human_seconds "$1") this run)."
    say "Compile with $PREFIX/bin/$TARGET-gcc; run the result with $PREFIX/bin/x32-run."
}

# package_sdk: PREFIX packed as x32-sdk-VERSION-SHORTKEY-x86_64-linux.tar.xz, named by what
# the prefix's build-info.json records (the SDK it holds, not what the checkout would build
# now), so that two different builds never share a file name.
package_sdk() {
    _pv=$(info_field sdk_version); _pk=$(info_field key)
    case $_pk in
        [0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ;;
        *) die "$PREFIX/share/x32-sdk/build-info.json records no SDK key (built before keys were recorded?); run ./build.sh to finish the SDK again" ;;
    esac
    _name="x32-sdk-${_pv:-$SDK_VERSION}-$(printf '%s' "$_pk" | cut -c1-8)-x86_64-linux"
    _out="$(pwd)/$_name.tar.xz"
    # The package's README: what the unpacking host needs (lib/host-needs.sh).
    . "$TOP/lib/host-needs.sh"
    write_host_needs "$PREFIX" "$_name" "$PREFIX/README.md" || die "cannot write $PREFIX/README.md"
    say "Packing $PREFIX into $_out"
    tar -C "$(dirname "$PREFIX")" --transform "s|^$(basename "$PREFIX")|$_name|" \
        -cf - "$(basename "$PREFIX")" | xz -T0 -6 > "$_out.part" || die "packing failed (disk full?)"
    mv "$_out.part" "$_out"
    say "Wrote $_out ($(du -h "$_out" | cut -f1))"
}
