"""Configure, build and test one side (LP64 or x32) of a CMake project."""

import os
import re
import subprocess

from . import test_results
from .side import clean_environment, flags, run_logged, start_from_scratch, test_environment


def _environment(sanitize):
    env = clean_environment()
    c, cxx, link = flags(sanitize)
    # CMake builds CMAKE_<LANG>_FLAGS from these plus the toolchain file's *_INIT flags,
    # so the toolchain's own flags survive (a -DCMAKE_C_FLAGS would replace them).
    env["CFLAGS"] = " ".join([env.get("CFLAGS", "")] + c).strip()
    env["CXXFLAGS"] = " ".join([env.get("CXXFLAGS", "")] + cxx).strip()
    env["LDFLAGS"] = " ".join([env.get("LDFLAGS", "")] + link).strip()
    return env


def configure_and_build(side, cmake_args, options):
    """Returns True when both steps succeeded; on failure side.failed_step says which."""
    start_from_scratch(side)
    env = _environment(options.sanitize)
    argv = ["cmake", "-S", side.source_dir, "-B", side.build_dir, "-G", "Unix Makefiles",
            "-DCMAKE_BUILD_TYPE=" + options.build_type,
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + cmake_args + options.defines
    if run_logged(argv, side.log("configure"), env=env) != 0:
        side.failed_step = "configure"
        return False
    # -k: keep going after a failing unit, so every unit's diagnostics are collected.
    argv = ["cmake", "--build", side.build_dir, "-j", str(options.jobs), "--", "-k"]
    if run_logged(argv, side.log("build"), env=env) != 0:
        side.failed_step = "build"
        return False
    return True


def _ctest_has_junit():
    try:
        out = subprocess.run(["ctest", "--version"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
    except OSError:
        return False
    m = re.search(r"(\d+)\.(\d+)", out)
    return bool(m) and (int(m.group(1)), int(m.group(2))) >= (3, 21)


def run_tests(side, options):
    """Run ctest in the side's build tree and fill side.tests."""
    env = test_environment()
    junit = os.path.join(side.log_dir, "ctest-junit.xml")
    argv = ["ctest", "--timeout", str(options.timeout), "-j", "1"]
    use_junit = _ctest_has_junit()
    if use_junit:
        if os.path.exists(junit):
            os.remove(junit)
        argv += ["--output-junit", junit, "--test-output-size-passed", "1048576",
                 "--test-output-size-failed", "1048576"]
    else:
        argv += ["--output-on-failure"]
    run_logged(argv, side.log("test"), cwd=side.build_dir, env=env)
    side.tests_ran = True
    with open(side.log("test"), encoding="utf-8", errors="replace") as f:
        console = f.read()
    if use_junit and os.path.exists(junit):
        with open(junit, encoding="utf-8", errors="replace") as f:
            try:
                side.tests = test_results.parse_junit(f.read())
                return
            except Exception:     # a malformed file: fall back to the console output
                pass
    side.tests = test_results.parse_console(console)
    if not use_junit:
        # Without JUnit only failing tests' output is shown; keep it for the sanitizers.
        side.tests = [t._replace(output=console) if t.status == "failed" else t
                      for t in side.tests]
