# shellcheck shell=sh
# ./build.sh check-gcc, check-glibc and check-rust: GCC's, glibc's and Rust's own test suites, run against
# the built SDK with x32-run executing the test programs.  The suites' drivers live in
# tests/upstream/; this finds what they need (sources, the glibc build tree) for them.
# Uses TOP, PREFIX, CACHE, JOBS and TARGET from build.sh.

# upstream_tool PACKAGE PATH-OR-COMMAND WHAT-IS-LOST: installs a Debian package a
# suite can do without (it says what it then leaves out), when it is missing.
upstream_tool() {
    command -v "$2" >/dev/null 2>&1 || [ -e "$2" ] && return 0
    if can_apt && say "Installing $1 for the upstream suites" && sdk_apt_install "$1"; then
        return 0
    fi
    say "warning: no $1 (apt-get install $1): $3"
}

# run_upstream_check check-gcc|check-glibc ARGS...: returns the suite's exit status.
run_upstream_check() {
    _what=$1; shift
    case " $* " in *" -h "*|*" --help "*)
        sh "$TOP/tests/upstream/$_what.sh" --help; return 0 ;;
    esac
    sdk_is_complete || die "the SDK in $PREFIX is not complete; run ./build.sh first"
    X32_SDK_PREFIX=$PREFIX; X32_SDK_CACHE=$CACHE; export X32_SDK_PREFIX X32_SDK_CACHE JOBS
    case $_what in
        check-gcc)
            # DejaGnu (runtest, with Tcl and expect) from Debian, as the issue asks.
            if ! command -v runtest >/dev/null 2>&1; then
                can_apt || die "check-gcc needs DejaGnu; install it with: sudo apt-get install dejagnu"
                say "Installing DejaGnu for check-gcc"
                sdk_apt_install dejagnu || die "apt-get install dejagnu failed; see $CACHE/logs/apt.log"
            fi
            # gdb for the guality tests (through x32-gdb and x32-run's stub).
            upstream_tool gdb gdb "the guality tests are not run"
            X32_GCC_SRC=$(source_tree "$TOP/toolchain/gcc.pin"); export X32_GCC_SRC
            # The tree GCC was built in, when this SDK's is here: libgomp's affinity tests
            # include its config.h, which an installed compiler does not have.
            if tree_is_valid gcc "$(step_key "$(tree_owner_of gcc)")" any-prefix; then
                X32_GCC_TREE="$CACHE/build/gcc"; export X32_GCC_TREE
            fi
            ;;
        check-rust)
            step_is_current rust-std || die "check-rust tests the SDK's Rust standard library, which is not built (or out of date) in $PREFIX; run ./build.sh rust first"
            ;;
        check-glibc)
            # The tree glibc was built in.  Its prefix does not matter here: the compiler
            # it names is found on PATH, in PREFIX.
            _tree="$CACHE/build/glibc"
            if ! tree_is_valid glibc "$(step_key "$(tree_owner_of glibc)")" any-prefix; then
                die "glibc's build tree for this SDK is not in $_tree (an SDK restored from the step cache has none); rebuild it with ./build.sh glibc (about 10 minutes), then run check-glibc again"
            fi
            # gdb and pexpect for the pretty-printer tests (through x32-gdb).
            upstream_tool gdb gdb "the pretty-printer tests are UNSUPPORTED"
            python3 -c 'import pexpect' 2>/dev/null \
                || upstream_tool python3-pexpect /usr/lib/python3/dist-packages/pexpect "the pretty-printer tests are UNSUPPORTED"
            X32_GLIBC_TREE=$_tree; X32_GLIBC_SRC=$(source_tree "$TOP/sysroot/glibc.pin")
            export X32_GLIBC_TREE X32_GLIBC_SRC
            ;;
    esac
    sh "$TOP/tests/upstream/$_what.sh" "$@"
}
