# shellcheck shell=sh
# tests/vm/host-files.sh: the cases that prove the host's files are data to the guest, not
# privileges (sourced by tests/vm/run.sh, which runs them; vmrun, sta, expect_eq and
# TEST_TMP come from there).
# shellcheck disable=SC2154

# The guest shares the host's / with the caller's own rights. A set-user-ID-root file or
# a device node anywhere in the host's tree must not give a program in the VM more than
# it has on the host: the share is mounted nosuid and nodev (vm/init.c).

case_host_share_nosuid_nodev() {
    _m=$(vmrun /bin/cat /proc/self/mounts 2>&1)
    _9p=$(printf '%s\n' "$_m" | awk '$3 == "9p" || $3 == "overlay"')
    _bad=$(printf '%s\n' "$_9p" | awk '!(("," $4 ",") ~ /,nosuid,/ && ("," $4 ",") ~ /,nodev,/) { print $2 " (" $4 ")" }')
    if [ -z "$_9p" ]; then fail host_share_nosuid_nodev "no 9p mount in the guest's /proc/self/mounts: $(printf '%s' "$_m" | head -n 1)"
    elif [ -n "$_bad" ]; then fail host_share_nosuid_nodev "mounted without nosuid or nodev: $(printf '%s' "$_bad" | head -n 3 | tr '\n' ' ')"
    else pass host_share_nosuid_nodev; fi
}

# An x32 program owned by root with the set-user-ID bit, started in the VM by an
# unprivileged user (setpriv, as root in the guest), keeps that user's euid. Checked
# first: the guest sees the bit and the owner, and the user change happened.
case_setuid_file_gains_nothing() {
    if [ "$(id -u)" != 0 ]; then
        skip setuid_file_gains_nothing "needs root on the host to make a root-owned set-user-ID file"; return
    fi
    if ! command -v setpriv > /dev/null 2>&1; then
        skip setuid_file_gains_nothing "setpriv (util-linux) is not installed"; return
    fi
    _d=$TEST_TMP/privileges
    mkdir -p "$_d"
    chmod 711 "$TEST_TMP"; chmod 755 "$_d"
    cp "$sta" "$_d/ids"
    chown 0:0 "$_d/ids"; chmod 4755 "$_d/ids"
    _seen=$(vmrun /bin/stat -c '%a %u' "$_d/ids" 2>&1)
    _got=$(vmrun "$(command -v setpriv)" --reuid=65534 --regid=65534 --clear-groups "$_d/ids" ids 2>&1)
    if [ "$_seen" != "4755 0" ]; then
        fail setuid_file_gains_nothing "the guest sees the file as '$_seen', not '4755 0': the check would prove nothing"
    else
        expect_eq setuid_file_gains_nothing "$_got" "uid=65534 euid=65534"
    fi
}

# A device node made on the host (here /dev/null's numbers) cannot be opened in the VM.
case_device_node_unusable() {
    if [ "$(id -u)" != 0 ]; then
        skip device_node_unusable "needs root on the host to make a device node"; return
    fi
    _n=$TEST_TMP/null-node
    rm -f "$_n"
    if ! mknod "$_n" c 1 3 2> /dev/null; then
        skip device_node_unusable "cannot make a device node in $TEST_TMP (mounted nodev?)"; return
    fi
    # shellcheck disable=SC2016 # expanded by the shell in the VM
    _got=$(vmrun /bin/sh -c 'if echo x > "$1"; then echo opened; else echo refused; fi' sh "$_n" 2> /dev/null)
    expect_eq device_node_unusable "$_got" refused
}
