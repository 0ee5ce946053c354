# shellcheck shell=sh
# Sourced by tests/build/run.sh. Before its first step builds, build.sh installs every
# Debian source package the steps to build need, in one apt-get call (lib/sources.sh,
# install_debian_sources), so that a package apt cannot install stops the build in its
# first minute. A fake apt-get records the calls; a checkout of two steps, each pinned to
# a package that is not installed, shows them in one install.

if [ "$(id -u)" != 0 ]; then
    skip source-packages-one-apt-call "needs root: build.sh calls apt-get only as root"
else
    FS="$T/fake-sources"
    fake_checkout "$FS"
    rm -f "$FS"/toolchain/steps/*.sh "$FS"/sysroot/steps/*.sh "$FS"/*/step.sh "$FS"/*/steps/*.sh
    for _p in one two; do
        printf 'version=1\ntarball=x32-sdk-test-%s.tar.xz\nsha256=%s\nsrcdir=%s\ndeb_package=x32-sdk-test-%s-source\ndeb_file=/nonexistent/x32-sdk-test-%s.tar.xz\n' \
            "$_p" "$(printf %064d 0)" "$_p" "$_p" "$_p" > "$FS/toolchain/$_p.pin"
        printf 'deps=""\npins="toolchain/%s.pin"\nrun_step() { :; }\n' "$_p" > "$FS/toolchain/steps/$_p.sh"
    done
    mkdir -p "$T/fake-apt-bin"
    printf '#!/bin/sh\necho "$*" >> "%s"\nexit 1\n' "$T/fake-apt-calls" > "$T/fake-apt-bin/apt-get"
    chmod +x "$T/fake-apt-bin/apt-get"
    rm -f "$T/fake-apt-calls"
    PATH="$T/fake-apt-bin:$PATH" X32_SDK_OFFLINE=1 X32_SDK_CACHE="$T/cache-sources" \
        "$FS/build.sh" --prefix "$T/p-sources" > "$T/sources-build.log" 2>&1
    _first=$(grep -m1 ' install ' "$T/fake-apt-calls" 2>/dev/null)
    case "$_first" in
        *"install -y x32-sdk-test-one-source x32-sdk-test-two-source"*)
            if grep -q 'installing source packages x32-sdk-test-one-source x32-sdk-test-two-source with apt-get' "$T/sources-build.log"; then
                pass source-packages-one-apt-call
            else
                fail source-packages-one-apt-call "build.sh did not say so: $(head -n 3 "$T/sources-build.log" | tr '\n' ' ')"
            fi ;;
        *) fail source-packages-one-apt-call "first apt-get install was '$_first'" ;;
    esac
fi
