"""Configure, build and test one side (LP64 or x32) of a Meson project.

Each side gets a machine file that x32-check writes with absolute paths: the native file
names the host's gcc, the cross file the x32 compiler, x32-run as exe_wrapper, and both
carry the same warning flags as [built-in options] (Meson ignores CFLAGS for the host
machine of a cross build). The SDK's own cross file is not used because Debian 12's
Meson 1.0 leaves its @DIRNAME@ unsubstituted.
"""

import os

from . import test_results
from .side import clean_environment, flags, run_logged, start_from_scratch, test_environment

MESON_BUILD_TYPES = {"RelWithDebInfo": "debugoptimized", "Debug": "debug",
                     "Release": "release", "MinSizeRel": "minsize"}


def _quote(value):
    return "'%s'" % value.replace("\\", "\\\\").replace("'", "\\'")


def _array(values):
    return "[" + ", ".join(_quote(v) for v in values) + "]"


def machine_file(path, cc, cxx, sanitize, cross=None):
    """Write a native (cross=None) or cross machine file. `cross` holds 'runner' (or
    None) and 'sysroot' (or None)."""
    c, cpp, link = flags(sanitize)
    lines = ["# Written by x32-check.", "[binaries]",
             "c = " + _array(cc), "cpp = " + _array(cxx)]
    if cross and cross.get("runner"):
        lines.append("exe_wrapper = " + _quote(cross["runner"]))
    if cross:
        lines += ["", "[properties]",
                  # Meson would otherwise decide an x86_64 machine runs x32 natively.
                  "needs_exe_wrapper = true"]
        if cross.get("sysroot"):
            lines.append("sys_root = " + _quote(cross["sysroot"]))
    lines += ["", "[built-in options]", "c_args = " + _array(c), "cpp_args = " + _array(cpp),
              "c_link_args = " + _array(link), "cpp_link_args = " + _array(link)]
    if cross:
        lines += ["", "[host_machine]", "system = 'linux'", "cpu_family = 'x86_64'",
                  "cpu = 'x86_64'", "endian = 'little'"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path


def configure_and_build(side, machine_args, options):
    """machine_args: ['--native-file', F] or ['--cross-file', F]. True when both steps
    succeeded; on failure side.failed_step says which."""
    start_from_scratch(side)
    env = clean_environment()
    build_type = MESON_BUILD_TYPES.get(options.build_type, options.build_type.lower())
    # werror=false: a checker wants every warning listed, not the first one fatal.
    argv = ["meson", "setup", side.build_dir, side.source_dir, "--buildtype=" + build_type,
            "-Dwerror=false"] + machine_args + options.defines
    if run_logged(argv, side.log("configure"), env=env) != 0:
        side.failed_step = "configure"
        return False
    # -k 0: keep going after failures, so every unit's diagnostics are collected.
    argv = ["ninja", "-C", side.build_dir, "-k", "0", "-j", str(options.jobs)]
    if run_logged(argv, side.log("build"), env=env) != 0:
        side.failed_step = "build"
        return False
    return True


def run_tests(side, options):
    """Run `meson test` in the side's build tree and fill side.tests."""
    multiplier = max(1, options.timeout // 30)     # Meson's default timeout is 30 s
    argv = side.launch + ["meson", "test", "-C", side.build_dir, "--no-rebuild",
                          "--num-processes", "1", "-t", str(multiplier)]
    env = test_environment()
    env.update(side.test_env)
    run_logged(argv, side.log("test"), env=env)
    side.tests_ran = True
    junit = os.path.join(side.build_dir, "meson-logs", "testlog.junit.xml")
    try:
        with open(junit, encoding="utf-8", errors="replace") as f:
            side.tests = test_results.parse_junit(f.read())
    except (OSError, SyntaxError):   # no tests (no file), or a malformed one
        side.tests = []
