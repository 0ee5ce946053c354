# shellcheck shell=sh
# The guest's initramfs, shared by the two kernel steps (vm/step.sh: Debian's kernel,
# vm/steps/vm-kernel.sh: one built from source): the agent as /init, the mount points it
# needs before devtmpfs, and, for a modular kernel, the modules it loads first
# (/modules/order lists them, each after the ones it needs; vm/modules.c loads them).
# gen_init_cpio, one C file of the kernel's, writes it without root and reproducibly.

# module_deps MODDIR NAME...: lines "PATH: DEP-PATH..." (paths relative to MODDIR, as in
# a modules.dep) for the named modules and everything they need. A kernel package ships
# no modules.dep (depmod writes it at install time), so each module's own depends= is read
# from its .modinfo section; names compare with '-' and '_' alike, as the kernel's do.
module_deps() {
    _md_dir=$1; shift
    _md_todo=$*; _md_seen=" "
    while [ -n "$_md_todo" ]; do
        # shellcheck disable=SC2086 # a list of names, one word each
        set -- $_md_todo; _md_name=$1; shift; _md_todo=$*
        _md_key=$(printf %s "$_md_name" | tr - _)
        case $_md_seen in *" $_md_key "*) continue ;; esac
        _md_seen="$_md_seen$_md_key "
        _md_path=$(awk -v k="$_md_key" '{ b = $0; sub(/.*\//, "", b); sub(/\.ko(\.[a-z]+)?$/, "", b)
                                           gsub(/-/, "_", b); if (b == k) { print; exit } }' \
                   "$_md_dir/modules.order")
        [ -n "$_md_path" ] || { echo "module $_md_name is not in $_md_dir/modules.order" >&2; return 1; }
        _md_needs=$(objcopy -O binary --only-section=.modinfo "$_md_dir/$_md_path" /dev/stdout \
                    | tr '\0' '\n' | sed -n 's/^depends=//p' | tr , ' ')
        _md_line="$_md_path:"
        for _md_n in $_md_needs; do
            _md_line="$_md_line $(printf %s "$_md_n" | tr - _)"
            _md_todo="$_md_todo $_md_n"
        done
        printf '%s\n' "$_md_line"
    done
}

# module_closure MODDIR NAME...: the .ko paths (relative to MODDIR) of the named modules
# and of everything they need, each after its dependencies.
module_closure() {
    _mc_dir=$1; shift
    module_deps "$_mc_dir" "$@" > "$BUILD_DIR/module-deps" || return 1
    awk -v want="$*" '
        # key P: the module name of path P, as the kernel compares names.
        function key(p,   b) { b = p; sub(/.*\//, "", b); sub(/\.ko(\.[a-z]+)?$/, "", b); gsub(/-/, "_", b); return b }
        # visit K: print the path of K after everything it depends on, once.
        function visit(k,   n, i, parts) {
            if (k in done) return
            done[k] = 1
            n = split(deps[k], parts, " ")
            for (i = 1; i <= n; i++) visit(parts[i])
            print path[k]
        }
        {
            p = $1; sub(/:$/, "", p); k = key(p)
            $1 = ""; deps[k] = $0; path[k] = p
        }
        END {
            n = split(want, names, " ")
            for (i = 1; i <= n; i++) { k = names[i]; gsub(/-/, "_", k); visit(k) }
        }' "$BUILD_DIR/module-deps"
}

# make_initramfs LINUX_SRC OUT [MODDIR NAME...]: write the initramfs to OUT; the agent
# must be built at $BUILD_DIR/vm/init already.
make_initramfs() {
    _mi_src=$1; _mi_out=$2; shift 2
    gcc -O2 -o "$BUILD_DIR/gen_init_cpio" "$_mi_src/usr/gen_init_cpio.c"
    cat > "$BUILD_DIR/initramfs.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /.host 0755 0 0
file /init $BUILD_DIR/vm/init 0755 0 0
LIST
    if [ $# -gt 0 ]; then
        _mi_dir=$1; shift
        module_closure "$_mi_dir" "$@" > "$BUILD_DIR/module-order" || return 1
        echo "dir /modules 0755 0 0" >> "$BUILD_DIR/initramfs.list"
        : > "$BUILD_DIR/modules-order.txt"
        while read -r _mi_ko; do
            _mi_name=${_mi_ko##*/}
            echo "file /modules/$_mi_name $_mi_dir/$_mi_ko 0644 0 0" >> "$BUILD_DIR/initramfs.list"
            echo "$_mi_name" >> "$BUILD_DIR/modules-order.txt"
        done < "$BUILD_DIR/module-order"
        echo "file /modules/order $BUILD_DIR/modules-order.txt 0644 0 0" >> "$BUILD_DIR/initramfs.list"
    fi
    "$BUILD_DIR/gen_init_cpio" -t 0 "$BUILD_DIR/initramfs.list" > "$_mi_out"
}

# The agent's sources: what both kernel steps put into the guest (their step inputs).
GUEST_INPUTS="vm/initramfs.sh vm/Makefile vm/init.c vm/modules.c vm/agent_start.c vm/agent_run.c
vm/run_request.c vm/wire.c vm/agent.h vm/guest.h vm/protocol.h vm/run_request.h vm/wire.h"
