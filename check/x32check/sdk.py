"""Find the x32 side's tools: the SDK's compilers, its CMake toolchain file and x32-run,
with Debian's 'gcc -mx32' as the fallback compiler while no SDK is built.

Every choice that is not the SDK's own is recorded in `notes`, so the report says what
the x32 build really used.
"""

import os
import re
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
        # The LP64 side's compilers: the host's gcc/g++, or the native clang/clang++ when
        # the x32 compiler is a clang, so both sides print the same compiler's warnings.
        self.lp64_cc = "gcc"
        self.lp64_cxx = "g++"
        self.sdk_compiler = None   # "clang" when --x32-cc is the SDK's own clang wrapper
        self.is_clang = False      # the x32 compiler (and so the LP64 twin) is a clang
        self.toolchain_file = None
        self.runner = None        # path of x32-run, or None for direct execution
        self.runner_given = False  # named by --runner or $X32_RUN, not found in the SDK
        self.can_run = False
        self.why_not_run = ""
        self.tree = None           # x32-run --tree's mechanism here: binfmt, preload, kernel
        self.tree_why = ""         # or why there is none
        self.tree_changes = ""     # what the tree changes for this user (--probe's words)
        self.notes = []


def _executable(path):
    return path and os.path.isfile(path) and os.access(path, os.X_OK)


def _compiles(cc, tmp):
    src = os.path.join(tmp, "hello.c")
    exe = os.path.join(tmp, "hello")
    with open(src, "w") as f:
        f.write(_HELLO)
    try:
        r = subprocess.run(cc + [src, "-o", exe], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True)
    except OSError as e:     # no such compiler
        return None, str(e)
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


def find(prefix, toolchain, runner, cc=None, cxx=None):
    """Resolve the x32 tools. `prefix` may be None or a path that does not exist yet;
    `cc`/`cxx` name compilers to use instead of the SDK's (e.g. Debian's
    x86_64-linux-gnux32-gcc package)."""
    t = X32Tools()
    sdk_cc = os.path.join(prefix, "bin", TRIPLET + "-gcc") if prefix else None
    # build.sh writes build-info.json last: without it the compiler may still lack its
    # libraries, and the SDK's toolchain file refuses the prefix.
    complete = bool(prefix) and os.path.isfile(os.path.join(prefix, BUILD_INFO))
    with tempfile.TemporaryDirectory(prefix="x32-check-probe.") as tmp:
        if cc:
            t.cc = [os.path.abspath(cc) if os.sep in cc else cc]
            t.cxx = [os.path.abspath(cxx) if cxx and os.sep in cxx else cxx or _cxx_for(t.cc[0])]
            built, why = _compiles(t.cc, tmp)
            if built is None:
                raise SystemExit("x32-check: --x32-cc %s cannot build a program (%s)" % (cc, why))
            sdk_clang = os.path.join(prefix, "bin", TRIPLET + "-clang") if prefix else None
            if complete and not cxx and _same_file(shutil.which(t.cc[0]), sdk_clang):
                # The SDK's own clang: its toolchain file, config.site and sysroot apply.
                t.prefix, t.sdk_compiler = prefix, "clang"
                t.notes.append("x32 compilers: the SDK's clang wrappers (%s)" % t.cc[0])
            else:
                t.notes.append("x32 compilers from --x32-cc/--x32-cxx: %s, %s" % (t.cc[0], t.cxx[0]))
            twin = _native_clang(t.cc)
            if twin:
                t.is_clang = True
                t.lp64_cc, t.lp64_cxx = twin
                t.notes.append("the x32 compiler is clang: the LP64 side uses the same clang "
                               "natively (%s, %s)" % twin)
        else:
            why_not_sdk = None
            if not _executable(sdk_cc):
                why_not_sdk = "no SDK compiler at %s" % (sdk_cc or "(no SDK prefix)")
            elif not complete:
                why_not_sdk = "the SDK at %s is not completely built (no %s)" % (prefix, BUILD_INFO)
            else:
                built, why = _compiles([sdk_cc], tmp)
                if built is None:
                    why_not_sdk = "the SDK compiler %s cannot build a program (%s)" % (sdk_cc, why)
            if why_not_sdk is None:
                t.prefix = prefix
                t.cc = [sdk_cc]
                t.cxx = [os.path.join(prefix, "bin", TRIPLET + "-g++")]
            else:
                # Debian's gcc -mx32 (gcc-multilib, libc6-dev-x32); with a --toolchain file
                # it is only a name, the file brings its own compiler.
                t.cc, t.cxx = ["gcc", "-mx32"], ["g++", "-mx32"]
                if not toolchain:
                    t.notes.append(why_not_sdk + "; using Debian's gcc -mx32")
                    built, why = _compiles(t.cc, tmp)
                    if built is None:
                        raise SystemExit(
                            "x32-check: no working x32 compiler: %s, and 'gcc -mx32' fails "
                            "(%s); build the SDK or install gcc-multilib and libc6-dev-x32"
                            % (why_not_sdk, why))

    if toolchain:
        t.toolchain_file = os.path.abspath(toolchain)
        if not os.path.isfile(t.toolchain_file):
            raise SystemExit("x32-check: --toolchain %s: no such file" % toolchain)
    elif t.prefix:
        candidate = os.path.join(t.prefix, TOOLCHAIN_FILE)
        if os.path.isfile(candidate):
            t.toolchain_file = candidate
        else:
            t.notes.append("the SDK has no CMake toolchain file (%s); using x32-check's own "
                           "settings" % candidate)

    # The SDK's runner serves whatever compiler built the programs.
    t.runner_given = bool(runner)
    if runner:
        # Absolute: the tests run from the build directory.
        t.runner = os.path.abspath(runner) if os.sep in runner else shutil.which(runner) or runner
    elif prefix and _executable(os.path.join(prefix, "bin", "x32-run")):
        t.runner = os.path.join(prefix, "bin", "x32-run")
    return t


def _same_file(a, b):
    return bool(a and b) and os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)


def _native_clang(cc):
    """(clang, clang++) of the installation behind `cc` when it is a clang (a wrapper
    such as the SDK's x86_64-linux-gnux32-clang included: clang names its InstalledDir),
    else None. The LP64 build then uses the same clang, so a warning only one compiler
    knows never looks like an x32 finding."""
    try:
        out = subprocess.run(cc + ["--version"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True).stdout
    except OSError:
        return None
    m = re.search(r"^InstalledDir: (.+)$", out, re.M)
    if "clang version" not in out or not m:
        return None
    # /usr/bin/clang may be another version than the clang-16 a wrapper ran: the
    # versioned names first.
    v = re.search(r"clang version (\d+)", out)
    names = ([("clang-" + v.group(1), "clang++-" + v.group(1))] if v else []) + [("clang", "clang++")]
    for names_pair in names:
        pair = tuple(os.path.join(m.group(1).strip(), c) for c in names_pair)
        if all(_executable(p) for p in pair):
            return pair
    return None


def clang_lacks_x32_sanitizers(cc):
    """Why `cc` (a clang) cannot build x32 ASan/UBSan programs, or "" when it can:
    compiler-rt's x32 runtimes are missing from Debian's clang packages."""
    try:
        res = subprocess.run(cc + ["-print-resource-dir"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True).stdout.strip()
    except OSError as e:
        return str(e)
    missing = [n for n in ("asan", "ubsan_standalone")
               if not os.path.isfile(os.path.join(res, "lib", "linux",
                                                  "libclang_rt.%s-x32.a" % n))]
    return ("clang's compiler-rt has no x32 %s runtime (in %s/lib/linux)"
            % (" or ".join(missing), res)) if missing else ""


def _cxx_for(cc):
    """The C++ compiler next to a C compiler: .../x86_64-linux-gnux32-gcc -> ...-g++."""
    head, name = os.path.split(cc)
    for c, cxx in (("gcc", "g++"), ("cc", "c++"), ("clang", "clang++")):
        if name.endswith(c):
            return os.path.join(head, name[:-len(c)] + cxx)
    return cc


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


def probe_tree(t):
    """Which mechanism `x32-run --tree` uses on this host (its --probe says): with one,
    the x32 tests run inside a tree, so that programs a test starts itself (scripts,
    drivers, `add_test(NAME ./prog)`) run under x32-run too.  x32-run's own default is
    the mechanism that changes no ids for the user it runs as (issue 35); what the
    tree changes, in --probe's words, goes into the report."""
    if not t.runner or not _executable(t.runner):
        t.tree_why = "no runner"
        return None
    try:
        out = subprocess.run([t.runner, "--probe"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired) as e:
        t.tree_why = str(e)
        return None
    m = re.search(r"^tree mechanism: (\w+)(?: \((.*)\))?", out, re.M)
    if not m:
        t.tree_why = "%s has no --tree (an older x32-run)" % t.runner
    elif m.group(1) == "none":
        t.tree_why = m.group(2) or "no mechanism works here"
    else:
        t.tree = m.group(1)
        changes = re.search(r"^tree changes: (.*)", out, re.M)
        t.tree_changes = changes.group(1) if changes else ""
    if t.tree_changes.startswith("ids"):
        # Only when forced (X32_RUN_TREE_WITH=binfmt) or preload is missing: ownership
        # and privilege tests may then fail on x32 because of the tree, not of x32.
        t.notes.append("x32-run --tree (%s) changes %s: a test that checks owners or id "
                       "errors may fail only on x32 because of the tree"
                       % (t.tree, t.tree_changes))
    if not t.tree:
        t.notes.append("x32 tests run without x32-run --tree (%s): programs a test starts "
                       "itself cannot run, and are reported as not run" % t.tree_why)
    return t.tree


def cmake_settings(t, work_dir):
    """The -D options that make a CMake build an x32 build."""
    if t.toolchain_file:
        args = ["-DCMAKE_TOOLCHAIN_FILE=" + t.toolchain_file]
        if t.prefix:
            # The SDK's toolchain file would otherwise prefer $X32_SDK_PREFIX to --sdk.
            args.append("-DX32_SDK_PREFIX=" + t.prefix)
            # ... and $X32_SDK_COMPILER to the compiler this check was given.
            args.append("-DX32_SDK_COMPILER=" + (t.sdk_compiler or "gcc"))
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
