"""Find the x32 side's tools: the SDK's compilers, its CMake toolchain file and x32-run,
with Debian's 'gcc -mx32' as the fallback compiler while no SDK is built.

Every choice that is not the SDK's own is recorded in `notes`, so the report says what
the x32 build really used.
"""

import os
import shutil
import subprocess
import tempfile

TRIPLET = "x86_64-linux-gnux32"
TOOLCHAIN_FILE = os.path.join("share", "x32-sdk", "cmake", TRIPLET + ".cmake")
BUILD_INFO = os.path.join("share", "x32-sdk", "build-info.json")

_HELLO = '#include <stdio.h>\nint main(void){printf("hello %zu\\n", sizeof(void *));return 0;}\n'


class X32Tools:
    def __init__(self):
        self.prefix = None
        self.cc = None            # command word list, e.g. ["gcc", "-mx32"]
        self.compiler_name = ""   # what the report calls it
        self.cxx = None
        self.toolchain_file = None
        self.runner = None        # path of x32-run, or None for direct execution
        self.runner_given = False # named by --runner or $X32_RUN, not found in the SDK
        self.can_run = False
        self.why_not_run = ""
        self.notes = []


def _executable(path):
    return path and os.path.isfile(path) and os.access(path, os.X_OK)


def _compiles(cc, tmp):
    src = os.path.join(tmp, "hello.c")
    exe = os.path.join(tmp, "hello")
    with open(src, "w") as f:
        f.write(_HELLO)
    r = subprocess.run(cc + [src, "-o", exe], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True)
    if r.returncode != 0:
        return None, (r.stdout.strip().splitlines() or ["failed"])[-1]
    return exe, ""


def _runs(runner, exe):
    argv = ([runner] if runner else []) + [exe]
    try:
        r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return False, str(e)
    if r.returncode == 0 and r.stdout.strip() == "hello 4":
        return True, ""
    last = (r.stdout.strip().splitlines() or ["no output"])[-1]
    return False, "exit %d: %s" % (r.returncode, last[:160])


def find(prefix, toolchain, runner):
    """Resolve the x32 tools. `prefix` may be None or a path that does not exist yet."""
    t = X32Tools()
    sdk_cc = os.path.join(prefix, "bin", TRIPLET + "-gcc") if prefix else None
    with tempfile.TemporaryDirectory(prefix="x32-check-probe.") as tmp:
        exe = None
        complete = prefix and os.path.isfile(os.path.join(prefix, BUILD_INFO))
        if _executable(sdk_cc) and not complete:
            # build.sh writes build-info.json last: without it the compiler may still lack
            # its libraries, and the SDK's toolchain file refuses the prefix.
            t.notes.append("the SDK at %s is not completely built (no %s); using Debian's "
                           "gcc -mx32" % (prefix, BUILD_INFO))
        elif _executable(sdk_cc):
            t.prefix = prefix
            t.cc = [sdk_cc]
            t.cxx = [os.path.join(prefix, "bin", TRIPLET + "-g++")]
            exe, why = _compiles(t.cc, tmp)
            if exe is None:
                t.notes.append("the SDK compiler %s cannot build a program (%s); "
                               "using Debian's gcc -mx32" % (sdk_cc, why))
                t.prefix, t.cc = None, None
        elif not toolchain:
            t.notes.append("no SDK compiler at %s; using Debian's gcc -mx32 (gcc-multilib, "
                           "libc6-dev-x32)" % (sdk_cc or "(no SDK prefix)"))
        if t.cc is None:
            # Also the fallback name when a --toolchain file brings its own compiler.
            t.cc, t.cxx = ["gcc", "-mx32"], ["g++", "-mx32"]
            exe, why = _compiles(t.cc, tmp)
            if exe is None and not toolchain:
                raise SystemExit("x32-check: no working x32 compiler: neither the SDK's (%s) "
                                 "nor 'gcc -mx32' (%s); install the SDK or gcc-multilib and "
                                 "libc6-dev-x32" % (sdk_cc or "no --sdk", why))

        if toolchain:
            t.toolchain_file = os.path.abspath(toolchain)
            if not os.path.isfile(t.toolchain_file):
                raise SystemExit("x32-check: --toolchain %s: no such file" % toolchain)
        elif t.prefix:
            candidate = os.path.join(t.prefix, TOOLCHAIN_FILE)
            if os.path.isfile(candidate):
                t.toolchain_file = candidate
            else:
                t.notes.append("the SDK has no CMake toolchain file (%s); using x32-check's "
                               "own settings" % candidate)

        t.runner_given = bool(runner)
        if runner:
            # Absolute: ctest runs the tests from the build directory.
            t.runner = (os.path.abspath(runner) if os.sep in runner
                        else shutil.which(runner) or runner)
        elif t.prefix and _executable(os.path.join(t.prefix, "bin", "x32-run")):
            t.runner = os.path.join(t.prefix, "bin", "x32-run")
    return t


def probe_runner(t, compiler):
    """Can the x32 tests run? Builds a hello world with `compiler` (the one the x32 build
    really used, from its CMakeCache.txt) and runs it the way ctest will."""
    if t.runner and not _executable(t.runner):
        t.why_not_run = "the runner %s is not an executable file" % t.runner
        return False
    with tempfile.TemporaryDirectory(prefix="x32-check-probe.") as tmp:
        exe, why = _compiles([compiler], tmp)
        if exe is None:
            t.why_not_run = "%s cannot build a hello world (%s)" % (compiler, why)
            return False
        t.can_run, why = _runs(t.runner, exe)
    if not t.can_run:
        t.why_not_run = ("%s cannot run an x32 hello world (%s)" % (t.runner, why)
                         if t.runner else
                         "no x32-run (give --runner or --sdk) and this kernel does not "
                         "execute x32 programs (%s)" % why)
    return t.can_run


def cmake_settings(t, work_dir):
    """The -D options that make a CMake build an x32 build."""
    if t.toolchain_file:
        args = ["-DCMAKE_TOOLCHAIN_FILE=" + t.toolchain_file]
        if t.prefix:
            # The SDK's toolchain file would otherwise prefer $X32_SDK_PREFIX to --sdk.
            args.append("-DX32_SDK_PREFIX=" + t.prefix)
    else:
        # Naming the system makes CMake treat the build as a cross build, which is what
        # makes ctest put the emulator in front of each test (CMake before 3.28).
        args = ["-DCMAKE_SYSTEM_NAME=Linux", "-DCMAKE_SYSTEM_PROCESSOR=x86_64",
                "-DCMAKE_C_COMPILER=" + t.cc[0], "-DCMAKE_CXX_COMPILER=" + t.cxx[0]]
        if t.prefix:
            args += ["-DCMAKE_FIND_ROOT_PATH=" + os.path.join(t.prefix, TRIPLET, "sysroot"),
                     "-DCMAKE_FIND_ROOT_PATH_MODE_PROGRAM=NEVER",
                     "-DCMAKE_FIND_ROOT_PATH_MODE_LIBRARY=ONLY",
                     "-DCMAKE_FIND_ROOT_PATH_MODE_INCLUDE=ONLY",
                     "-DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=ONLY"]
    if t.runner:
        args.append("-DCMAKE_CROSSCOMPILING_EMULATOR=" + t.runner)
        if t.toolchain_file and t.runner_given:
            # A toolchain file that sets the emulator itself shadows the -D above; a file
            # CMake includes right after project() has the last word.
            args.append("-DCMAKE_PROJECT_INCLUDE=" + _emulator_override(t.runner, work_dir))
    return args


def _emulator_override(runner, work_dir):
    path = os.path.join(work_dir, "tools", "use-runner.cmake")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write("# Written by x32-check for --runner: run the x32 tests through this runner.\n"
                "set(CMAKE_CROSSCOMPILING_EMULATOR \"%s\")\n" % runner)
    return path
