"""The per-build-system part of a check: which module builds the project, and the
arguments that make each side LP64 or x32."""

import glob
import os
import re
import shutil

from . import autotools_project, cmake_project, dejagnu, meson_project, sdk
from .side import last_word_launcher, use_clang_flags


def write_wrapper(path, compiler, flag):
    """A one-line compiler that always adds `flag`, so that no project setting of
    CMAKE_C_FLAGS can drop it (this is what Debian's gcc -mx32 needs)."""
    with open(path, "w") as f:
        f.write('#!/bin/sh\nexec %s %s "$@"\n' % (compiler, flag))
    os.chmod(path, 0o755)
    return path


def prepare(system, tools, options, work):
    """(driver, LP64 arguments, x32 arguments) for `system`. A driver has
    configure_and_build(side, args, options) and run_tests(side, options)."""
    wrappers = os.path.join(work, "tools")
    os.makedirs(wrappers, exist_ok=True)
    tools.compiler_name = " ".join(tools.cc)
    if not tools.toolchain_file and len(tools.cc) > 1:
        # Debian's gcc -mx32: wrap it so the flag is part of the compiler.
        tools.cc = [write_wrapper(os.path.join(wrappers, "x32-gcc"), "gcc", "-mx32")]
        tools.cxx = [write_wrapper(os.path.join(wrappers, "x32-g++"), "g++", "-mx32")]
    if tools.is_clang:
        use_clang_flags()
    lp64_cc = shutil.which(tools.lp64_cc) or tools.lp64_cc
    lp64_cxx = shutil.which(tools.lp64_cxx) or tools.lp64_cxx
    if system == "cmake":
        driver = cmake_project
        launcher = last_word_launcher(wrappers)
        both = ["-DCMAKE_C_COMPILER_LAUNCHER=" + launcher,
                "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher]
        lp64_args = ["-DCMAKE_C_COMPILER=" + lp64_cc,
                     "-DCMAKE_CXX_COMPILER=" + lp64_cxx] + both
        x32_args = sdk.cmake_settings(tools, work) + both
    elif system == "autotools":
        driver = AutotoolsDriver(tools, options, work)
        lp64_args = autotools_project.configure_args([lp64_cc], [lp64_cxx], options.sanitize)
        x32_args = autotools_project.configure_args(tools.cc, tools.cxx, options.sanitize,
                                                    host=sdk.TRIPLET)
    else:
        driver = meson_project
        if options.toolchain:
            tools.notes.append("--toolchain is a CMake option; ignored for this Meson project")
        # Meson runs its compiler sanity check through exe_wrapper, so the runner is
        # probed first and named only when it works.
        runs = sdk.probe_runner(tools, tools.cc[0])
        lp64_args = ["--native-file", meson_project.machine_file(
            os.path.join(wrappers, "lp64-native.ini"), [lp64_cc], [lp64_cxx],
            options.sanitize)]
        sysroot = os.path.join(tools.prefix, sdk.TRIPLET, "sysroot") if tools.prefix else None
        x32_args = ["--cross-file", meson_project.machine_file(
            os.path.join(wrappers, "x32-cross.ini"), tools.cc, tools.cxx, options.sanitize,
            cross={"runner": tools.runner if runs else None, "sysroot": sysroot})]
    return driver, lp64_args, x32_args


class AutotoolsDriver:
    """autotools_project with the interface of the other drivers: the x32 side gets the
    SDK's config.site and pkg-config, and its tests the runner and, for DejaGnu suites,
    the x32-run board (the SDK's, else x32-check's own: dejagnu.py)."""

    def __init__(self, tools, options, work):
        self.tools = tools
        self.x32_env = {}
        if options.defines:
            tools.notes.append("-D options are for CMake and Meson; ignored for autotools")
        if options.toolchain:
            tools.notes.append("--toolchain is a CMake option; ignored for autotools")
        self.dejagnu_site = dejagnu.write_site(os.path.join(work, "tools", "dejagnu"),
                                               dejagnu.sdk_boards(tools.prefix))
        if tools.prefix:
            site = os.path.join(tools.prefix, "share", "x32-sdk", "config.site")
            pkg_config = os.path.join(tools.prefix, "bin", sdk.TRIPLET + "-pkg-config")
            if os.path.isfile(site):
                self.x32_env["CONFIG_SITE"] = site
            if os.path.isfile(pkg_config):
                self.x32_env["PKG_CONFIG"] = pkg_config
        sdk.probe_runner(tools, tools.cc[0])

    def configure_and_build(self, side, args, options):
        env = self.x32_env if side.name == "x32" else {}
        return autotools_project.configure_and_build(side, args, options, env)

    def run_tests(self, side, options):
        runner = self.tools.runner if side.name == "x32" and self.tools.can_run else None
        autotools_project.run_tests(side, options, runner,
                                    self.dejagnu_site if runner else None)


def cached_compiler(build_dir):
    """The C compiler a configured build uses, or None. CMake records it in
    CMakeFiles/<version>/CMakeCCompiler.cmake whether it came from a -D or a toolchain
    file (only the former reaches CMakeCache.txt)."""
    for path in sorted(glob.glob(os.path.join(build_dir, "CMakeFiles", "*",
                                              "CMakeCCompiler.cmake"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            m = re.search(r'^set\(CMAKE_C_COMPILER "([^"]+)"\)', f.read(), re.M)
        if m:
            return m.group(1)
    return None
