# shellcheck shell=sh
# Sourced by tests/build/run.sh. Debian's source packages come from Debian 12's archive
# through a private apt (lib/debian-archive.sh), on every host release and without root:
# nothing is installed system-wide, every file is held to what apt's checked .deb carried,
# and one fetch before the first step gets every package the steps need.
#
# A fake checkout pins Debian 12's small `hello` package (its /usr/bin/hello stands for a
# source tarball): the real archive serves it, so these cases need the Debian mirror this
# machine reaches (they skip, saying so, when it does not answer).

FA="$T/fake-archive"
fake_checkout "$FA"
rm -f "$FA"/toolchain/steps/*.sh "$FA"/sysroot/steps/*.sh "$FA"/*/step.sh "$FA"/*/steps/*.sh "$FA"/*/*.pin
printf 'version=1\ntarball=hello-test.bin\nsha256=%s\nsrcdir=hello\ndeb_package=hello\ndeb_version=2.10-3\ndeb_file=/usr/bin/hello\n' \
    "$(printf %064d 0)" > "$FA/toolchain/hello.pin"
printf 'deps=""\npins="toolchain/hello.pin"\nrun_step() { :; }\n' > "$FA/toolchain/steps/hello.sh"
_fa_cache="$T/cache-archive"
_fa_had_hello=no; dpkg -s hello > /dev/null 2>&1 && _fa_had_hello=yes

out=$(X32_SDK_CACHE="$_fa_cache" "$FA/build.sh" --prefix "$T/p-archive" sources 2>&1); rc=$?
if [ "$rc" != 0 ] && printf '%s\n' "$out" | grep -q 'cannot read Debian bookworm'"'"'s index'; then
    for _c in archive-fetch-private archive-file-in-build archive-nothing-installed archive-modified-refused; do
        skip "$_c" "Debian's archive does not answer here: $(printf '%s\n' "$out" | grep -m1 'cannot read')"
    done
else
    _fa_file="$_fa_cache/debian-archive/bookworm/root/usr/bin/hello"
    # The pin's sha256 is not hello's, so the archive's file is a Debian substitute,
    # named with the version apt fetched and vouched for by the record made from the .deb.
    if [ "$rc" = 0 ] && [ -x "$_fa_file" ] \
        && printf '%s\n' "$out" | grep -q "^hello: using hello 2.10-3 from Debian ($_fa_file, as Debian bookworm's archive served it)"; then
        pass archive-fetch-private
    else
        fail archive-fetch-private "exit $rc: $(printf '%s\n' "$out" | tr '\n' ' ')"
    fi
    # The private apt kept its state in the cache: lists, and no dpkg status of its own.
    if [ -s "$_fa_cache/debian-archive/bookworm/sources.list" ] \
        && ls "$_fa_cache/debian-archive/bookworm/state/lists/"*bookworm*Packages* > /dev/null 2>&1 \
        && grep -q '^deb \[signed-by=' "$_fa_cache/debian-archive/bookworm/sources.list"; then
        pass archive-file-in-build
    else
        fail archive-file-in-build "no signed sources list or package lists under $_fa_cache/debian-archive/bookworm"
    fi
    if [ "$_fa_had_hello" = no ] && dpkg -s hello > /dev/null 2>&1; then
        fail archive-nothing-installed "hello is now installed system-wide"
    else
        pass archive-nothing-installed
    fi
    # A file changed after the fetch is refused, with the way to fetch it again.
    if [ -f "$_fa_file" ]; then
        printf 'x' >> "$_fa_file"
        expect_error archive-modified-refused "nor what hello 2.10-3 carried" \
            env X32_SDK_CACHE="$_fa_cache" "$FA/build.sh" --prefix "$T/p-archive" sources
    else
        fail archive-modified-refused "nothing was fetched to modify"
    fi
fi

# A mirror that does not answer: one line naming it and the variable that picks another;
# nothing is left that looks fetched.
expect_error archive-mirror-unreachable "cannot read Debian bookworm's index from http://127.0.0.1:9/debian" \
    env X32_SDK_CACHE="$T/cache-archive-down" X32_SDK_DEBIAN_MIRROR=http://127.0.0.1:9/debian \
    X32_SDK_DEBIAN_SECURITY_MIRROR=http://127.0.0.1:9/debian-security "$FA/build.sh" --prefix "$T/p-archive" sources
if [ -e "$T/cache-archive-down/debian-archive/bookworm/root/.x32-sdk/hello.version" ]; then
    fail archive-mirror-unreachable-leaves-nothing "a version record exists although nothing was fetched"
else
    pass archive-mirror-unreachable-leaves-nothing
fi

# Without root the same route works: apt needs no privileges for a private state.
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null 2>&1; then
    _fa_user="$T/cache-archive-user"; mkdir -p "$_fa_user"; chown 65534:65534 "$_fa_user"
    chmod a+x "$T"; chmod -R a+rX "$FA"
    out=$(setpriv --reuid=65534 --regid=65534 --clear-groups env HOME="$_fa_user" \
        X32_SDK_CACHE="$_fa_user" "$FA/build.sh" --prefix "$_fa_user/p" sources 2>&1); rc=$?
    if [ "$rc" = 0 ] && [ -x "$_fa_user/debian-archive/bookworm/root/usr/bin/hello" ]; then
        pass archive-fetch-without-root
    elif printf '%s\n' "$out" | grep -q 'cannot read Debian bookworm'"'"'s index'; then
        skip archive-fetch-without-root "Debian's archive does not answer here"
    else
        fail archive-fetch-without-root "exit $rc: $(printf '%s\n' "$out" | tail -n 2 | tr '\n' ' ')"
    fi
else
    skip archive-fetch-without-root "needs root and setpriv to run build.sh as another user"
fi
