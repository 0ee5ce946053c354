SUMMARY = "A CMake project that runs target programs at build time (parse-only check)"
DESCRIPTION = "Inherits cmake-qemu, whose toolchain file names a qemu wrapper as \
CMAKE_CROSSCOMPILING_EMULATOR when qemu-usermode is a machine feature. tests/yocto \
reads its bitbake -e output; it is never built."
LICENSE = "MIT"
LIC_FILES_CHKSUM = "file://${COMMON_LICENSE_DIR}/MIT;md5=0835ade698e0bcf8506ecda2f7b4f302"

inherit cmake-qemu
