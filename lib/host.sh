# shellcheck shell=sh
# check_host_tools: the build machine has what the recipes use, or we say how to get it.
# Debian/Ubuntu package names; as root the missing ones are installed with apt-get, and
# elsewhere the message names the dnf or pacman command.

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
              file:file flock:util-linux ccache:ccache bc:bc cmake:cmake pahole:dwarves \
              rsync:rsync; do
        command -v "${_c%%:*}" >/dev/null 2>&1 || printf '%s\n' "${_c#*:}"
    done
    # cmake and pahole (dwarves) are for the SDK's x32-check, which builds CMake projects
    # and compares struct layouts; bc and libelf (objtool) are for the VM's kernel; rsync
    # for Linux's headers_install.
    for _h in gmp.h:libgmp-dev mpfr.h:libmpfr-dev mpc.h:libmpc-dev zlib.h:zlib1g-dev gelf.h:libelf-dev; do
        command -v gcc >/dev/null 2>&1 \
            && printf '#include <%s>\n' "${_h%%:*}" | gcc -E -x c - >/dev/null 2>&1 \
            || printf '%s\n' "${_h#*:}"
    done
    # Debian's archive key, for the private apt that fetches Debian 12's sources
    # (lib/debian-archive.sh); Ubuntu has the same package.
    if command -v apt-get > /dev/null 2>&1 && [ -z "$(debian_keyring)" ]; then
        printf 'debian-archive-keyring\n'
    fi
    # Hosts without apt download the upstream tarballs.
    command -v apt-get > /dev/null 2>&1 || command -v curl > /dev/null 2>&1 \
        || command -v wget > /dev/null 2>&1 || printf 'curl\n'
}

# Debian's name of a build package, then Fedora's and Arch's (commas join several).
HOST_PACKAGE_NAMES="build-essential gcc,gcc-c++,make base-devel
bison bison bison
flex flex flex
gawk gawk gawk
python3 python3 python
xz-utils xz xz
patch patch patch
perl perl perl
m4 m4 m4
file file file
util-linux util-linux util-linux
ccache ccache ccache
bc bc bc
cmake cmake cmake
dwarves dwarves pahole
libgmp-dev gmp-devel gmp
libmpfr-dev mpfr-devel mpfr
libmpc-dev libmpc-devel libmpc
zlib1g-dev zlib-devel zlib
libelf-dev elfutils-libelf-devel libelf
curl curl curl
rsync rsync rsync"

# install_command PACKAGE...: the command that installs these (Debian names) on this host:
# apt-get, or dnf and pacman with their own names for the same packages.
install_command() {
    if command -v apt-get > /dev/null 2>&1; then printf 'sudo apt-get install %s\n' "$*"; return; fi
    if command -v dnf > /dev/null 2>&1; then _ic_tool="sudo dnf install"; _ic_col=2
    elif command -v pacman > /dev/null 2>&1; then _ic_tool="sudo pacman -S --needed"; _ic_col=3
    else printf 'your package manager, the packages Debian calls: %s\n' "$*"; return; fi
    _ic_names=$(printf '%s\n' "$HOST_PACKAGE_NAMES" | awk -v want=" $* " -v c="$_ic_col" \
        'index(want, " " $1 " ") { n = split($c, a, ","); for (i = 1; i <= n; i++) print a[i] }' \
        | sort -u | tr '\n' ' ')
    printf '%s %s\n' "$_ic_tool" "${_ic_names% }"
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
        # shellcheck disable=SC2086 # one word per package
        die "missing build tools; install them with: $(install_command $_missing)"
    fi
}

# static_host_libs DIR LIB...: link these host libraries (libgmp, libmpfr, libmpc)
# statically into the toolchain's programs. DIR gets links to the host's static archives
# (lib*.a) and nothing else, so `-LDIR -lgmp` finds the archive first and the shared
# library never; prints DIR, or nothing when an archive is missing (then the programs link
# the shared library, as before, and need it on the host that runs them).
static_host_libs() {
    _sh_dir=$1; shift
    mkdir -p "$_sh_dir" || return 0
    for _sh_lib in "$@"; do
        _sh_a=$(gcc -print-file-name="lib$_sh_lib.a")
        case $_sh_a in /*) ln -sf "$_sh_a" "$_sh_dir/lib$_sh_lib.a" ;; *) return 0 ;; esac
    done
    printf '%s\n' "$_sh_dir"
}
