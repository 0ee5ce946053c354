# shellcheck shell=sh
# check_host_tools: the build machine has what the recipes use, or we say how to get it.
# Debian/Ubuntu package names; as root the missing ones are installed with apt-get.

. "$TOP/lib/apt.sh"  # can_apt, apt_install
APT_WHO=build.sh  # in messages of lib/apt.sh

# sdk_apt_install PACKAGE...: apt_install (lib/apt.sh) into the cache's apt.log. A lock
# that was never released has been reported in full: stop the build there.
sdk_apt_install() {
    _rc=0
    apt_install "$CACHE/logs/apt.log" "$@" || _rc=$?
    case $_rc in 2|3) exit 2 ;; esac
    return "$_rc"
}

missing_host_packages() {
    for _c in gcc:build-essential g++:build-essential make:build-essential bison:bison \
              flex:flex gawk:gawk python3:python3 xz:xz-utils patch:patch perl:perl m4:m4 \
              file:file flock:util-linux ccache:ccache bc:bc cmake:cmake pahole:dwarves; do
        command -v "${_c%%:*}" >/dev/null 2>&1 || printf '%s\n' "${_c#*:}"
    done
    # cmake and pahole (dwarves) are for the SDK's x32-check, which builds CMake projects
    # and compares struct layouts; bc and libelf (objtool) are for the VM's kernel.
    for _h in gmp.h:libgmp-dev mpfr.h:libmpfr-dev mpc.h:libmpc-dev zlib.h:zlib1g-dev gelf.h:libelf-dev; do
        command -v gcc >/dev/null 2>&1 \
            && printf '#include <%s>\n' "${_h%%:*}" | gcc -E -x c - >/dev/null 2>&1 \
            || printf '%s\n' "${_h#*:}"
    done
}

check_host_tools() {
    _missing=$(missing_host_packages | sort -u | tr '\n' ' ')
    [ -n "$_missing" ] || return 0
    if can_apt; then
        say "Installing build tools: $_missing"
        # shellcheck disable=SC2086 # one word per package
        sdk_apt_install $_missing || die "apt-get install $_missing failed; see $CACHE/logs/apt.log"
        _missing=$(missing_host_packages | sort -u | tr '\n' ' ')
        [ -z "$_missing" ] || die "still missing after apt-get: $_missing"
    else
        die "missing build tools; install them with: sudo apt-get install $_missing"
    fi
}
