# CMake toolchain file for the x32 SDK's optional musl toolchain (x86_64-linux-muslx32,
# built by ./build.sh musl):
#
#   cmake -S src -B build -DCMAKE_TOOLCHAIN_FILE=PREFIX/share/x32-sdk/cmake/x86_64-linux-muslx32.cmake
#
# The same file as x86_64-linux-gnux32.cmake beside it (prefix lookup, try_compile,
# pkg-config, x32-run as the emulator) with the C library set to musl.
set(X32_SDK_LIBC musl)
include("${CMAKE_CURRENT_LIST_DIR}/x86_64-linux-gnux32.cmake")
