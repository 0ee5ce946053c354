SUMMARY = "x32-run: runs x32 programs on x86-64 kernels without x32, in qemu-usermode's place"
DESCRIPTION = "The x32-sdk runner, built from the repository this layer lives in. It \
accepts QEMU user mode's -L -E -U -r -cpu -0 options, so OpenEmbedded's qemu wrapper \
command lines run x32 programs with it (see the layer's README)."
HOMEPAGE = "https://github.com/x32-sdk/x32-sdk"
# The repository's own files are MIT (LICENSE at its top). S is runner/ (EXTERNALSRC
# below), and OE reads LIC_FILES_CHKSUM paths relative to S: ../LICENSE is that file.
# A relative path keeps the checkout's location out of the task signatures.
LICENSE = "MIT"
LIC_FILES_CHKSUM = "file://../LICENSE;md5=aa84eee3eec671b64fc59e715e968157"

# native last: scarthgap's QA warns when a class comes after it.
inherit externalsrc native

# The sources are runner/ of this checkout (set in conf/layer.conf); externalsrc
# rebuilds when a file there changes and keeps the build out of the checkout.
EXTERNALSRC = "${X32_SDK_RUNNER_DIR}"
EXTERNALSRC_BUILD = "${WORKDIR}/build"
B = "${WORKDIR}/build"
PV = "0.1.0"

# x32-run links itself -static-pie (runner/Makefile). BUILD_LDFLAGS would add
# uninative's --dynamic-linker and rpaths, which a static-pie binary must not have.
LDFLAGS = ""

do_configure[noexec] = "1"

do_compile() {
    oe_runmake -C ${S} BUILD=${B} all
}

do_install() {
    oe_runmake -C ${S} BUILD=${B} install PREFIX=${prefix} DESTDIR=${D}
}
