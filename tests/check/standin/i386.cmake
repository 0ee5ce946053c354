# A stand-in "x32" side for testing x32-check's runtime plumbing on kernels that cannot
# run x32: i386 also has 32-bit long and pointers and runs here, so the planted project's
# runtime bugs (sign-extended pointers above 2 GiB, 32-bit long overflow) show the same
# way. It tests ctest/JUnit parsing, the emulator hook and the sanitizer diff; it says
# nothing about x32 itself, which is why tests/check/run.sh names those tests "standin-".
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER ${CMAKE_CURRENT_LIST_DIR}/gcc-m32)
set(CMAKE_CXX_COMPILER ${CMAKE_CURRENT_LIST_DIR}/g++-m32)
