# shellcheck shell=sh
# The step engine: keys, stamps, the step-output cache and running one step.
#
# A step is a file toolchain/steps/NAME.sh or sysroot/steps/NAME.sh (the toolchain and its
# sysroot), AREA/step.sh (a program of the SDK: runner/, vm/; the step is named after its
# folder) or AREA/steps/NAME.sh (another area's steps). Adding a step is adding such a
# file: the steps are found, not listed. It sets
#   deps="..."     steps whose outputs it needs
#   pins="..."     pin files it builds from (their patch folders count too)
#   inputs="..."   other files or folders whose content it depends on
#   opts="..."    (optional) build options that change its output, e.g. languages
#   tree=NAME      (optional) the build tree it works in; the step that creates a tree
#                  sets tree_owner=yes, later steps reuse it (GCC is compiled only once)
#   optional=yes   (optional) built only when asked for: ./build.sh --with NAME (which
#                  adds NAME to WITH_STEPS), or ./build.sh NAME alone; a step that is not
#                  optional may not depend on one
# and a function run_step that installs into $STAGE (a folder laid out like the prefix).
#
# The order comes from the deps: the toolchain's and sysroot's steps first, in rounds
# (each round holds the steps whose deps are all in earlier rounds; within a round
# toolchain/ comes before sysroot/, then file names in order), then the other areas'
# steps (AREA/step.sh, then AREA/steps/NAME.sh) in rounds the same way. deps= and optional= are read as text for this: keep each on a
# line of its own, with literal step names.
#
# key(step) = hash(step file, pins, patches, inputs, options, host_identity, keys of deps). Outputs are
# cached in $CACHE/steps/<name>-<key>/ and copied into the prefix; a stamp in the prefix
# records the key it holds, and a manifest the files it installed (removed when the step
# is replaced). Nothing in an output depends on where the prefix is.

# step_candidates: every step file as "GROUP NAME PATH" (PATH from TOP), in the order
# that breaks ties within a round.
step_candidates() {
    for _f in "$TOP"/toolchain/steps/*.sh "$TOP"/sysroot/steps/*.sh; do
        [ -f "$_f" ] || continue
        _n=${_f##*/}; printf '1 %s %s\n' "${_n%.sh}" "${_f#"$TOP"/}"
    done
    for _f in "$TOP"/*/step.sh; do
        [ -f "$_f" ] || continue
        _n=${_f%/step.sh}; printf '2 %s %s\n' "${_n##*/}" "${_f#"$TOP"/}"
    done
    for _f in "$TOP"/*/steps/*.sh; do
        case $_f in "$TOP"/toolchain/steps/*|"$TOP"/sysroot/steps/*) continue ;; esac
        [ -f "$_f" ] || continue
        _n=${_f##*/}; printf '2 %s %s\n' "${_n%.sh}" "${_f#"$TOP"/}"
    done
}

# step_declared FILE VAR: VAR's value as the step file declares it on a line of its own
# (VAR=value, VAR="value" or VAR='value').
step_declared() {
    sed -n "s/^$2=[\"']\{0,1\}\([^\"']*\)[\"']\{0,1\}[[:space:]]*\$/\1/p" "$1" | head -n 1
}

# step_facts: step_candidates with what each step file declares on lines of their own
# (as step_declared reads them), from one awk over all the files: "GROUP NAME PATH
# OPTIONAL DEP...", OPTIONAL yes or no.
step_facts() {
    step_candidates | awk -v top="$TOP" -v q="'" '
        function value(line, var) { sub("^" var "=[\"" q "]?", "", line); sub("[\"" q "]?[ \t]*$", "", line); return line }
        {
            f = top "/" $3; deps = ""; opt = ""; gd = 0; go = 0
            dre = "^deps=[\"" q "]?[^\"" q "]*[\"" q "]?[ \t]*$"
            ore = "^optional=[\"" q "]?[^\"" q "]*[\"" q "]?[ \t]*$"
            while ((getline l < f) > 0) {
                if (!gd && l ~ dre) { deps = value(l, "deps"); gd = 1 }
                if (!go && l ~ ore) { opt = value(l, "optional"); go = 1 }
            }
            close(f)
            print $1, $2, $3, (opt == "yes" ? "yes" : "no"), deps
        }'
}

# order_steps: every step as "NAME PATH OPTIONAL" (yes or no), in build order.
order_steps() {
    _os_all=$(step_facts)
    _os_placed=" "; _os_optional=" "
    for _os_g in 1 2; do
        _os_left=$(printf '%s\n' "$_os_all" | awk -v g="$_os_g" '$1 == g { $1 = ""; sub(/^ /, ""); print }')
        while [ -n "$_os_left" ]; do
            _os_round=""; _os_rest=""
            while read -r _os_n _os_p _os_opt _os_deps; do
                _os_ready=yes
                for _os_d in $_os_deps; do
                    case $_os_placed in *" $_os_d "*) ;; *) _os_ready=no ;; esac
                done
                if [ "$_os_ready" = no ]; then
                    _os_rest="$_os_rest$_os_n $_os_p $_os_opt $_os_deps
"
                    continue
                fi
                _os_round="$_os_round$_os_n "
                [ "$_os_opt" = yes ] && _os_optional="$_os_optional$_os_n "
                for _os_d in $_os_deps; do
                    case "$_os_opt$_os_optional" in no*" $_os_d "*)
                        echo "lib/steps.sh: step $_os_n ($_os_p) is not optional but needs the optional step $_os_d: make it optional=yes too, or $_os_d not optional" >&2
                        return 1 ;;
                    esac
                done
                printf '%s %s %s\n' "$_os_n" "$_os_p" "$_os_opt"
            done <<STEPS
$_os_left
STEPS
            if [ -z "$_os_round" ]; then
                echo "lib/steps.sh: these steps need steps that do not exist, come later or need each other (see their deps=): $(printf '%s\n' "$_os_left" | cut -d' ' -f2 | tr '\n' ' ')" >&2
                return 1
            fi
            _os_placed="$_os_placed$_os_round"
            _os_left=$(printf '%s' "$_os_rest")
        done
    done
}

# step_table: order_steps, worked out once per shell (and at once in build.sh).
step_table() {
    [ -n "${STEP_TABLE:-}" ] || STEP_TABLE=$(order_steps) || exit 2
    printf '%s\n' "$STEP_TABLE"
}

# step_file NAME: the step's file, optional or not.
step_file() {
    _sf_p=$(step_table | awk -v n="$1" '$1 == n { print $2; exit }')
    [ -n "$_sf_p" ] && echo "$TOP/$_sf_p"
}

# all_steps: the steps of this build, in order: every step that is not optional, and
# the optional ones named in WITH_STEPS.
all_steps() {
    step_table | while read -r _as_n _as_p _as_opt; do
        if [ "$_as_opt" = no ]; then echo "$_as_n"; continue; fi
        case " ${WITH_STEPS:-} " in *" $_as_n "*) echo "$_as_n" ;; esac
    done
}

# optional_steps: the optional steps, asked for or not.
optional_steps() {
    step_table | awk '$3 == "yes" { print $1 }'
}

# sha16: the first 16 hex digits of stdin's SHA-256, without a cut process (a key
# computation runs this some fifty times).
sha16() {
    _s16=$(sha256sum)
    printf '%s\n' "${_s16%"${_s16#????????????????}"}"
}

# hash_paths PATH...: one hash of the names and contents of files (folders recursively,
# build output excluded). Missing paths hash as absent, so adding a patch folder counts.
hash_paths() {
    list_path_hashes "$@" | sha16
}

# list_path_hashes PATH...: the lines hash_paths hashes, one per file.
list_path_hashes() {
    for _p in "$@"; do
        if [ -d "$_p" ]; then
            # One sha256sum for the folder, its lines put in the form one call per file
            # gave ("./NAME HASH  -"), so the keys stay what they were: 60 times faster
            # on runner/ (`./build.sh key` and every build start hash these folders).
            (cd "$_p" && find . -type f ! -path './build/*' ! -path '*/fuzz/corpus-new/*' -print0 \
                | LC_ALL=C sort -z | xargs -0r sha256sum -- \
                | sed 's/^\([0-9a-f]\{64\}\)  \(.*\)$/\2 \1  -/')
        elif [ -f "$_p" ]; then
            printf '%s ' "${_p##*/}"; sha256sum < "$_p"
        else
            printf 'absent %s\n' "${_p##*/}"
        fi
    done
}

# pin_hash PINFILE: hash_paths of the pin and its patch folder, leaving out the pin's
# deb_version= line: it says which Debian upload the sha256 was taken from, and the bytes
# built from are already keyed by the sha256 (and by source_key_line when another
# tarball is used). A pin without that line hashes as it always did.
pin_hash() {
    {
        printf '%s ' "${1##*/}"; grep -v '^deb_version=' "$1" | sha256sum
        list_path_hashes "$(patch_dir "$1")"
    } | sha16
}

# read_step NAME: load the step's declarations (and run_step) into this shell.
read_step() {
    deps=""; pins=""; inputs=""; tree=""; tree_owner=""; opts=""
    _sf=$(step_file "$1") || die "unknown step '$1'; the steps are: $(all_steps | tr '\n' ' ')"
    # shellcheck disable=SC1090
    . "$_sf"
}

# host_identity: what of the build machine reaches the outputs: the host compiler that
# builds binutils and GCC and the C library they link (the toolchain's programs need the
# glibc and libgmp/libmpfr/libmpc they were linked against). Part of every key, so that a
# step cache shared between hosts (a CI cache, a copied ~/.cache) never hands one host's
# compiler to another.
host_identity() {
    if [ -n "${KEY_MEMO:-}" ] && [ -f "$KEY_MEMO/host-identity" ]; then cat "$KEY_MEMO/host-identity"; return; fi
    _hi="gcc $(gcc -dumpfullversion 2>/dev/null || echo none) glibc $(getconf GNU_LIBC_VERSION 2>/dev/null | cut -d' ' -f2) c gnu17 c++ gnu++17"
    [ -n "${KEY_MEMO:-}" ] && printf '%s\n' "$_hi" > "$KEY_MEMO/host-identity"
    printf '%s\n' "$_hi"
}

# step_key NAME: computed once per run and remembered in $KEY_MEMO (a folder, because
# keys are mostly computed in subshells, whose variables die with them).
step_key() {
    if [ -n "${KEY_MEMO:-}" ] && [ -f "$KEY_MEMO/$1" ]; then cat "$KEY_MEMO/$1"; return; fi
    _k=$(
        read_step "$1"
        {
            printf 'step %s\nhost %s\n' "$1" "$(host_identity)"
            hash_paths "$(step_file "$1")"
            for _pin in $pins; do pin_hash "$TOP/$_pin"; source_key_line "$TOP/$_pin"; done
            for _in in $inputs; do hash_paths "$TOP/$_in"; done
            printf 'options %s\n' "$opts"
            for _d in $deps; do printf 'dep %s %s\n' "$_d" "$(step_key "$_d")"; done
        } | sha16
    )
    [ -n "$_k" ] || die "cannot compute the key of step $1"
    [ -n "${KEY_MEMO:-}" ] && printf '%s\n' "$_k" > "$KEY_MEMO/$1"
    echo "$_k"
}

stamp_dir() { echo "$PREFIX/share/x32-sdk/steps"; }

# step_is_current NAME: the prefix holds this step's output for its current key.
step_is_current() {
    [ -f "$(stamp_dir)/$1.key" ] && [ "$(cat "$(stamp_dir)/$1.key")" = "$(step_key "$1")" ]
}

# install_output NAME DIR: replace the step's files in the prefix with DIR's.
# The stamp is written last: an interrupted copy is redone on the next run.
install_output() {
    _sd=$(stamp_dir)
    mkdir -p "$_sd" || die "cannot write to the prefix $PREFIX"
    # build-info.json and the glue parts' install stamps (finish_sdk) are redone after any
    # step: a replaced step's manifest may have removed files they installed.
    rm -f "$_sd/$1.key" "$PREFIX/share/x32-sdk/build-info.json" "$_sd"/install-*.hash
    # Later steps may have overwritten files of this one (glibc replaces the placeholder
    # libc.so of glibc-headers): they must be laid down again after it.
    _later=no
    for _s in $(all_steps); do
        [ "$_later" = yes ] && rm -f "$_sd/$_s.key"
        [ "$_s" = "$1" ] && _later=yes
    done
    if [ -f "$_sd/$1.files" ]; then
        # Remove what an older version of this step installed (e.g. another GCC version).
        (cd "$PREFIX" && while read -r _f; do rm -f "./$_f"; done < "$_sd/$1.files")
    fi
    if ! cp -a --reflink=auto "$2/root/." "$PREFIX/" 2> "$CACHE/logs/copy.err"; then
        die "cannot copy step $1's output into $PREFIX: $(tail -n 1 "$CACHE/logs/copy.err") (disk full or not writable?)"
    fi
    cp "$2/files" "$_sd/$1.files" && cp "$2/seconds" "$_sd/$1.seconds" \
        && step_key "$1" > "$_sd/$1.key" || die "cannot write the stamp of step $1 into $PREFIX (disk full?)"
}

# tree_is_valid NAME KEY [any-prefix]: the build tree NAME was made by KEY of its owner
# step, for this prefix (build trees, unlike outputs, know the prefix's tools by path),
# or for any prefix when asked (check-glibc, which finds the tools on PATH).
tree_is_valid() {
    [ -f "$CACHE/build/$1/.x32sdk-tree" ] || return 1
    _made=$(cat "$CACHE/build/$1/.x32sdk-tree")
    if [ "${3:-}" = any-prefix ]; then [ "${_made%% *}" = "$2" ]; else [ "$_made" = "$2 $PREFIX" ]; fi
}

# build_step NAME: run the step's recipe into a fresh stage, then cache and install it.
build_step() {
    read_step "$1"
    if [ -n "$tree" ] && [ "$tree_owner" != yes ]; then
        # The tree comes from an earlier step; rebuild that step if the tree is gone.
        _owner=$(tree_owner_of "$tree")
        if ! tree_is_valid "$tree" "$(step_key "$_owner")"; then
            say "  $1 needs the $tree build tree, which is not here: rebuilding $_owner first"
            run_one "$_owner" force
            read_step "$1"
        fi
    fi
    _name=$1
    _key=$(step_key "$_name")
    _out="$CACHE/steps/$_name-$_key"
    _log="$CACHE/logs/$_name.log"
    if [ -n "$tree" ]; then
        BUILD_DIR="$CACHE/build/$tree"
        if [ "$tree_owner" = yes ] && ! tree_is_valid "$tree" "$_key"; then
            rm -rf "$BUILD_DIR"; mkdir -p "$BUILD_DIR"
        fi
    else
        BUILD_DIR="$CACHE/build/$_name"
        rm -rf "$BUILD_DIR"; mkdir -p "$BUILD_DIR"
    fi
    rm -rf "$_out.tmp" "$_out"
    mkdir -p "$_out.tmp/root" || die "cannot create $_out.tmp (disk full?)"
    # The previous run's log is kept as .1: after a retry, the first failure is still there.
    [ -s "$_log" ] && mv -f "$_log" "$_log.1"
    : > "$_log"; touch "$_log.start"
    _t0=$(date +%s)
    # The recipe runs in a session of its own (lib/run-step.sh), so that stop_step can
    # stop all of it. Its processes keep the cache lock (fd 9) while they live; when
    # build.sh is killed with -9, a watchdog in that session stops them.
    STAGE="$_out.tmp/root"
    DESTDIR="$_out.tmp/destdir"
    (
        set > "$KEY_MEMO/step-state"
        exec setsid sh "$TOP/lib/run-step.sh" "$KEY_MEMO/step-state" "$_name"
    ) >> "$_log" 2>&1 < /dev/null &
    _pid=$!
    STEP_PID=$_pid
    watch_step "$_name" "$_pid" "$_t0" "$_log"
    if wait "$_pid"; then _rc=0; else _rc=$?; fi
    STEP_PID=""
    _t1=$(date +%s)
    if [ "$_rc" != 0 ]; then
        [ "$INTERACTIVE" = yes ] && printf '\n'
        show_failure "$_name" "$_log" "$BUILD_DIR"
        exit 1
    fi
    [ -n "$tree" ] && [ "$tree_owner" = yes ] && printf '%s %s\n' "$_key" "$PREFIX" > "$BUILD_DIR/.x32sdk-tree"
    # Libtool archives hold absolute build paths and are useless to users: drop them.
    find "$_out.tmp/root" -name '*.la' -delete
    (cd "$_out.tmp/root" && find . ! -type d | sed 's|^\./||' | LC_ALL=C sort) > "$_out.tmp/files"
    if [ ! -s "$_out.tmp/files" ]; then
        say "build.sh: step $_name finished but installed nothing into its stage; see $_log" >&2
        exit 1
    fi
    echo $((_t1 - _t0)) > "$_out.tmp/seconds"
    mv "$_out.tmp" "$_out"
    install_output "$_name" "$_out"
    STEP_SECONDS=$((_t1 - _t0))
}

# stop_step: stop the running step's whole process group (make ignores SIGINT when it is
# started in the background, so TERM, then KILL for what is left after 10 s) and wait for
# it, so that no process of it keeps the cache lock or writes into the build tree.
stop_step() {
    [ -n "${STEP_PID:-}" ] || return 0
    kill -TERM -"$STEP_PID" 2>/dev/null || true
    _w=0
    while kill -0 -"$STEP_PID" 2>/dev/null && [ "$_w" -lt 100 ]; do sleep 0.1; _w=$((_w + 1)); done
    kill -KILL -"$STEP_PID" 2>/dev/null || true
    wait "$STEP_PID" 2>/dev/null || true
    STEP_PID=""
}

# relocate_destdir: "make install DESTDIR=$DESTDIR" puts files under the configured
# prefix; move them to the top of the stage, which is laid out like the real prefix.
relocate_destdir() {
    if [ -d "$DESTDIR$CONFIGURED_PREFIX" ]; then
        cp -a "$DESTDIR$CONFIGURED_PREFIX/." "$STAGE/"
        rm -rf "$DESTDIR"
    fi
}

tree_owner_of() {
    for _s in $(all_steps); do
        (read_step "$_s"; [ "$tree" = "$1" ] && [ "$tree_owner" = yes ]) && { echo "$_s"; return; }
    done
    die "no step creates the build tree $1"
}

# watch_step NAME PID T0 LOG: a sign of life while the step runs.
watch_step() {
    _last=0
    while kill -0 "$2" 2>/dev/null; do
        sleep 1
        _el=$(( $(date +%s) - $3 ))
        if [ "$INTERACTIVE" = yes ]; then
            printf '\r  %-14s running %s, log %s lines   ' "$1" "$(human_seconds "$_el")" "$(wc -l < "$4")"
        elif [ $((_el - _last)) -ge 60 ]; then
            _last=$_el
            say "  $1 still running: $(human_seconds "$_el"), log $(wc -l < "$4") lines"
        fi
    done
}

step_number() {
    _i=0
    for _s in $(all_steps); do _i=$((_i + 1)); [ "$_s" = "$1" ] && break; done
    echo "$_i/$(all_steps | wc -l)"
}

# fetch_debian_sources STEP...: the Debian source packages these steps build from and
# this machine lacks, fetched from Debian 12's archive (lib/debian-archive.sh) in one go
# before the first step builds, so that a package that cannot be had stops the build in
# its first minute, not 20 minutes in. Each step still locates (and checks) its tarball
# itself when it starts.
fetch_debian_sources() {
    archive_usable > /dev/null || return 0
    _ids_pkgs=""; _ids_pins=""
    for _ids_pin in $(for _ids_s in "$@"; do (read_step "$_ids_s"; echo "$pins"); done | sort -u); do
        _ids_choice=$(pin_choice "$TOP/$_ids_pin") || exit 2
        [ "${_ids_choice%% *}" = none ] || continue
        [ -n "$(pin_get "$TOP/$_ids_pin" deb_file)" ] || continue
        _ids_pkg=$(pin_get "$TOP/$_ids_pin" deb_package)
        [ -n "$_ids_pkg" ] || continue
        _ids_pkgs="$_ids_pkgs $_ids_pkg=$(pin_get "$TOP/$_ids_pin" deb_version)"; _ids_pins="$_ids_pins $_ids_pin"
    done
    [ -n "$_ids_pkgs" ] || return 0
    say "  fetching source packages$_ids_pkgs from Debian $DEBIAN_RELEASE"
    # shellcheck disable=SC2086 # one word per package
    archive_unpack $_ids_pkgs || warn "could not fetch every source package; see $(archive_dir)/apt.log"
    # What this run found for these pins was "none": look again, and compute the keys
    # anew (they include a substitute tarball, should Debian have a newer one).
    for _ids_pin in $_ids_pins; do resolve_source_choice "$TOP/$_ids_pin"; done
    find "$KEY_MEMO" -maxdepth 1 -type f ! -name 'source-*' -delete
}

# obtain_sources NAME: before step NAME builds, get its tarballs here, in the main shell
# (apt's messages reach the console, not the step's log). What was obtained can be
# another tarball than the pinned one (a newer Debian upload): then the keys, which
# include it, are computed again.
obtain_sources() {
    for _os_pin in $(read_step "$1"; echo "$pins"); do
        _os_before=$(pin_choice "$TOP/$_os_pin") || exit 2
        [ "${_os_before%% *}" = none ] || continue
        locate_tarball "$TOP/$_os_pin" > /dev/null || exit 2
        resolve_source_choice "$TOP/$_os_pin"
        [ "$(pin_choice "$TOP/$_os_pin")" = "$_os_before" ] || find "$KEY_MEMO" -maxdepth 1 -type f ! -name 'source-*' -delete
    done
}

# run_one NAME [force]: make the prefix hold the step's current output.
run_one() {
    if [ "${2:-}" != force ] && step_is_current "$1"; then
        say "[$(step_number "$1")] $1: up to date"
        return
    fi
    if [ "${2:-}" != force ] && [ -f "$CACHE/steps/$1-$(step_key "$1")/seconds" ]; then
        _t0=$(date +%s)
        install_output "$1" "$CACHE/steps/$1-$(step_key "$1")"
        say "[$(step_number "$1")] $1: restored from the step cache in $(human_seconds $(( $(date +%s) - _t0 )))"
        return
    fi
    obtain_sources "$1"
    if [ "${2:-}" != force ] && [ -f "$CACHE/steps/$1-$(step_key "$1")/seconds" ]; then
        # The sources just obtained are not the pinned ones, and they were built before.
        run_one "$1"; return
    fi
    [ "$INTERACTIVE" = yes ] || say "[$(step_number "$1")] $1: building (log: $CACHE/logs/$1.log)"
    build_step "$1"
    [ "$INTERACTIVE" = yes ] && printf '\r%-70s\r' ''
    say "[$(step_number "$1")] $1: built in $(human_seconds "$STEP_SECONDS")"
}
