#!/bin/sh
# tree_ids_harness.sh SRC WORK: what a test harness sees when it checks ownership with
# the native tools, one line per fact, for tests/runner/tree_ids.sh: the owners of SRC's
# files (ls, stat, a tar listing), a tar round trip that restores them (--same-owner),
# and `install -o root`.  Messages name WORK as "WORK", so two runs can be compared.
# shellcheck disable=SC2012 # ls -l is what such harnesses run
src=$1
work=$(cd "$2" && pwd) || exit 2
rm -rf "$work/restore" "$work/installed" "$work/src.tar" "$work/msg"
# show WHAT RC: the step's result and its messages.
show() {
    printf '%s: exit %s %s\n' "$1" "$2" "$(sed "s|$work|WORK|g" "$work/msg" | sort | tr '\n' ' ')"
}
echo "ls: $(ls -ln "$src" | awk 'NR > 1 { print $3 ":" $4, $NF }' | tr '\n' ' ')"
echo "ls names: $(ls -l "$src" | awk 'NR > 1 { print $3 ":" $4, $NF }' | tr '\n' ' ')"
tar -cf "$work/src.tar" -C "$src" . 2>"$work/msg"
show "tar create" $?
echo "tar list: $(tar -tvf "$work/src.tar" | awk '{ print $2, $NF }' | tr '\n' ' ')"
mkdir "$work/restore"
tar -xpf "$work/src.tar" --same-owner -C "$work/restore" 2>"$work/msg"
show "tar restore" $?
echo "restored: $(ls -ln "$work/restore" | awk 'NR > 1 { print $3 ":" $4, $NF }' | tr '\n' ' ')"
install -o root -g root -m 644 "$src/by-root" "$work/installed" 2>"$work/msg"
show "install -o root" $?
rm -rf "$work/restore" "$work/installed" "$work/src.tar" "$work/msg"
