# shellcheck shell=sh disable=SC2154 # here, run, timeout_s: set by run.sh
# tests/runner/tree.sh: x32-run --tree, sourced by run.sh after the program tests (it
# uses run.sh's compile, reason, show_log, $cc, $run, $TEST_TMP and $timeout_s).
#
# Every case starts an x32 program the way test harnesses do (execve, execvp with its
# ENOEXEC shell fallback, posix_spawn, system(), popen, vfork, a shell script, an x32
# "#!" script, a static native program) from a native helper inside a tree, once per
# mechanism (X32_RUN_TREE_WITH=binfmt, then preload), and checks that the x32 program
# really ran (it prints "x32 ran" and exits 7; without a tree the same start fails).
# A mechanism this host lacks is skipped with --probe's reason.  As root, the binfmt
# tree is also run as an unprivileged user (setpriv), which is what it is for.

tree_dir=$TEST_TMP/tree
mkdir -p "$tree_dir"
tree_log=$TEST_TMP/log

# tree_check NAME WANT_RC WANT_TEXT CMD...: run CMD in $tree_dir; PASS when it exits
# WANT_RC and its output has WANT_TEXT (a grep -E pattern).
tree_check() {
    _tn=$1 _trc=$2 _ttext=$3
    shift 3
    _rc=0
    (cd "$tree_dir" && exec timeout -k 5 "$timeout_s" "$@") >"$tree_log/$_tn.log" 2>&1 \
        </dev/null || _rc=$?
    if [ "$_rc" = "$_trc" ] && grep -Eq -- "$_ttext" "$tree_log/$_tn.log"; then
        pass "$_tn"
    else
        fail "$_tn" "exit $_rc (want $_trc, and output matching '$_ttext'): $(reason "$tree_log/$_tn.log")"
        show_log "$tree_log/$_tn.log"
    fi
}

tree_skip_all() {
    for _m in binfmt preload; do skip "tree-$_m" "$1"; done
}

tree_tests() {
    if ! compile "$tree_dir/tree_prog" "$tree_log/tree_prog.build.log" "$here/helpers/tree_prog.c"; then
        fail tree-build "the x32 tree_prog does not compile: $(reason "$tree_log/tree_prog.build.log")"
        return
    fi
    if ! gcc -O2 -o "$tree_dir/tree_exec_helper" "$here/helpers/tree_exec_helper.c" \
            >"$tree_log/tree_exec_helper.build.log" 2>&1; then
        tree_skip_all "the host gcc cannot build the native helper: $(reason "$tree_log/tree_exec_helper.build.log")"
        return
    fi
    static_helper=yes
    gcc -O2 -static -o "$tree_dir/tree_exec_helper_static" "$here/helpers/tree_exec_helper.c" \
        >"$tree_log/tree_exec_helper_static.build.log" 2>&1 || static_helper=no
    # An x32 "#!" script: its interpreter is the x32 program itself.
    printf '#!%s\n' "$tree_dir/tree_prog" >"$tree_dir/x32-script"
    printf '#!/bin/sh\n./tree_prog\n' >"$tree_dir/shell-script"
    chmod +x "$tree_dir/x32-script" "$tree_dir/shell-script"

    # Without a tree the starts fail (this is why the tree exists), so the cases
    # below cannot pass by accident.
    _rc=0
    (cd "$tree_dir" && ./tree_exec_helper execvp ./tree_prog) >"$tree_log/no-tree.log" 2>&1 || _rc=$?
    if [ "$_rc" != 7 ] && ! grep -q "x32 ran" "$tree_log/no-tree.log"; then
        pass tree-without-tree-fails
    else
        skip tree-without-tree-fails "this kernel runs x32 programs itself (binfmt_misc or CONFIG_X86_X32_ABI)"
    fi

    for mech in binfmt preload; do
        X32_RUN_TREE_WITH=$mech "$run" --probe >"$tree_log/probe-$mech.log" 2>&1
        if ! grep -q "^tree mechanism: $mech" "$tree_log/probe-$mech.log"; then
            if [ "$mech" = preload ]; then
                fail tree-preload-available "$(grep '^tree mechanism' "$tree_log/probe-$mech.log")"
            else
                skip "tree-$mech" "$(sed -n 's/^tree mechanism: //p' "$tree_log/probe-$mech.log")"
            fi
            continue
        fi
        pass "tree-$mech-probe"
        t="env X32_RUN_TREE_WITH=$mech $run --tree --"
        for how in execve execv execvp execvpe execl execle execlp execveat fexecve \
                posix_spawn posix_spawnp vfork; do
            # shellcheck disable=SC2086 # $t is a command line
            tree_check "tree-$mech-$how" 7 "x32 ran" $t ./tree_exec_helper "$how" ./tree_prog
        done
        # fexecve of a close-on-exec descriptor: the kernel refuses to hand a file it
        # cannot name to binfmt_misc (ENOENT, as for a "#!" script); the preload
        # library covers it.
        if [ "$mech" = preload ]; then
            # shellcheck disable=SC2086
            tree_check "tree-preload-fexecve-cloexec" 7 "x32 ran" $t ./tree_exec_helper fexecve-cloexec ./tree_prog
        else
            # shellcheck disable=SC2086
            tree_check "tree-binfmt-fexecve-cloexec-not-covered" 127 "No such file or directory" \
                $t ./tree_exec_helper fexecve-cloexec ./tree_prog
        fi
        # execvp and posix_spawnp search PATH; system() and popen() go through /bin/sh.
        # shellcheck disable=SC2086
        tree_check "tree-$mech-execvp-path-search" 7 "x32 ran" \
            env PATH="$tree_dir:/usr/bin:/bin" $t ./tree_exec_helper execvp tree_prog
        # shellcheck disable=SC2086
        tree_check "tree-$mech-system" 7 "x32 ran" $t ./tree_exec_helper system ./tree_prog
        # shellcheck disable=SC2086
        tree_check "tree-$mech-popen" 7 "x32 ran" $t ./tree_exec_helper popen ./tree_prog
        # shellcheck disable=SC2086
        tree_check "tree-$mech-shell-script" 7 "x32 ran" $t ./tree_exec_helper execv ./shell-script
        # shellcheck disable=SC2086
        tree_check "tree-$mech-x32-shebang" 7 "x32 ran" $t ./tree_exec_helper execv ./x32-script
        # The tree's command itself is x32; and a tree inside a tree.
        # shellcheck disable=SC2086
        tree_check "tree-$mech-command-is-x32" 7 "x32 ran" $t ./tree_prog
        # shellcheck disable=SC2086
        tree_check "tree-$mech-nested" 7 "x32 ran" $t $t ./tree_exec_helper execvp ./tree_prog
        # ...and one that does not know it is in a tree, so it sets up its own inside.
        # shellcheck disable=SC2086
        tree_check "tree-$mech-nested-fresh" 7 "x32 ran" $t env -u X32_TREE $t ./tree_exec_helper execvp ./tree_prog
        # The x32 program never sees the x86-64 preload library, but the native
        # programs it starts get it back (and stay in the tree).
        # shellcheck disable=SC2086
        tree_check "tree-$mech-native-grandchild" 7 "preload library not visible.*
.*x32 ran" $t ./tree_prog --run /bin/sh -c ./tree_prog
        if [ "$(grep -c 'preload library not visible' "$tree_log/tree-$mech-native-grandchild.log")" != 2 ]; then
            fail "tree-$mech-guest-env-clean" "an x32 program saw the preload library: $(grep VISIBLE "$tree_log/tree-$mech-native-grandchild.log" | head -n 1)"
        else
            pass "tree-$mech-guest-env-clean"
        fi
        # A harness that resets the environment (env -i) keeps the tree.
        # shellcheck disable=SC2086
        # (X32_SYSROOT, when the caller set one, is the runner's own setting.)
        # shellcheck disable=SC2086
        tree_check "tree-$mech-env-reset" 7 "x32 ran" $t env -i ${X32_SYSROOT:+X32_SYSROOT=$X32_SYSROOT} \
            ./tree_exec_helper execvp ./tree_prog
        # A static native program: binfmt covers it (the kernel does the work); the
        # preload library cannot be loaded into it, which --probe and the README say.
        if [ "$static_helper" = no ]; then
            skip "tree-$mech-static-native" "gcc -static cannot link here"
        elif [ "$mech" = binfmt ]; then
            # shellcheck disable=SC2086
            tree_check "tree-binfmt-static-native" 7 "x32 ran" $t ./tree_exec_helper_static execvp ./tree_prog
        elif grep -qsx enabled /proc/sys/fs/binfmt_misc/x32*; then
            # The host's own registration (./build.sh check-glibc makes one for
            # its run) would run the x32 program, whatever the tree does.
            skip tree-preload-static-native-not-covered "an x32 binfmt_misc entry is registered on this host, which runs x32 programs for any caller"
        else
            _rc=0
            # shellcheck disable=SC2086
            (cd "$tree_dir" && $t ./tree_exec_helper_static execvp ./tree_prog) \
                >"$tree_log/tree-preload-static.log" 2>&1 || _rc=$?
            if [ "$_rc" != 7 ]; then pass tree-preload-static-native-not-covered
            else fail tree-preload-static-native-not-covered "a static program's exec reached x32-run; update the README's limits"; fi
        fi
        # Same ids, files owned by the caller, same pid and network namespaces.
        # shellcheck disable=SC2016,SC2086 # expanded by the inner shell; $t a command line
        tree_check "tree-$mech-host-view" 0 "^same$" $t sh -c '
            touch owned-file
            if [ "$(id -u):$(id -g)" = "$1" ] && [ "$(stat -c %u owned-file)" = "${1%:*}" ] \
                && [ "$(readlink /proc/self/ns/pid)" = "$2" ] && [ "$(readlink /proc/self/ns/net)" = "$3" ]
            then echo same; else echo "differs: $(id -u):$(id -g) $(stat -c %u owned-file) $(readlink /proc/self/ns/pid /proc/self/ns/net)"; fi' \
            sh "$(id -u):$(id -g)" "$(readlink /proc/self/ns/pid)" "$(readlink /proc/self/ns/net)"
        rm -f "$tree_dir/owned-file"
        # X32_RUN_EVIDENCE: each start leaves a line, tagged.
        rm -rf "$tree_dir/evidence"
        # shellcheck disable=SC2086
        tree_check "tree-$mech-evidence-run" 7 "x32 ran" env X32_RUN_EVIDENCE="$tree_dir/evidence" \
            X32_RUN_EVIDENCE_TAG=case-1 $t ./tree_exec_helper execvp ./tree_prog
        _via=runner
        [ "$mech" = binfmt ] && _via=binfmt
        if grep -Eq "^x32-run	[0-9.]+	[0-9]+	$_via	$mech	case-1	.*tree_prog\$" "$tree_dir/evidence/starts" 2>/dev/null; then
            pass "tree-$mech-evidence"
        else
            fail "tree-$mech-evidence" "no '$_via $mech case-1' line in $tree_dir/evidence/starts: $(head -n 1 "$tree_dir/evidence/starts" 2>/dev/null)"
        fi
    done

    # Neither mechanism: one line that says why and what to do, exit 125.
    _rc=0
    X32_RUN_TREE_WITH=preload X32_RUN_PRELOAD=$tree_dir/no-such-library.so "$run" --tree -- true \
        >"$tree_log/tree-none.log" 2>&1 || _rc=$?
    if [ "$_rc" = 125 ] && [ "$(wc -l <"$tree_log/tree-none.log")" = 1 ] \
        && grep -q "no-such-library.so is missing.*x32-run --register" "$tree_log/tree-none.log"; then
        pass tree-no-mechanism-one-line
    else
        fail tree-no-mechanism-one-line "exit $_rc: $(head -n 2 "$tree_log/tree-none.log" | tr '\n' ' ')"
    fi
    # A kernel without user namespaces, simulated inside one that allows no more:
    # the automatic choice falls back to preload and says why.
    if unshare -U -r true 2>/dev/null; then
        _rc=0
        # shellcheck disable=SC2016
        unshare -U -r sh -c 'echo 0 > /proc/sys/user/max_user_namespaces &&
            "$1" --probe | grep "^tree mechanism" && cd "$2" && "$1" --tree -- ./tree_exec_helper execvp ./tree_prog' \
            sh "$run" "$tree_dir" >"$tree_log/tree-no-userns.log" 2>&1 || _rc=$?
        if [ "$_rc" = 7 ] && grep -q "^tree mechanism: preload.*binfmt: cannot create a user namespace" "$tree_log/tree-no-userns.log" \
            && grep -q "x32 ran" "$tree_log/tree-no-userns.log"; then
            pass tree-no-userns-falls-back-to-preload
        else
            fail tree-no-userns-falls-back-to-preload "exit $_rc: $(reason "$tree_log/tree-no-userns.log")"
            show_log "$tree_log/tree-no-userns.log"
        fi
    else
        skip tree-no-userns-falls-back-to-preload "unshare -U cannot create a user namespace here"
    fi

    tree_unprivileged
}

# As root, the same binfmt tree for an unprivileged user (uid 65534): the files it
# needs go to a directory that user can read.
# runner_copy_for_others NAME: a new folder /tmp/NAME.XXXXXX holding x32-run and its
# preload library (beside it in a build, under lib/x32-sdk in a prefix), for cases that
# run as uid 65534, who cannot read the scratch folder; prints its path.
runner_copy_for_others() {
    _rcf=$(mktemp -d "/tmp/$1.XXXXXX") || return 1
    cp "$run" "$_rcf/x32-run"
    _rcf_lib=$(dirname "$run")/x32-exec-preload.so
    [ -f "$_rcf_lib" ] || _rcf_lib=$(dirname "$run")/../lib/x32-sdk/x32-exec-preload.so
    cp "$_rcf_lib" "$_rcf/" 2>/dev/null
    echo "$_rcf"
}

tree_unprivileged() {
    if [ "$(id -u)" != 0 ]; then
        pass tree-runs-unprivileged  # every case above already ran as this non-root user
        return
    fi
    if ! command -v setpriv >/dev/null 2>&1; then
        skip tree-unprivileged "setpriv (util-linux) is not installed"
        return
    fi
    if ! compile "$tree_dir/tree_prog_static" "$tree_log/tree_prog_static.build.log" \
            "$here/helpers/tree_prog.c" -static; then
        skip tree-unprivileged "$cc cannot link -static: $(reason "$tree_log/tree_prog_static.build.log")"
        return
    fi
    _pub=$(runner_copy_for_others x32-tree-unprivileged)
    cp "$tree_dir/tree_prog_static" "$_pub/tree_prog"
    cp "$tree_dir/tree_exec_helper" "$_pub/"
    chmod 755 "$_pub" "$_pub"/*
    for mech in binfmt preload; do
        _rc=0
        # shellcheck disable=SC2016
        (cd "$_pub" && exec timeout -k 5 "$timeout_s" setpriv --reuid=65534 --regid=65534 --clear-groups \
            env X32_RUN_TREE_WITH=$mech ./x32-run --tree -- sh -c \
            'echo "uid $(id -u) tree $X32_TREE"; ./tree_exec_helper execvp ./tree_prog') \
            >"$tree_log/tree-unprivileged-$mech.log" 2>&1 </dev/null || _rc=$?
        if [ "$_rc" = 7 ] && grep -q "^uid 65534 tree $mech" "$tree_log/tree-unprivileged-$mech.log" \
            && grep -q "x32 ran" "$tree_log/tree-unprivileged-$mech.log"; then
            pass "tree-unprivileged-$mech"
        elif [ "$mech" = binfmt ] && grep -q "binfmt: " "$tree_log/tree-unprivileged-$mech.log"; then
            skip "tree-unprivileged-$mech" "$(reason "$tree_log/tree-unprivileged-$mech.log")"
        else
            fail "tree-unprivileged-$mech" "exit $_rc: $(reason "$tree_log/tree-unprivileged-$mech.log")"
            show_log "$tree_log/tree-unprivileged-$mech.log"
        fi
    done
    rm -rf "$_pub"
}

tree_tests
# Ids and ownership inside the tree as outside it (issue 35).
# shellcheck source=tree_ids.sh
. "$here/tree_ids.sh"
