# shellcheck shell=sh
# lib/host-needs.sh: what a built prefix needs from the machine it is unpacked on,
# written as the README.md at the package's top (./build.sh package): the oldest glibc
# its host programs accept (the highest GLIBC_ version they reference, read with
# readelf), the libraries they load besides glibc's (none: GMP, MPFR, MPC and zlib are
# linked in), and the host tools each optional part calls.

# host_elves PREFIX: the prefix's dynamically linked x86-64 host programs, one a line.
host_elves() {
    find "$1/bin" "$1/libexec" "$1/x86_64-linux-gnux32/bin" -type f 2>/dev/null | while read -r _f; do
        # ELF, 64-bit (class 2), with an interpreter: a dynamic host program
        [ "$(od -An -tx1 -N5 "$_f" 2>/dev/null | tr -d ' \n')" = 7f454c4602 ] || continue
        readelf -lW "$_f" 2>/dev/null | grep -q 'Requesting program interpreter' && echo "$_f"
    done
}

# glibc_floor: the highest GLIBC_x.y the programs named on stdin (host_elves) need,
# e.g. 2.34.
glibc_floor() {
    while read -r _f; do readelf -VW "$_f" 2>/dev/null; done \
        | sed -n 's/.*Name: GLIBC_\([0-9][0-9.]*\).*/\1/p' | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1
}

# foreign_libs: the libraries the programs named on stdin (host_elves) load that glibc
# does not provide.
foreign_libs() {
    while read -r _f; do readelf -dW "$_f" 2>/dev/null; done \
        | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort -u \
        | grep -v -E '^(libc|libm|libdl|libpthread|librt|libresolv|libutil)\.so\.[0-9]+$|^ld-linux-x86-64\.so\.2$' || true
}

# write_host_needs PREFIX NAME OUT: the package's README.md.
write_host_needs() {
    _elves=$(host_elves "$1")
    _floor=$(printf '%s\n' "$_elves" | glibc_floor)
    _foreign=$(printf '%s\n' "$_elves" | foreign_libs | tr '\n' ' ')
    cat > "$3" <<MD
# $2

An x32 SDK (\`x86_64-linux-gnux32\`) built by x32-sdk's \`./build.sh\`: GCC, binutils and
glibc for x32 with their sysroot, \`x32-run\`, \`x32-check\`, the build-system glue and
the VM's kernel. Unpack it anywhere and use it where it lies; nothing in it records
where it was built. What it is (version, commit, key, the host it was built on):
\`share/x32-sdk/build-info.json\`, or \`bin/x32-run --version\`.

## What the host needs

- **x86-64 Linux with glibc ${_floor:-?} or newer**: the oldest glibc the toolchain's
  host programs accept (the highest \`GLIBC_\` symbol version they use). They load no
  other library${_foreign:+ except: $_foreign}: GMP, MPFR, MPC and zlib are linked in.
- Nothing else to compile and run x32 C and C++ programs: \`bin/x86_64-linux-gnux32-gcc\`,
  \`-g++\`, then \`bin/x32-run ./prog\` (a static program that needs no kernel x32).
- \`make\` and the build system you use (\`cmake\`, \`meson\` and \`ninja\`, autotools,
  \`pkg-config\`) for the glue in \`share/x32-sdk/\`.
- \`python3\` and \`cmake\` for \`bin/x32-check\` (\`pahole\`, from dwarves, for its
  struct-layout comparison).
- \`qemu-system-x86_64\` for \`bin/x32-vm\` and \`x32-run --mode vm\`.
- \`gdb\` for \`bin/x32-gdb\`.
- \`clang\` (and \`ld.lld\` for \`-fuse-ld=lld\`) for \`bin/x86_64-linux-gnux32-clang\`.
- \`distcc\` or \`icecc\` for \`bin/x32-distcc\` and \`bin/x32-icecc\`.

\`bin/x32-run --probe\` says what this machine's kernel offers (Syscall User Dispatch,
the trap plan, the VM).
MD
}
