# Where a Yocto SDK keeps its CMake toolchain file: $OECORE_NATIVE_SYSROOT/usr/share/cmake/
# OEToolchainConfig.cmake (installed by cmake-native, named by its environment-setup.d
# hook). IDE settings and scripts written for a Yocto SDK name that path; in this SDK,
# where OECORE_NATIVE_SYSROOT is the prefix, it is this file, which is the SDK's own
# toolchain file plus Yocto's OEToolchainConfig.cmake.d/*.cmake subscripts.
#
#   cmake -S src -B build -DCMAKE_TOOLCHAIN_FILE=$OECORE_NATIVE_SYSROOT/usr/share/cmake/OEToolchainConfig.cmake

include("${CMAKE_CURRENT_LIST_DIR}/../../../share/x32-sdk/cmake/x86_64-linux-gnux32.cmake")

file(GLOB _x32_oe_subscripts "${CMAKE_CURRENT_LIST_FILE}.d/*.cmake")
foreach(_x32_oe_subscript IN LISTS _x32_oe_subscripts)
  include("${_x32_oe_subscript}")
endforeach()
