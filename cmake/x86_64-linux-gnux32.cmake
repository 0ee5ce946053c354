# CMake toolchain file for the x32 SDK (x86_64-linux-gnux32).
#
#   cmake -S src -B build -DCMAKE_TOOLCHAIN_FILE=PREFIX/share/x32-sdk/cmake/x86_64-linux-gnux32.cmake
#
# It finds the SDK from its own location, so a moved or unpacked prefix works unchanged:
# the installed copy (PREFIX/share/x32-sdk/cmake/) uses the prefix three levels up, the
# copy in a checkout of x32-sdk (cmake/) uses the checkout's out/. A CMake variable or an
# environment variable X32_SDK_PREFIX overrides both. ctest, try_run and
# add_custom_command(... COMMAND <target>) run x32 programs through PREFIX/bin/x32-run.
# -DX32_SDK_COMPILER=clang (or the environment variable) builds with clang instead of GCC.
# -DX32_SDK_LIBC=musl (or the environment variable) builds against the optional musl
# toolchain (./build.sh musl); x86_64-linux-muslx32.cmake beside this file sets it.

# CMake reads this file again for every try_compile, in a fresh scope that only sees the
# variables listed in CMAKE_TRY_COMPILE_PLATFORM_VARIABLES; the override must be among
# them or try_compile would silently pick another SDK than the main project.
if(NOT X32_SDK_PREFIX AND NOT "$ENV{X32_SDK_PREFIX}" STREQUAL "")
  set(X32_SDK_PREFIX "$ENV{X32_SDK_PREFIX}")
endif()
if(NOT X32_SDK_PREFIX)
  # Through symlinks: a link to this file elsewhere still means the SDK it belongs to.
  get_filename_component(_x32_here "${CMAKE_CURRENT_LIST_FILE}" REALPATH)
  get_filename_component(_x32_here "${_x32_here}" DIRECTORY)
  if(_x32_here MATCHES "/share/x32-sdk/cmake$")
    get_filename_component(X32_SDK_PREFIX "${_x32_here}/../../.." ABSOLUTE)
  else()
    get_filename_component(X32_SDK_PREFIX "${_x32_here}/../out" ABSOLUTE)
  endif()
endif()
get_filename_component(X32_SDK_PREFIX "${X32_SDK_PREFIX}" ABSOLUTE)
# Which compiler family: gcc (the SDK's GCC, the default) or clang (the distribution's
# clang through PREFIX/bin/x86_64-linux-gnux32-clang, which points it at the SDK's
# sysroot, GCC install and binutils). A CMake variable or the environment, like the prefix.
if(NOT X32_SDK_COMPILER AND NOT "$ENV{X32_SDK_COMPILER}" STREQUAL "")
  set(X32_SDK_COMPILER "$ENV{X32_SDK_COMPILER}")
endif()
if(NOT X32_SDK_COMPILER)
  set(X32_SDK_COMPILER gcc)
endif()
if(NOT X32_SDK_COMPILER MATCHES "^(gcc|clang)$")
  message(FATAL_ERROR "x32 SDK: X32_SDK_COMPILER is '${X32_SDK_COMPILER}'; it must be gcc or clang.")
endif()
# Which C library: glibc (x86_64-linux-gnux32, the default) or musl (x86_64-linux-muslx32,
# whose sysroot keeps its libraries in usr/lib and its loader in /lib/ld-musl-x32.so.1).
if(NOT X32_SDK_LIBC AND NOT "$ENV{X32_SDK_LIBC}" STREQUAL "")
  set(X32_SDK_LIBC "$ENV{X32_SDK_LIBC}")
endif()
if(NOT X32_SDK_LIBC)
  set(X32_SDK_LIBC glibc)
endif()
if(X32_SDK_LIBC STREQUAL "glibc")
  set(_x32_triplet x86_64-linux-gnux32)
  set(_x32_libdir libx32)
elseif(X32_SDK_LIBC STREQUAL "musl")
  set(_x32_triplet x86_64-linux-muslx32)
  set(_x32_libdir lib)
  if(X32_SDK_COMPILER STREQUAL "clang")
    message(FATAL_ERROR "x32 SDK: X32_SDK_LIBC=musl builds with the musl toolchain's GCC only, not clang; drop one of X32_SDK_LIBC and X32_SDK_COMPILER.")
  endif()
else()
  message(FATAL_ERROR "x32 SDK: X32_SDK_LIBC is '${X32_SDK_LIBC}'; it must be glibc or musl.")
endif()
# The file is read many times in one configure: add the names once.
list(REMOVE_ITEM CMAKE_TRY_COMPILE_PLATFORM_VARIABLES X32_SDK_PREFIX X32_SDK_COMPILER X32_SDK_LIBC)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES X32_SDK_PREFIX X32_SDK_COMPILER X32_SDK_LIBC)

# Refuse early with the fix in the message: without this, CMake's own error would be
# "CMAKE_C_COMPILER not found" several screens later, naming no SDK.
set(_x32_cc "${X32_SDK_PREFIX}/bin/${_x32_triplet}-gcc")
set(_x32_sysroot "${X32_SDK_PREFIX}/${_x32_triplet}/sysroot")
if(X32_SDK_LIBC STREQUAL "musl" AND EXISTS "${X32_SDK_PREFIX}/share/x32-sdk/build-info.json"
   AND NOT EXISTS "${_x32_cc}")
  message(FATAL_ERROR
    "x32 SDK: X32_SDK_LIBC=musl but the SDK at ${X32_SDK_PREFIX} has no musl toolchain "
    "(no ${_x32_cc}); build it with ./build.sh musl in the x32-sdk checkout.")
endif()
if(NOT EXISTS "${_x32_cc}" OR NOT IS_DIRECTORY "${_x32_sysroot}/usr/include")
  message(FATAL_ERROR
    "x32 SDK: no SDK at ${X32_SDK_PREFIX} (expected ${_x32_cc} and ${_x32_sysroot}/usr/include).\n"
    "Build it with ./build.sh in the x32-sdk checkout, or point X32_SDK_PREFIX "
    "(-DX32_SDK_PREFIX=DIR or the environment) at a built SDK prefix.")
endif()
# build-info.json is written last by build.sh: without it the prefix is a build in progress
# or an interrupted one, whose compiler may lack its libraries.
if(NOT EXISTS "${X32_SDK_PREFIX}/share/x32-sdk/build-info.json")
  message(FATAL_ERROR
    "x32 SDK: the SDK at ${X32_SDK_PREFIX} is not completely built "
    "(no share/x32-sdk/build-info.json). Finish it with ./build.sh.")
endif()

set(CMAKE_SYSTEM_NAME Linux)
# CMake and Meson spell x32's processor x86_64; the ABI shows in CMAKE_SIZEOF_VOID_P (4).
set(CMAKE_SYSTEM_PROCESSOR x86_64)

if(X32_SDK_COMPILER STREQUAL "clang")
  set(_x32_cc "${X32_SDK_PREFIX}/bin/${_x32_triplet}-clang")
  set(_x32_cxx "${X32_SDK_PREFIX}/bin/${_x32_triplet}-clang++")
  if(NOT EXISTS "${_x32_cc}")
    message(FATAL_ERROR
      "x32 SDK: X32_SDK_COMPILER=clang but the SDK at ${X32_SDK_PREFIX} has no ${_x32_cc}; "
      "install the glue with 'sh cmake/install.sh ${X32_SDK_PREFIX}' from the x32-sdk checkout "
      "(./build.sh does it).")
  endif()
  # Once per configure, not per try_compile: the wrapper's own one-line answer (clang
  # missing) instead of CMake's screens about a compiler that cannot compile.
  get_property(_x32_in_try_compile GLOBAL PROPERTY IN_TRY_COMPILE)
  if(NOT _x32_in_try_compile)
    execute_process(COMMAND "${_x32_cc}" --version RESULT_VARIABLE _x32_rc
                    OUTPUT_QUIET ERROR_VARIABLE _x32_err)
    if(NOT _x32_rc EQUAL 0)
      string(STRIP "${_x32_err}" _x32_err)
      message(FATAL_ERROR "x32 SDK: X32_SDK_COMPILER=clang: ${_x32_err}")
    endif()
  endif()
else()
  set(_x32_cxx "${X32_SDK_PREFIX}/bin/${_x32_triplet}-g++")
endif()
set(CMAKE_C_COMPILER "${_x32_cc}")
set(CMAKE_CXX_COMPILER "${_x32_cxx}")
set(CMAKE_ASM_COMPILER "${_x32_cc}")
set(CMAKE_SYSROOT "${_x32_sysroot}")

# Tools run on the build machine; headers, libraries and CMake packages must come from
# the x32 sysroot only, never from the host's /usr (that would link x86-64 libraries).
set(CMAKE_FIND_ROOT_PATH "${_x32_sysroot}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# FindPkgConfig runs the host pkg-config: point it at the sysroot's .pc files only and
# make it prefix their -I/-L paths with the sysroot. PKG_CONFIG_PATH is searched before
# PKG_CONFIG_LIBDIR, so a host value would bring in x86-64 packages: clear it.
set(ENV{PKG_CONFIG_SYSROOT_DIR} "${_x32_sysroot}")
set(ENV{PKG_CONFIG_LIBDIR} "${_x32_sysroot}/usr/${_x32_libdir}/pkgconfig:${_x32_sysroot}/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# This kernel family usually cannot run x32, so every x32 program CMake runs (ctest,
# try_run, custom commands naming a target) goes through the runner.
# (A dynamic musl program's loader, /lib/ld-musl-x32.so.1, x32-run takes from the
# prefix's musl sysroot by itself.)
set(CMAKE_CROSSCOMPILING_EMULATOR "${X32_SDK_PREFIX}/bin/x32-run")

# Distributed compiles, opt-in: X32_DISTRIBUTE=icecc or distcc (a CMake variable or the
# environment) puts the SDK's launcher in front of the C and C++ compilers, unless the
# project set a launcher of its own. x32-icecc sends the SDK's icecream environment
# (x32-icecc-env writes it); x32-distcc names the compilers as distccd's whitelist wants.
if(NOT X32_DISTRIBUTE AND NOT "$ENV{X32_DISTRIBUTE}" STREQUAL "")
  set(X32_DISTRIBUTE "$ENV{X32_DISTRIBUTE}")
endif()
if(X32_DISTRIBUTE)
  if(NOT X32_DISTRIBUTE MATCHES "^(icecc|distcc)$")
    message(FATAL_ERROR "x32 SDK: X32_DISTRIBUTE is '${X32_DISTRIBUTE}'; it must be icecc, distcc or empty.")
  endif()
  # The icecream environment and distccd's whitelist hold the SDK's GCC only.
  if(X32_SDK_COMPILER STREQUAL "clang")
    message(FATAL_ERROR "x32 SDK: X32_DISTRIBUTE=${X32_DISTRIBUTE} distributes the SDK's GCC only, not clang; drop X32_DISTRIBUTE or X32_SDK_COMPILER.")
  endif()
  foreach(_x32_lang C CXX)
    if(NOT CMAKE_${_x32_lang}_COMPILER_LAUNCHER)
      set(CMAKE_${_x32_lang}_COMPILER_LAUNCHER "${X32_SDK_PREFIX}/bin/x32-${X32_DISTRIBUTE}")
    endif()
  endforeach()
endif()
