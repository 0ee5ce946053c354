"""What both sides of a check share, whatever the build system: the curated warning set,
one build's directories and results, and running a logged command.

Both sides get the same flags, build type and options; only the compiler and its
settings differ, so whatever differs in their diagnostics and test results comes from
the ABI.
"""

import os
import shutil
import subprocess

# docs/bug-classes.md, "The warning set". The C-only options would make g++ warn
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
               "CMAKE_GENERATOR", "MESON_CROSS_FILE")


class Side:
    """One build of the project: where it is, how it went, what it printed."""

    def __init__(self, name, label, source_dir, work_dir):
        self.name = name            # "lp64" or "x32": file names and JSON keys
        self.label = label          # "LP64" or "x32": what people read
        self.source_dir = source_dir         # the tree the compiler sees (a copy for autotools)
        self.original_source = source_dir
        self.build_dir = os.path.join(work_dir, name, "build")
        self.log_dir = os.path.join(work_dir, name)
        self.failed_step = None     # "configure" or "build" when that step failed
        self.build_notes = []       # what the build step met that is not a failure
        self.seconds = {}           # "build" (configure included), "tests": wall time
        self.tests = []
        self.tests_ran = False
        self.tests_why_not = ""
        # How the tests run: a command in front of the harness (x32-run --tree --),
        # extra environment (X32_RUN_EVIDENCE), and the evidence of x32 starts.
        self.launch = []
        self.test_env = {}
        self.evidence_dir = None
        self.tag_tests = False      # give each test its X32_RUN_EVIDENCE_TAG
        self.tag_of = None          # test name -> its tag, when tests are tagged

    def log(self, step):
        return os.path.join(self.log_dir, step + ".log")


# A project's -Werror would stop the build at the first warning the curated set adds; a
# checker wants the build to finish and every warning listed. Flags that must win over
# the project's own go last on the command line (see LAST_WORD_LAUNCHER).
LAST_WORD = ["-Wno-error", "-fdiagnostics-color=never"]


# clang spells the caret option its own way and has no -fdiagnostics-urls; with a clang
# x32 compiler both sides are clang (the native twin), so one switch serves both.
CLANG_DIAGNOSTIC_FORMAT = ["-fdiagnostics-color=never", "-fno-caret-diagnostics"]
_diagnostic_format = DIAGNOSTIC_FORMAT


def use_clang_flags():
    global _diagnostic_format
    _diagnostic_format = CLANG_DIAGNOSTIC_FORMAT


def flags(sanitize):
    """(C flags, C++ flags, link flags) for a build."""
    common = _diagnostic_format + WARNINGS_COMMON + ["-g"] + (SANITIZE if sanitize else [])
    return (common + WARNINGS_C_ONLY + LAST_WORD, common + LAST_WORD,
            SANITIZE if sanitize else [])


def last_word_launcher(directory):
    """A compiler launcher (CMake's CMAKE_<LANG>_COMPILER_LAUNCHER) that appends
    LAST_WORD to each compile: CMake puts a target's own options (-Werror,
    -fdiagnostics-color=always) after CFLAGS, where ours would lose."""
    path = os.path.join(directory, "last-word")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# Written by x32-check: run the compile, our flags last.\n"
                'exec "$@" %s\n' % " ".join(LAST_WORD))
    os.chmod(path, 0o755)
    return path


def clean_environment():
    env = {k: v for k, v in os.environ.items() if k not in HOSTILE_ENV}
    env["LC_ALL"] = "C"      # ASCII quotes and English messages for the parser
    return env


def start_from_scratch(side):
    """An up-to-date object prints no warnings, and a cache from an earlier run would keep
    its compiler and flags: every run builds in new directories."""
    shutil.rmtree(side.log_dir, ignore_errors=True)
    os.makedirs(side.build_dir)


def test_environment():
    env = dict(os.environ)
    env["LC_ALL"] = "C"
    # Leak checking needs ptrace-like stop-the-world support that a user-mode runner may
    # not have; UBSan's stack traces say which test code reached the finding.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    return env


def run_logged(argv, log, cwd=None, env=None, timeout=None, append=False):
    with open(log, "a" if append else "w") as f:
        f.write("$ %s\n" % " ".join(argv))
        f.flush()
        try:
            return subprocess.run(argv, cwd=cwd, env=env, stdout=f, stderr=subprocess.STDOUT,
                                  timeout=timeout).returncode
        except subprocess.TimeoutExpired:
            f.write("\nx32-check: timed out after %s s\n" % timeout)
            return 124


WORKDIR_MARKER = ".x32-check-workdir"


def mark_workdir(work):
    """Leave a marker so that a work directory inside the project is not scanned as
    part of it (autotools sides hold whole copies of the source)."""
    open(os.path.join(work, WORKDIR_MARKER), "w").close()


def is_build_folder(path):
    """A folder that holds a configured build rather than the project's sources: CMake's
    CMakeCache.txt, Meson's meson-private/, or an autotools config.status without a
    configure beside it (a sub-package configured in place has both). Its generated
    files (CMakeCCompilerId.c, CMakeSystem.cmake) test the architecture by design and
    are not the project's."""
    def has(name):
        return os.path.exists(os.path.join(path, name))
    return (has(WORKDIR_MARKER) or has("CMakeCache.txt") or has("meson-private")
            or (has("config.status") and not has("configure")))


def project_files(source_dir):
    """Every file of the project, in a stable order, without hidden directories, build
    folders (build-x32/, _build/, ...: see is_build_folder) and x32-check work
    directories. The top folder itself is always read (a tree configured in place)."""
    for root, dirs, files in os.walk(source_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")
                         and not is_build_folder(os.path.join(root, d)))
        for name in sorted(files):
            yield os.path.join(root, name)

