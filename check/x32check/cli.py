"""x32-check: build a project natively (LP64) and for x32, run its tests on both, and
report what only x32 shows. Exit status: 0 clean, 1 x32-only problems, 2 usage errors or
a build that failed (the message says which side and where its log is)."""

import argparse
import json
import os
import shutil
import sys
import tempfile
import time

from . import build_errors, cmake_project, drivers, gate, report, result, sdk
from .result import USAGE_ERROR
from .side import Side, mark_workdir


VERSION = "0.1.0"


class Usage(Exception):
    pass


def version_line():
    """x32-check's version and, when it is installed in a built SDK (these helpers in
    PREFIX/share/x32-sdk/check/), that SDK's version, commit and key from
    PREFIX/share/x32-sdk/build-info.json, read now so that a moved prefix still knows."""
    here = os.path.dirname(os.path.abspath(__file__))
    info_path = os.path.join(os.path.dirname(os.path.dirname(here)), "build-info.json")
    try:
        with open(info_path) as f:
            text = f.read()
    except OSError:
        return "x32-check %s (not part of a built SDK)" % VERSION
    try:
        info = json.loads(text)
    except ValueError:
        info = {}
    fields = [str(info.get(k, "unknown")) for k in ("sdk_version", "commit", "key")]
    return "x32-check %s (x32-sdk %s, commit %s, key %s)" % tuple([VERSION] + fields)


def parse_args(argv):
    # "--json" alone means stdout; "--json=FILE" a file. Rewriting the bare form first
    # keeps argparse from taking SOURCE_DIR as the file name.
    argv = ["--json=-" if a == "--json" else a for a in argv]
    p = argparse.ArgumentParser(
        prog="x32-check", description=__doc__.split("\n\n")[0].replace("\n", " "),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("source", metavar="SOURCE_DIR", help="the project (CMakeLists.txt)")
    p.add_argument("--sdk", metavar="PREFIX",
                   help="the x32 SDK (default: $X32_SDK_PREFIX, else the SDK x32-check is "
                        "installed in)")
    p.add_argument("--toolchain", metavar="FILE", help="CMake toolchain file for the x32 side")
    p.add_argument("--x32-cc", metavar="COMPILER",
                   help="x32 C compiler instead of the SDK's GCC (used with x32-check's own "
                        "settings, not the SDK's toolchain file; PREFIX/bin/"
                        "x86_64-linux-gnux32-clang is clang with the SDK's settings). "
                        "When it is a clang, the LP64 side uses the same clang natively")
    p.add_argument("--x32-cxx", metavar="COMPILER",
                   help="x32 C++ compiler (default: the one next to --x32-cc)")
    p.add_argument("--runner", metavar="PROGRAM",
                   help="x32 runner for the x32 tests (default: $X32_RUN, else PREFIX/bin/x32-run)")
    p.add_argument("--workdir", metavar="DIR",
                   help="where the two builds and their logs go (default: a new directory "
                        "under $TMPDIR, kept)")
    p.add_argument("--sanitize", action="store_true",
                   help="build both sides with -fsanitize=address,undefined and report "
                        "sanitizer findings only the x32 test run shows")
    p.add_argument("--layout", metavar="STRUCT", action="append", default=[],
                   help="a struct whose layout must be the same on both ABIs (repeatable)")
    p.add_argument("--no-tests", action="store_true", help="build only, do not run the tests")
    p.add_argument("--require-tests", action="store_true",
                   help="exit 2 when the x32 tests could not run (no working runner), or "
                        "some did not run properly or passed without running x32 code, "
                        "instead of listing them")
    p.add_argument("--build-system", choices=("auto", "cmake", "meson", "autotools"),
                   default="auto", help="default: the first of CMake (CMakeLists.txt), Meson "
                   "(meson.build), autotools (configure or configure.ac) the project has")
    p.add_argument("--report", metavar="FILE.md", help="write a Markdown report")
    p.add_argument("--json", metavar="FILE",
                   help="--json: JSON to stdout (the summary goes to stderr); --json=FILE: to FILE")
    p.add_argument("-D", dest="defines", metavar="VAR=VALUE", action="append", default=[],
                   help="a CMake cache entry for both builds (repeatable)")
    p.add_argument("-j", "--jobs", type=int, default=cpu_count(),
                   help="build jobs (default: the CPUs x32-check may run on, %d here)"
                   % cpu_count())
    p.add_argument("--build-type", default="RelWithDebInfo",
                   help="CMAKE_BUILD_TYPE (default RelWithDebInfo: -O2 -g, where shipped "
                        "bugs live and the optimiser's warnings fire)")
    p.add_argument("--timeout", type=int, default=300, help="seconds per test (default 300)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    p.add_argument("--default-sdk", help=argparse.SUPPRESS)   # set by the launcher
    p.add_argument("--version", action="version", version=version_line(),
                   help="x32-check's version; installed in an SDK, also the SDK's version, "
                        "commit and key")
    gate.add_options(p)
    try:
        o = p.parse_args(argv)
    except SystemExit as e:
        raise Usage() if e.code else e
    o.defines = ["-D" + d for d in o.defines]
    if o.jobs < 1:
        p.error("-j must be at least 1")
    try:
        o.fail_on = gate.parse_specs(o.fail_on)
        o.ignore_class = gate.parse_specs(o.ignore_class)
    except gate.BadSpec as e:
        raise Usage(str(e))
    o.baseline_lines = gate.read_baseline(o.baseline) if o.baseline else None
    return o


def cpu_count():
    """The CPUs this process may run on (its affinity mask, as `nproc` counts them)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def progress(options, text):
    if not options.quiet:
        print("x32-check: " + text, file=sys.stderr, flush=True)


MARKERS = {"cmake": "CMakeLists.txt", "meson": "meson.build", "autotools": "configure.ac"}


def detect_build_system(source, wanted):
    """The build system asked for, else the first of CMake, Meson, autotools present."""
    def has(name):
        if name == "autotools":   # a generated configure will do without its source
            return any(os.path.isfile(os.path.join(source, f))
                       for f in ("configure", "configure.ac", "configure.in"))
        return os.path.isfile(os.path.join(source, MARKERS[name]))
    if wanted != "auto":
        if not has(wanted):
            raise Usage("x32-check: %s has no %s" % (source, MARKERS[wanted]))
        return wanted
    for name in ("cmake", "meson", "autotools"):
        if has(name):
            return name
    raise Usage("x32-check: %s has no CMakeLists.txt, meson.build or configure(.ac)" % source)


def run(options):
    source = os.path.realpath(options.source)
    if not os.path.isdir(source):
        raise Usage("x32-check: %s: no such directory" % options.source)
    system = detect_build_system(source, options.build_system)
    tools_needed = {"cmake": ("cmake", "ctest"), "meson": ("meson", "ninja"),
                    "autotools": ("make",)}[system]
    if system == "autotools" and not os.path.exists(os.path.join(source, "configure")):
        tools_needed += ("autoreconf",)
    for tool in tools_needed + ("gcc", "g++"):
        if not shutil.which(tool):
            raise Usage("x32-check: '%s' is not installed" % tool)

    prefix = options.sdk or os.environ.get("X32_SDK_PREFIX") or options.default_sdk
    # $X32_RUN is taken only when it names a program: test harnesses set it to where the
    # SDK's runner will be, before it exists.
    env_runner = os.environ.get("X32_RUN") or None
    usable_env_runner = env_runner if env_runner and os.access(env_runner, os.X_OK) else None
    runner = options.runner or usable_env_runner
    tools = sdk.find(os.path.realpath(prefix) if prefix else None, options.toolchain, runner,
                     options.x32_cc, options.x32_cxx)
    if options.sanitize and tools.is_clang:
        why = sdk.clang_lacks_x32_sanitizers(tools.cc)
        if why:
            raise Usage("x32-check: --sanitize with clang: %s; drop --sanitize, or check "
                        "with the SDK's GCC (no --x32-cc)" % why)
    if env_runner and not options.runner and not usable_env_runner:
        tools.notes.append("$X32_RUN (%s) is not an executable file; ignored" % env_runner)

    work = options.workdir or tempfile.mkdtemp(prefix="x32-check.")
    work = os.path.realpath(work)
    os.makedirs(work, exist_ok=True)
    mark_workdir(work)

    lp64 = Side("lp64", "LP64", source, work)
    x32 = Side("x32", "x32", source, work)
    driver, lp64_args, x32_args = drivers.prepare(system, tools, options, work)

    error = None
    progress(options, "building LP64 with -j %d (log: %s)" % (options.jobs, lp64.log("build")))
    if not timed(lp64, "build", driver.configure_and_build, lp64, lp64_args, options):
        return finish(options, source, work, tools, lp64, x32, [], [], None,
                      "the LP64 %s failed; the project does not build natively%s"
                      % (lp64.failed_step, where_it_failed(lp64)))
    progress(options, "building x32 (log: %s)" % x32.log("build"))
    if not timed(x32, "build", driver.configure_and_build, x32, x32_args, options):
        error = "the x32 %s failed%s" % (x32.failed_step, where_it_failed(x32))
        if x32.failed_step == "configure":
            return finish(options, source, work, tools, lp64, x32, [], [], None, error)
        error += "; its x32-only errors are listed above"
    for side in (lp64, x32):
        tools.notes.extend("%s: %s" % (side.label, n) for n in side.build_notes)

    x32_compiler = drivers.cached_compiler(x32.build_dir)
    if x32_compiler and x32_compiler not in tools.cc:
        tools.compiler_name = x32_compiler    # the toolchain file's choice
    native_diags = result.collect_diagnostics(lp64)
    x32_diags = result.collect_diagnostics(x32)

    if not options.no_tests:
        progress(options, "running LP64 tests")
        timed(lp64, "tests", driver.run_tests, lp64, options)
        if error:
            x32.tests_why_not = "the x32 build failed"
        elif not (tools.can_run if system != "cmake" else
                  sdk.probe_runner(tools, x32_compiler or tools.cc[0])):
            x32.tests_why_not = tools.why_not_run
        else:
            progress(options, "running x32 tests through %s" % (tools.runner or "the kernel"))
            if system == "cmake" and tools.runner:
                given = cmake_project.give_tests_the_runner(x32.build_dir, tools.runner)
                if given:
                    tools.notes.append("%d test(s) name their program by path, not by target "
                                       "(e.g. $<TARGET_FILE:...>), which ctest runs without "
                                       "the emulator; x32-check put the runner in front"
                                       % given)
            prepare_x32_test_run(tools, x32)
            if x32.launch:
                progress(options, "x32 tests run inside x32-run --tree (%s)" % tools.tree)
            timed(x32, "tests", driver.run_tests, x32, options)
    else:
        x32.tests_why_not = "--no-tests"

    if options.require_tests and not error and not x32.tests_ran:
        error = "the x32 tests could not run (--require-tests): " + x32.tests_why_not
    layouts = result.check_layouts(options, source, lp64, x32)
    return finish(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts,
                  error)


def timed(side, step, function, *args):
    """function(*args), its wall time added to side.seconds[step]."""
    start = time.monotonic()
    try:
        return function(*args)
    finally:
        side.seconds[step] = round(side.seconds.get(step, 0) + time.monotonic() - start, 1)


def where_it_failed(side):
    """': FIRST ERROR (log: LOG)' for the message of a failed step."""
    log = side.log(side.failed_step)
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            first = build_errors.first_error(f.read())
    except OSError:
        first = ""
    return "%s (log: %s)" % (": " + first if first else "", log)


def prepare_x32_test_run(tools, side):
    """Every x32 start leaves evidence (X32_RUN_EVIDENCE), tagged per test; and the
    tests run inside `x32-run --tree`, so that x32 programs a test starts itself (a
    script, a driver, `add_test(NAME ./prog)`) run under x32-run too."""
    side.evidence_dir = os.path.join(side.log_dir, "x32-run-evidence")
    shutil.rmtree(side.evidence_dir, ignore_errors=True)
    os.makedirs(side.evidence_dir)
    side.test_env["X32_RUN_EVIDENCE"] = side.evidence_dir
    side.tag_tests = True
    if sdk.probe_tree(tools) in ("binfmt", "preload"):
        side.launch = [tools.runner, "--tree", "--"]


def finish(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts, error):
    r = result.build(options, source, work, tools, lp64, x32, native_diags, x32_diags,
                     layouts, error)
    text = report.terminal(r)
    json_to_stdout = options.json == "-"
    (sys.stderr if json_to_stdout else sys.stdout).write(text)
    if options.report:
        with open(options.report, "w") as f:
            f.write(report.markdown(r))
    if options.json:
        if json_to_stdout:
            sys.stdout.write(report.as_json(r))
        else:
            with open(options.json, "w") as f:
                f.write(report.as_json(r))
    if r["layout"]["why_not"]:
        # Said on stderr too: a summary that reads "clean" must not hide an unchecked part.
        print("x32-check: warning: struct layouts NOT CHECKED: " + r["layout"]["why_not"],
              file=sys.stderr)
    if r["error"]:
        print("x32-check: " + r["error"], file=sys.stderr)
    return r["exit_code"]


def main(argv=None):
    try:
        options = parse_args(sys.argv[1:] if argv is None else argv)
        return run(options)
    except Usage as e:
        if e.args:
            print(e.args[0], file=sys.stderr)
        return USAGE_ERROR
    except SystemExit as e:
        # sdk.find() raises SystemExit("message") when no x32 compiler works at all.
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            return USAGE_ERROR
        raise
    except KeyboardInterrupt:
        return 130
