#!/bin/sh
# tests/upstream/check-glibc.sh: glibc's own `make check` for x86_64-linux-gnux32, in the
# SDK's glibc build tree, with every test program run by x32-run (through
# glibc-test-wrapper.sh).  Run it as `./build.sh check-glibc [OPTIONS]`, which finds the
# build tree that made the SDK's glibc; see --help.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)

DRIVER=check-glibc
# shellcheck source=common.sh
. "$HERE/common.sh"

usage() {
    cat <<EOF
Usage: ./build.sh check-glibc [--subdir DIR]... [--printers] [-j N] [--out DIR] [--timeout-factor N]

Runs glibc's test suite (make check) for x32, every test program through x32-run.
  --subdir DIR        a glibc subdirectory to test (repeatable: string, elf, nptl, ...);
                      default: all of them, as plain \`make check\`
  --printers          only the pretty-printer tests (nptl's test-*-printers): gdb, through
                      x32-run's stub (x32-gdb), debugs each x32 test program while glibc's
                      printers describe its mutexes, condition variables and rwlocks
  -j N                make jobs (default: all cores)
  --timeout-factor N  glibc's TIMEOUTFACTOR: multiplies each test's time limit (default 3;
                      trapped system calls cost a few microseconds each under x32-run)
  --out DIR           where glibc.sum, glibc.log and summary.txt go
                      (default: \$X32_SDK_CACHE/check/glibc)
  --no-binfmt         do not register x32-run with binfmt_misc for the run (see below)
Some tests have a native program (the shell of system(), a test driver) start an x32
one, which only a kernel that knows x32 programs can do: as root, for the length of the
run, x32-run is registered with binfmt_misc (removed afterwards; left alone when an x32
handler is already there).  Without it those tests fail; summary.txt says which way ran.
Exit status: 0 when every FAIL is triaged in tests/upstream/triage/glibc.txt, 1 when
some are not (they are listed), 2 when the run itself could not happen.
EOF
}

SUBDIRS=""; JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}; OUT=""; FACTOR=3; BINFMT=yes; PRINTERS=no
while [ $# -gt 0 ]; do
    case $1 in
        -h|--help) usage; exit 0 ;;
        --subdir) [ $# -ge 2 ] || die "--subdir needs a glibc subdirectory such as string"; SUBDIRS="$SUBDIRS $2"; shift ;;
        --subdir=*) SUBDIRS="$SUBDIRS ${1#*=}" ;;
        -j) [ $# -ge 2 ] || die "-j needs a number"; JOBS=$2; shift ;;
        -j*) JOBS=${1#-j} ;;
        --timeout-factor) [ $# -ge 2 ] || die "--timeout-factor needs a number"; FACTOR=$2; shift ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; OUT=$2; shift ;;
        --no-binfmt) BINFMT=no ;;
        --printers) PRINTERS=yes ;;
        *) die "unknown argument '$1'; see ./build.sh check-glibc --help" ;;
    esac
    shift
done
check_jobs "$JOBS"
case $FACTOR in ''|*[!0-9]*|0) die "--timeout-factor wants a whole number of at least 1, not '$FACTOR'" ;; esac

PREFIX=${X32_SDK_PREFIX:-}
TREE=${X32_GLIBC_TREE:-}
SRC=${X32_GLIBC_SRC:-}
[ -n "$PREFIX" ] && [ -n "$TREE" ] && [ -n "$SRC" ] \
    || die "run it as ./build.sh check-glibc, which finds the SDK and glibc's build tree"
[ -f "$TREE/config.make" ] || die "no configured glibc build tree in $TREE"
for d in $SUBDIRS; do
    [ -f "$SRC/$d/Makefile" ] || die "'$d' is not a glibc subdirectory (no $SRC/$d/Makefile)"
done
suite_environment glibc

# The tree names the SDK it was configured with by absolute path (config.make's compiler
# include folders and binutils, every object's .d file).  A tree left by a build in
# another checkout, since moved or deleted, would fail on a missing stddef.h: point those
# paths at this SDK, which has the same compiler and headers (the tree's step key says so).
tree_prefix=$(sed -n 's|^sysheaders = \(.*\)/x86_64-linux-gnux32/sysroot/usr/include$|\1|p' "$TREE/config.make")
if [ -n "$tree_prefix" ] && [ "$tree_prefix" != "$PREFIX" ]; then
    printf 'check-glibc: the tree was configured for %s; pointing it at %s\n' "$tree_prefix" "$PREFIX"
    find "$TREE" -name '*.d' -exec grep -l -F "$tree_prefix/" {} + 2>/dev/null \
        | while IFS= read -r _f; do sed -i "s|$tree_prefix/|$PREFIX/|g" "$_f"; done
    sed -i "s|$tree_prefix/|$PREFIX/|g" "$TREE/config.make"
fi
rm -f "$OUT/glibc.sum" "$OUT/glibc.log" "$OUT/summary.txt" "$OUT/make.log"
[ "$PRINTERS" = no ] || [ -z "$SUBDIRS" ] || die "--printers and --subdir do not go together: --printers picks its own tests"

# The pretty-printer tests start `gdb` from PATH, `file` the test program and
# `start` it: for an x32 program that gdb is x32-gdb --no-start (extended-remote
# through x32-run's stub).  Their probes (gdb --version, python) go to gdb itself,
# which prints nothing else.
printers_state="no gdb here: the pretty-printer tests are UNSUPPORTED"
if real_gdb=$(command -v gdb); then
    mkdir -p "$OUT/work/gdb-shim"
    cat > "$OUT/work/gdb-shim/gdb" <<SHIM
#!/bin/sh
# check-glibc's gdb for glibc's pretty-printer tests (see check-glibc.sh).
case " \$* " in
    *" --version "*|*"python import os"*) exec "$real_gdb" "\$@" ;;
esac
X32_GDB="$real_gdb" exec "$PREFIX/bin/x32-gdb" --no-start "\$@"
SHIM
    chmod +x "$OUT/work/gdb-shim/gdb"
    PATH="$OUT/work/gdb-shim:$PATH"
    printers_state="gdb through x32-gdb (x32-run's stub)"
    python3 -c 'import pexpect' 2>/dev/null \
        || printers_state="no python3-pexpect: the pretty-printer tests are UNSUPPORTED"
fi

# binfmt_misc: let native programs (sh, the test driver) start x32 programs too.
BINFMT_DIR=/proc/sys/fs/binfmt_misc
binfmt_state="not registered (--no-binfmt)"
if [ "$BINFMT" = yes ]; then
    if "$X32_RUN" --probe 2>/dev/null | grep -q '^mode: native'; then
        binfmt_state="not needed: this kernel runs x32 programs itself"
    elif [ "$(id -u)" != 0 ]; then
        binfmt_state="not registered: not root"
    elif [ -e "$BINFMT_DIR/x32" ]; then
        binfmt_state="an x32 handler was already registered ($(sed -n 's/^interpreter //p' "$BINFMT_DIR/x32"))"
    else
        [ -e "$BINFMT_DIR/register" ] || mount -t binfmt_misc binfmt_misc "$BINFMT_DIR" 2>/dev/null || true
        if "$X32_RUN" --register > /dev/null 2>&1; then
            binfmt_state="x32-run registered with binfmt_misc for this run"
            trap 'echo -1 > "$BINFMT_DIR/x32" 2>/dev/null || true' EXIT
            trap 'exit 130' INT TERM HUP
        else
            binfmt_state="not registered: binfmt_misc is not available here"
        fi
    fi
fi
printf 'check-glibc: binfmt_misc: %s\n' "$binfmt_state"

started=$(date +%s)
printf 'check-glibc: tree %s, x32-run %s, -j%s, %s\n' "$TREE" "$X32_RUN" "$JOBS" \
    "$(if [ -n "$SUBDIRS" ]; then echo "subdirectories:$SUBDIRS"; else echo "every subdirectory"; fi)"
printf 'check-glibc: make output goes to %s/make.log\n' "$OUT"
# Old results would be summarised as new ones, and a test whose .out is newer than its
# program is not run again: clear every result (not the test programs, which make
# rebuilds only when their sources change).
rm -f "$TREE/tests.sum" "$TREE"/*/subdir-tests.sum
for _d in ${SUBDIRS:-.}; do
    # NAME.test-result belongs to NAME.out (a test program's run) or, for a few
    # special tests (catgets' test1.cat), to the file NAME itself.
    find "$TREE/$_d" -name '*.test-result' | while IFS= read -r _r; do
        _t=${_r%.test-result}
        if [ -e "$_t.out" ]; then rm -f "$_t.out"; elif [ -f "$_t" ]; then rm -f "$_t"; fi
        rm -f "$_r"
    done
done
# timezone's test data is made by zic together with the results of its checks, and
# make redoes both only when the data is gone (testdata/posixrules, a symbolic link,
# outlives its result otherwise): clear the whole folder.
case " ${SUBDIRS:-timezone} " in *" timezone "*) rm -rf "$TREE/timezone/testdata" ;; esac
set -- -C "$TREE" -j"$JOBS" -k check MAKEINFO=: TIMEOUTFACTOR="$FACTOR" \
    test-wrapper="$HERE/glibc-test-wrapper.sh"
# subdirs= restricts glibc's recursion, as its manual's "make check subdirs=..." does.
[ -z "$SUBDIRS" ] || set -- "$@" subdirs="$(echo $SUBDIRS)"
make_status=0
# Default signal dispositions: a run started in the background inherits SIGINT ignored,
# and tests such as signal/tst-sigset2 check that it starts as SIG_DFL.  Only stdin,
# stdout and stderr open: tests list their descriptors (io/tst-close_range reported a
# pipe a CI job runner had left open as "closed").
clean_make() {
    python3 -c 'import os, sys; os.closerange(3, 1 << 16); os.execvp(sys.argv[1], sys.argv[1:])' \
        env --default-signal make "$@"
}
if [ "$PRINTERS" = yes ]; then
    # glibc's `make test t=DIR/NAME` runs one test; tests.sum is made from their results.
    : > "$OUT/make.log"
    for _t in $(sed -n '/^tests-printers *:=/,/^$/p' "$SRC/nptl/Makefile" | tr -d '\\' \
                | sed 's/^tests-printers *:=//' | tr -s ' \t' '\n\n' | grep . | sed 's|^|nptl/|'); do
        rm -f "$TREE/$_t.out" "$TREE/$_t.test-result"
        clean_make -C "$TREE" test t="$_t" MAKEINFO=: TIMEOUTFACTOR="$FACTOR" \
            test-wrapper="$HERE/glibc-test-wrapper.sh" >> "$OUT/make.log" 2>&1 || make_status=$?
        cat "$TREE/$_t.test-result" 2>/dev/null || echo "UNRESOLVED: $_t"
    done > "$TREE/tests.sum"
    [ -s "$TREE/tests.sum" ] || rm -f "$TREE/tests.sum"
else
    clean_make "$@" > "$OUT/make.log" 2>&1 || make_status=$?
fi
[ -f "$TREE/tests.sum" ] || {
    tail -n 30 "$OUT/make.log" >&2
    die "make check wrote no tests.sum (exit $make_status; its output is above, all of it in $OUT/make.log)"
}
cp "$TREE/tests.sum" "$OUT/glibc.sum"
# The log: the output of every test that did not pass, as glibc leaves it in NAME.out.
grep -E '^(FAIL|XPASS|UNRESOLVED): ' "$OUT/glibc.sum" | while read -r _k _t; do
    printf '==== %s %s\n' "$_k" "$_t"
    tail -n 60 "$TREE/$_t.out" 2>/dev/null || echo "(no $TREE/$_t.out)"
done > "$OUT/glibc.log"
status=0
{
    printf 'binfmt_misc: %s\n' "$binfmt_state"
    printf 'pretty printers: %s\n' "$printers_state"
    sh "$HERE/summarize.sh" --triage "$HERE/triage/glibc.txt" "$OUT/glibc.sum"
} > "$OUT/summary.txt" || status=$?
cat "$OUT/summary.txt"
printf 'check-glibc: %ss in all; summary %s/summary.txt, failing tests'"'"' output %s/glibc.log\n' \
    "$(( $(date +%s) - started ))" "$OUT" "$OUT"
exit "$status"
