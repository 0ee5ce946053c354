"""Configure, build and test one side (LP64 or x32) of a CMake project.

Both sides get the same warning flags, build type and options; only the compiler and
the toolchain settings differ, so whatever differs in their diagnostics and test results
comes from the ABI.
"""

import os
import re
import shutil
import subprocess

from . import test_results

# shared/notes/bug-classes.md, section 3.1. The C-only options would make g++ warn
# about them on every C++ unit, so C++ gets the rest.
WARNINGS_COMMON = ["-Wall", "-Wextra", "-Wformat=2", "-Wconversion", "-Wsign-compare",
                   "-Wshift-count-overflow"]
WARNINGS_C_ONLY = ["-Wpointer-to-int-cast", "-Wint-to-pointer-cast",
                   "-Wincompatible-pointer-types"]
# Plain, one-line-per-diagnostic output that parses the same on every terminal.
DIAGNOSTIC_FORMAT = ["-fdiagnostics-color=never", "-fno-diagnostics-show-caret",
                     "-fdiagnostics-urls=never"]
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"]
# Variables that would let the host's setup leak into the builds.
HOSTILE_ENV = ("CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH", "LIBRARY_PATH",
               "GCC_EXEC_PREFIX", "LD_PRELOAD", "CC", "CXX", "CMAKE_TOOLCHAIN_FILE",
               "CMAKE_GENERATOR")


class Side:
    """One build of the project: where it is, how it went, what it printed."""

    def __init__(self, name, label, source_dir, work_dir):
        self.name = name            # "lp64" or "x32": file names and JSON keys
        self.label = label          # "LP64" or "x32": what people read
        self.source_dir = source_dir
        self.build_dir = os.path.join(work_dir, name, "build")
        self.log_dir = os.path.join(work_dir, name)
        self.failed_step = None     # "configure" or "build" when that step failed
        self.tests = []
        self.tests_ran = False
        self.tests_why_not = ""

    def log(self, step):
        return os.path.join(self.log_dir, step + ".log")


def _environment(extra_cflags, sanitize):
    env = {k: v for k, v in os.environ.items() if k not in HOSTILE_ENV}
    env["LC_ALL"] = "C"      # ASCII quotes and English messages for the parser
    flags = DIAGNOSTIC_FORMAT + WARNINGS_COMMON + ["-g"] + extra_cflags
    if sanitize:
        flags += SANITIZE
    c = " ".join(flags + WARNINGS_C_ONLY)
    cxx = " ".join(flags)
    # CMake builds CMAKE_<LANG>_FLAGS from these plus the toolchain file's *_INIT flags,
    # so the toolchain's own flags survive (a -DCMAKE_C_FLAGS would replace them).
    env["CFLAGS"] = (env.get("CFLAGS", "") + " " + c).strip()
    env["CXXFLAGS"] = (env.get("CXXFLAGS", "") + " " + cxx).strip()
    if sanitize:
        env["LDFLAGS"] = (env.get("LDFLAGS", "") + " " + " ".join(SANITIZE)).strip()
    return env


def _run(argv, log, cwd=None, env=None, timeout=None):
    with open(log, "w") as f:
        f.write("$ %s\n" % " ".join(argv))
        f.flush()
        try:
            return subprocess.run(argv, cwd=cwd, env=env, stdout=f, stderr=subprocess.STDOUT,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            f.write("\nx32-check: timed out after %s s\n" % timeout)
            return 124


def configure_and_build(side, cmake_args, extra_cflags, options):
    """Returns True when both steps succeeded; on failure side.failed_step says which."""
    # Always from scratch: an up-to-date object prints no warnings, and a cache from an
    # earlier run would keep its compiler and flags.
    shutil.rmtree(side.log_dir, ignore_errors=True)
    os.makedirs(side.build_dir)
    env = _environment(extra_cflags, options.sanitize)
    argv = ["cmake", "-S", side.source_dir, "-B", side.build_dir, "-G", "Unix Makefiles",
            "-DCMAKE_BUILD_TYPE=" + options.build_type,
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + cmake_args + options.defines
    if _run(argv, side.log("configure"), env=env) != 0:
        side.failed_step = "configure"
        return False
    # -k: keep going after a failing unit, so every unit's diagnostics are collected.
    argv = ["cmake", "--build", side.build_dir, "-j", str(options.jobs), "--", "-k"]
    if _run(argv, side.log("build"), env=env) != 0:
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
    env = dict(os.environ)
    env["LC_ALL"] = "C"
    # Leak checking needs ptrace-like stop-the-world support that a user-mode runner may
    # not have; keep going after a UBSan finding so one test reports all of its findings.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
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
    _run(argv, side.log("test"), cwd=side.build_dir, env=env)
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
