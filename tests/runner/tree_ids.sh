# shellcheck shell=sh disable=SC2154 # here, run, timeout_s, tree_dir, tree_log: run.sh, tree.sh
# tests/runner/tree_ids.sh: x32-run --tree changes no ids (issue 35); sourced by tree.sh.
#
# helpers/tree_ids.c prints what a program sees of ids and ownership (owners and their
# names, chown/setuid/setgid/setgroups errors, /proc/self/uid_map, gid_map, setgroups
# and status, SO_PEERCRED, SCM_CREDENTIALS, a root-only file's access); it is built as
# x32 (dynamic and static) and natively.  helpers/tree_ids_harness.sh does what a test
# harness does with the native tools: a tar round trip of files owned by root and by
# uid 1, and `install -o root`.  Each runs outside the tree first, then inside it with
# the default mechanism and with each one forced, and the outputs must be equal.  The
# one exception is a binfmt tree for a user whose ids it cannot map (its --probe says
# "tree changes: ids"): that tree must say so on stderr and differ as it said (owners
# read as the overflow id, chown and setuid give EINVAL).  All of it runs as the
# suite's user and, as root, again as uid 65534 (setpriv).

ids_progs="native x32 x32-static harness"

# ids_cmd PROG: the command line of PROG, relative to $ids_dir.
ids_cmd() {
    case $1 in
        native) echo "./tree_ids_native w $ids_root_file" ;;
        x32) echo "./tree_ids w $ids_root_file" ;;
        x32-static) echo "./tree_ids_static w $ids_root_file" ;;
        harness) echo "./tree_ids_harness.sh src w" ;;
    esac
}

# ids_run OUT PREFIX... -- CMD...: run CMD in $ids_dir as PREFIX says (setpriv or
# nothing); stdout to OUT.out, stderr to OUT.err.
ids_run() {
    _out=$1
    shift
    # The outputs are compared, not the status: a run that fails (run.sh has set -e)
    # must leave its reason in OUT.err, not end the suite.
    (cd "$ids_dir" && X32_SYSROOT=$_ids_sysroot exec timeout -k 5 "$timeout_s" "$@") \
        >"$_out.out" 2>"$_out.err" </dev/null || :
}

# ids_agree NAME WANT GOT: PASS when GOT.out equals WANT.out and GOT.err has no
# announcement of changed ids.
ids_agree() {
    if ! [ -s "$3.out" ]; then
        fail "$1" "no output: $(reason "$3.err")"
    elif ! cmp -s "$2.out" "$3.out"; then
        fail "$1" "differs from outside the tree: $(diff "$2.out" "$3.out" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
        diff "$2.out" "$3.out" | sed 's/^/    | /' | head -n 25
    elif grep -q "^x32-run --tree: .*changes ids" "$3.err"; then
        fail "$1" "same ids, but the tree said it changes them: $(head -n 1 "$3.err")"
    else
        pass "$1"
    fi
}

# ids_as_announced NAME PROG GOT: a binfmt tree that cannot map other users' ids said
# so once on stderr, and shows what it said.
ids_as_announced() {
    _oid=$(cat /proc/sys/kernel/overflowuid 2>/dev/null || echo 65534)
    _why=
    [ "$(grep -c "^x32-run --tree: binfmt, as asked, changes ids: " "$3.err")" = 1 ] \
        || _why="no announcement on stderr ($(head -n 1 "$3.err"))"
    case $2 in
        harness) _want="install -o root: exit 1 .*Invalid argument" ;;
        *) _want="^owner of /: uid $_oid .*
^chown to uid 0: EINVAL
^setuid\(0\): EINVAL" ;;
    esac
    printf '%s\n' "$_want" | while IFS= read -r _w; do
        grep -Eq -- "$_w" "$3.out" || echo "$_w"
    done >"$3.missing"
    [ -s "$3.missing" ] && _why="${_why:+$_why; }no line '$(head -n 1 "$3.missing")'"
    if [ -z "$_why" ]; then pass "$1"; else fail "$1" "$_why"; show_log "$3.out"; fi
}

# ids_for WHO PREFIX...: every case, as the user PREFIX (nothing, or setpriv ...) runs
# as.  PREFIX's words have no blanks, so they travel unquoted in $_pre.
ids_for() {
    _who=$1
    shift
    _pre=$*
    for _p in $ids_progs; do
        _via=
        case $_p in x32*) _via=./x32-run ;; esac
        # shellcheck disable=SC2046,SC2086 # word lists
        ids_run "$tree_log/ids-$_who-outside-$_p" $_pre $_via $(ids_cmd "$_p")
    done
    # The runner alone changes nothing either: x32 outside the tree as native.
    ids_agree "tree-ids-$_who-x32-outside" "$tree_log/ids-$_who-outside-native" \
        "$tree_log/ids-$_who-outside-x32"
    ids_agree "tree-ids-$_who-x32-static-outside" "$tree_log/ids-$_who-outside-native" \
        "$tree_log/ids-$_who-outside-x32-static"
    for _m in default preload binfmt; do
        if [ "$_m" = default ]; then _env="env -u X32_TREE -u X32_RUN_TREE_WITH"
        else _env="env -u X32_TREE X32_RUN_TREE_WITH=$_m"; fi
        # shellcheck disable=SC2086
        ids_run "$tree_log/ids-$_who-$_m-probe" $_pre $_env ./x32-run --probe
        _probe=$tree_log/ids-$_who-$_m-probe.out
        if [ "$_m" != default ] && ! grep -q "^tree mechanism: $_m" "$_probe"; then
            skip "tree-ids-$_who-$_m" "$(sed -n 's/^tree mechanism: //p' "$_probe")"
            continue
        fi
        _changes=no
        grep -q "^tree mechanism: binfmt" "$_probe" && grep -q "^tree changes: ids" "$_probe" \
            && _changes=yes
        if [ "$_m" = default ]; then
            if [ "$_changes" = yes ]; then
                fail "tree-ids-$_who-default-probe" "the default changes ids: $(grep '^tree order' "$_probe")"
            else
                pass "tree-ids-$_who-default-probe"
            fi
        fi
        for _p in $ids_progs; do
            _got=$tree_log/ids-$_who-$_m-$_p
            # From a native shell, so that the mechanism starts the x32 programs.
            # shellcheck disable=SC2016,SC2046,SC2086
            ids_run "$_got" $_pre $_env ./x32-run --tree -- sh -c 'exec "$@"' sh $(ids_cmd "$_p")
            if [ "$_changes" = yes ]; then
                ids_as_announced "tree-ids-$_who-$_m-$_p-as-announced" "$_p" "$_got"
            else
                ids_agree "tree-ids-$_who-$_m-$_p" "$tree_log/ids-$_who-outside-$_p" "$_got"
            fi
        done
    done
}

# As root in a user namespace that maps only ids 0-65535 (a container's root): binfmt's
# namespace must copy those ranges onto themselves, which changes no ids either.  The
# map is written from outside (unshare --map-users needs newuidmap).
ids_container_root() {
    if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null 2>&1 \
            || ! unshare -U true 2>/dev/null; then
        skip tree-ids-container-root "needs root and unshare -U"
        return
    fi
    rm -f "$ids_dir/go"
    mkfifo "$ids_dir/go"
    # shellcheck disable=SC2016 # expanded by the inner shell
    (cd "$ids_dir" && X32_SYSROOT=$_ids_sysroot exec timeout -k 5 "$timeout_s" unshare -U sh -c 'read -r _ <go
        ./tree_ids_native w root-only >"$1.outside.out" 2>&1
        env -u X32_TREE X32_RUN_TREE_WITH=binfmt ./x32-run --probe >"$1.probe.out" 2>&1
        env -u X32_TREE X32_RUN_TREE_WITH=binfmt ./x32-run --tree -- sh -c "exec ./tree_ids w root-only" \
            >"$1.out" 2>"$1.err"' sh "$tree_log/ids-container") </dev/null &
    _pid=$!
    _i=0
    while [ "$(readlink "/proc/$_pid/ns/user" 2>/dev/null)" = "$(readlink /proc/self/ns/user)" ] \
            && [ "$_i" -lt 100 ]; do
        sleep 0.05
        _i=$((_i + 1))
    done
    # timeout forks: the namespace's first process is its child.
    for _p in $(cat "/proc/$_pid/task/$_pid/children" 2>/dev/null) $_pid; do
        [ "$(readlink "/proc/$_p/ns/user")" != "$(readlink /proc/self/ns/user)" ] || continue
        echo "0 0 65536" >"/proc/$_p/uid_map" && echo "0 0 65536" >"/proc/$_p/gid_map" && break
    done
    echo go >"$ids_dir/go"
    wait "$_pid" || :  # its status is the last command's; the outputs say more
    if ! grep -q "^tree changes: no ids" "$tree_log/ids-container.probe.out"; then
        fail tree-ids-container-root "binfmt as a container's root: $(grep -E '^tree (mechanism|changes)' "$tree_log/ids-container.probe.out" | tr '\n' ' ')"
    else
        ids_agree tree-ids-container-root "$tree_log/ids-container.outside" "$tree_log/ids-container"
    fi
}

tree_ids_tests() {
    if ! compile "$tree_dir/tree_ids" "$tree_log/tree_ids.build.log" "$here/helpers/tree_ids.c" \
        || ! compile "$tree_dir/tree_ids_static" "$tree_log/tree_ids_static.build.log" \
            "$here/helpers/tree_ids.c" -static; then
        fail tree-ids-build "tree_ids does not build for x32: $(reason "$tree_log/tree_ids.build.log") $(reason "$tree_log/tree_ids_static.build.log")"
        return
    fi
    if ! gcc -O2 -o "$tree_dir/tree_ids_native" "$here/helpers/tree_ids.c" \
            >"$tree_log/tree_ids_native.build.log" 2>&1; then
        fail tree-ids-build "tree_ids does not build natively: $(reason "$tree_log/tree_ids_native.build.log")"
        return
    fi
    # A directory every user can read (uid 65534 runs from it), with a scratch
    # directory anyone can write, files for the harness, and, as root, a root-only file.
    ids_dir=$(runner_copy_for_others x32-tree-ids)
    # That copy of x32-run is away from the SDK's prefix, so its default sysroot is not
    # beside it: name the SDK's (a host without libc6-x32 has no /libx32 to fall back on).
    _ids_sysroot=${X32_SYSROOT:-${X32_SDK_PREFIX:-$root/out}/x86_64-linux-gnux32/sysroot}
    cp "$tree_dir/tree_ids" "$tree_dir/tree_ids_static" "$tree_dir/tree_ids_native" \
        "$here/helpers/tree_ids_harness.sh" "$ids_dir/"
    mkdir "$ids_dir/src" "$ids_dir/w"
    echo root >"$ids_dir/src/by-root"
    echo one >"$ids_dir/src/by-uid1"
    chmod 755 "$ids_dir" "$ids_dir/src" "$ids_dir"/x32-run "$ids_dir"/tree_ids*
    chmod 644 "$ids_dir/src"/* "$ids_dir"/*.so 2>/dev/null
    chmod 1777 "$ids_dir/w"
    ids_root_file=
    if [ "$(id -u)" = 0 ]; then
        chown 1:1 "$ids_dir/src/by-uid1"
        echo secret >"$ids_dir/root-only"
        chmod 600 "$ids_dir/root-only"
        ids_root_file=root-only
    fi
    ids_for "$(id -u)"
    ids_container_root
    if [ "$(id -u)" != 0 ]; then
        :   # the suite's user is the unprivileged one
    elif command -v setpriv >/dev/null 2>&1; then
        ids_for 65534 setpriv --reuid=65534 --regid=65534 --clear-groups
    else
        skip tree-ids-65534 "setpriv (util-linux) is not installed"
    fi
    rm -rf "$ids_dir"
}

tree_ids_tests
