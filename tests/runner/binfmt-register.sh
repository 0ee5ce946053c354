# shellcheck shell=sh disable=SC2154 # run, TEST_TMP: set by run.sh
# tests/runner/binfmt-register.sh: what x32-run --register and --unregister say when
# they cannot work, sourced by run.sh after tree.sh. A real registration is not made:
# binfmt_misc is machine-wide, and would change what every other x32 program on this
# host does while the tests run (x32-run --tree covers the same mechanism privately).

reg_log=$TEST_TMP/log
# reg_check NAME WANT_RC WANT_TEXT CMD...: PASS when CMD exits WANT_RC, saying WANT_TEXT.
reg_check() {
    _rn=$1 _rrc=$2 _rtext=$3
    shift 3
    _rc=0
    "$@" > "$reg_log/$_rn.log" 2>&1 || _rc=$?
    if [ "$_rc" = "$_rrc" ] && grep -q -- "$_rtext" "$reg_log/$_rn.log"; then pass "$_rn"
    else fail "$_rn" "exit $_rc, wanted $_rrc and '$_rtext': $(head -n 1 "$reg_log/$_rn.log")"; fi
}

mount_cmd="mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc"
if [ "$(id -u)" = 0 ] && unshare -m true 2>/dev/null; then
    # A private mount namespace without binfmt_misc: the error names the mount command.
    for opt in register unregister; do
        # shellcheck disable=SC2016 # expanded by the inner shell
        reg_check "binfmt-$opt-not-mounted" 1 "$mount_cmd" unshare -m sh -c \
            'umount /proc/sys/fs/binfmt_misc 2>/dev/null; exec "$1" "--$2"' sh "$run" "$opt"
    done
else
    skip binfmt-register-not-mounted "needs root and unshare -m for a private mount namespace"
fi

if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    skip binfmt-unregister-nothing "binfmt_misc is not mounted on this host"
elif [ -e /proc/sys/fs/binfmt_misc/x32 ]; then
    skip binfmt-unregister-nothing "an x32 entry is registered on this host; not touched"
else
    reg_check binfmt-unregister-nothing 0 "nothing to do" "$run" --unregister
fi

if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 && [ -e /proc/sys/fs/binfmt_misc/register ] \
    && [ ! -e /proc/sys/fs/binfmt_misc/x32 ]; then
    reg_check binfmt-register-needs-root 1 "needs root (without root, for one command: x32-run --tree" \
        setpriv --reuid=65534 --regid=65534 --clear-groups "$run" --register
else
    skip binfmt-register-needs-root "needs root, setpriv and a mounted binfmt_misc without an x32 entry"
fi
