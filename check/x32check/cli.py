"""x32-check: build a project natively (LP64) and for x32, run its tests on both, and
report what only x32 shows. Exit status: 0 clean, 1 x32-only problems, 2 usage errors or
a build that failed (the message says which side and where its log is)."""

import argparse
import glob
import json
import re
import os
import shutil
import sys
import tempfile

from . import asm_lines, autotools_project, classes, cmake_project, diagnostics, layout
from . import hints, meson_project, report, sdk
from . import sanitizers, test_results
from .side import Side, last_word_launcher

USAGE_ERROR = 2


class Usage(Exception):
    pass


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
                   help="x32 C compiler instead of the SDK's (used with x32-check's own "
                        "settings, not the SDK's toolchain file)")
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
                   help="exit 2 when the x32 tests could not run (no working runner), "
                        "instead of reporting them as not run")
    p.add_argument("--build-system", choices=("auto", "cmake", "meson", "autotools"),
                   default="auto", help="default: the first of CMake (CMakeLists.txt), Meson "
                   "(meson.build), autotools (configure or configure.ac) the project has")
    p.add_argument("--report", metavar="FILE.md", help="write a Markdown report")
    p.add_argument("--json", metavar="FILE",
                   help="--json: JSON to stdout (the summary goes to stderr); --json=FILE: to FILE")
    p.add_argument("-D", dest="defines", metavar="VAR=VALUE", action="append", default=[],
                   help="a CMake cache entry for both builds (repeatable)")
    p.add_argument("-j", "--jobs", type=int, default=1, help="build jobs (default 1)")
    p.add_argument("--build-type", default="RelWithDebInfo",
                   help="CMAKE_BUILD_TYPE (default RelWithDebInfo: -O2 -g, where shipped "
                        "bugs live and the optimiser's warnings fire)")
    p.add_argument("--timeout", type=int, default=300, help="seconds per test (default 300)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    p.add_argument("--default-sdk", help=argparse.SUPPRESS)   # set by the launcher
    try:
        o = p.parse_args(argv)
    except SystemExit as e:
        raise Usage() if e.code else e
    o.defines = ["-D" + d for d in o.defines]
    if o.jobs < 1:
        p.error("-j must be at least 1")
    return o


def progress(options, text):
    if not options.quiet:
        print("x32-check: " + text, file=sys.stderr, flush=True)


def write_wrapper(path, compiler, flag):
    """A one-line compiler that always adds `flag`, so that no project setting of
    CMAKE_C_FLAGS can drop it (this is what Debian's gcc -mx32 needs)."""
    with open(path, "w") as f:
        f.write('#!/bin/sh\nexec %s %s "$@"\n' % (compiler, flag))
    os.chmod(path, 0o755)
    return path


MARKERS = {"cmake": "CMakeLists.txt", "meson": "meson.build", "autotools": "configure.ac"}


def detect_build_system(source, wanted):
    """'cmake' or 'meson': the one asked for, else CMake when the project has both."""
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


class autotools_driver:
    """autotools_project with the interface of the other drivers: the x32 side gets the
    SDK's config.site and pkg-config, and its tests the runner."""

    def __init__(self, tools, options):
        self.tools = tools
        self.x32_env = {}
        if options.defines:
            tools.notes.append("-D options are for CMake and Meson; ignored for autotools")
        if options.toolchain:
            tools.notes.append("--toolchain is a CMake option; ignored for autotools")
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
        autotools_project.run_tests(side, options, runner)


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


def objects_of(build_dir):
    """Object files of a build, from its compile_commands.json."""
    try:
        with open(os.path.join(build_dir, "compile_commands.json")) as f:
            entries = json.load(f)
    except (OSError, ValueError):
        # No compilation database (autotools): every object in the tree.
        return sorted(glob.glob(os.path.join(build_dir, "**", "*.o"), recursive=True))
    result = []
    for e in entries:
        out = e.get("output") or asm_lines._output_of(asm_lines._argv_of(e))
        if out:
            path = os.path.join(e.get("directory", build_dir), out)
            if os.path.exists(path):
                result.append(path)
    return result


def diag_dict(d, cls):
    return {"file": d.file, "line": d.line, "column": d.column, "kind": d.kind,
            "option": d.option, "message": d.message, "class": cls,
            "class_title": classes.title(cls)}


def collect_diagnostics(side):
    with open(side.log("build"), encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = diagnostics.parse_log(text, side.source_dir, side.build_dir)

    def norm(path):
        return diagnostics.normalise_path(path, side.source_dir, side.build_dir)
    return asm_lines.locate(found, side.build_dir, norm)


def check_layouts(options, source, lp64, x32):
    result = {"checked": [], "differences": [], "not_found": [], "why_not": ""}
    wanted = layout.discover(source, options.layout)
    if not wanted:
        return result
    pahole = shutil.which("pahole")
    if not pahole:
        result["why_not"] = ("%d struct(s) to compare, but pahole is not installed "
                             "(apt-get install dwarves)" % len(wanted))
        return result
    names = [w.name for w in wanted]
    native = layout.pahole_layouts(pahole, objects_of(lp64.build_dir), names)
    ours = layout.pahole_layouts(pahole, objects_of(x32.build_dir), names)
    for w in wanted:
        if w.name not in native or w.name not in ours:
            # Heuristic finds (a sizeof of something that is not a struct) are dropped
            # quietly; a struct the user named is reported as not found.
            if w.file == "":
                result["not_found"].append(w.name)
            continue
        result["checked"].append(w.name)
        details = layout.differences(native[w.name], ours[w.name])
        if details:
            file_, line = layout.definition_site(source, w.name)
            if w.file and w.why.startswith("marked"):
                file_, line = w.file, w.line
            result["differences"].append({
                "struct": w.name, "why": w.why + (" at %s:%d" % (w.file, w.line)
                                                  if w.file and not w.why.startswith("marked")
                                                  else ""),
                "file": file_ or "?", "line": line, "class": 16, "details": details})
    return result


def sanitizer_findings(side):
    def norm(path):
        return diagnostics.normalise_path(path, side.source_dir, side.build_dir)
    found = []
    for t in side.tests:
        found.extend(sanitizers.parse(t.output, t.name, norm))
    return found


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
    runner = options.runner or os.environ.get("X32_RUN") or None
    tools = sdk.find(os.path.realpath(prefix) if prefix else None, options.toolchain, runner,
                     options.x32_cc, options.x32_cxx)

    work = options.workdir or tempfile.mkdtemp(prefix="x32-check.")
    work = os.path.realpath(work)
    os.makedirs(work, exist_ok=True)

    lp64 = Side("lp64", "LP64", source, work)
    x32 = Side("x32", "x32", source, work)
    wrappers = os.path.join(work, "tools")
    os.makedirs(wrappers, exist_ok=True)
    tools.compiler_name = " ".join(tools.cc)
    if not tools.toolchain_file and len(tools.cc) > 1:
        # Debian's gcc -mx32: wrap it so the flag is part of the compiler.
        tools.cc = [write_wrapper(os.path.join(wrappers, "x32-gcc"), "gcc", "-mx32")]
        tools.cxx = [write_wrapper(os.path.join(wrappers, "x32-g++"), "g++", "-mx32")]
    if system == "cmake":
        driver = cmake_project
        launcher = last_word_launcher(wrappers)
        both = ["-DCMAKE_C_COMPILER_LAUNCHER=" + launcher,
                "-DCMAKE_CXX_COMPILER_LAUNCHER=" + launcher]
        lp64_args = ["-DCMAKE_C_COMPILER=" + shutil.which("gcc"),
                     "-DCMAKE_CXX_COMPILER=" + shutil.which("g++")] + both
        x32_args = sdk.cmake_settings(tools, work) + both
    elif system == "autotools":
        driver = autotools_driver(tools, options)
        lp64_args = autotools_project.configure_args([shutil.which("gcc")],
                                                     [shutil.which("g++")], options.sanitize)
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
            os.path.join(wrappers, "lp64-native.ini"), [shutil.which("gcc")],
            [shutil.which("g++")], options.sanitize)]
        sysroot = os.path.join(tools.prefix, sdk.TRIPLET, "sysroot") if tools.prefix else None
        x32_args = ["--cross-file", meson_project.machine_file(
            os.path.join(wrappers, "x32-cross.ini"), tools.cc, tools.cxx, options.sanitize,
            cross={"runner": tools.runner if runs else None, "sysroot": sysroot})]

    error = None
    progress(options, "building LP64 (log: %s)" % lp64.log("build"))
    if not driver.configure_and_build(lp64, lp64_args, options):
        return finish(options, source, work, tools, lp64, x32, [], [], None,
                      "the LP64 %s failed; the project does not build natively (log: %s)"
                      % (lp64.failed_step, lp64.log(lp64.failed_step)))
    progress(options, "building x32 (log: %s)" % x32.log("build"))
    if not driver.configure_and_build(x32, x32_args, options):
        error = ("the x32 %s failed (log: %s)" % (x32.failed_step, x32.log(x32.failed_step)))
        if x32.failed_step == "configure":
            return finish(options, source, work, tools, lp64, x32, [], [], None, error)
        error += "; its x32-only errors are listed above"

    x32_compiler = cached_compiler(x32.build_dir)
    if x32_compiler and x32_compiler not in tools.cc:
        tools.compiler_name = x32_compiler    # the toolchain file's choice
    native_diags = collect_diagnostics(lp64)
    x32_diags = collect_diagnostics(x32)

    if not options.no_tests:
        progress(options, "running LP64 tests")
        driver.run_tests(lp64, options)
        if error:
            x32.tests_why_not = "the x32 build failed"
        elif not (tools.can_run if system != "cmake" else
                  sdk.probe_runner(tools, x32_compiler or tools.cc[0])):
            x32.tests_why_not = tools.why_not_run
        else:
            progress(options, "running x32 tests through %s" % (tools.runner or "the kernel"))
            driver.run_tests(x32, options)
    else:
        x32.tests_why_not = "--no-tests"

    if options.require_tests and not error and not x32.tests_ran:
        error = "the x32 tests could not run (--require-tests): " + x32.tests_why_not
    layouts = check_layouts(options, source, lp64, x32)
    return finish(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts,
                  error)


def finish(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts, error):
    r = build_result(options, source, work, tools, lp64, x32, native_diags, x32_diags,
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
    if error:
        print("x32-check: " + error, file=sys.stderr)
    return r["exit_code"]


def first_errors(side, count=5):
    """The first lines of a failed step's log that say 'error' (none if nothing failed)."""
    if not side.failed_step:
        return []
    try:
        with open(side.log(side.failed_step), encoding="utf-8", errors="replace") as f:
            lines = [l.rstrip() for l in f if re.search(r"\berror\b", l, re.I)]
    except OSError:
        return []
    return [l[:200] for l in lines[:count]]


def build_result(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts,
                 error):
    x32_only = diagnostics.difference(x32_diags, native_diags)
    lp64_only = diagnostics.difference(native_diags, x32_diags)
    sanitize_x32 = sanitizer_findings(x32) if options.sanitize else []
    sanitize_lp64 = sanitizer_findings(lp64) if options.sanitize else []
    san_only = sanitizers.difference(sanitize_x32, sanitize_lp64)
    fails = test_results.x32_only_failures(lp64.tests, x32.tests) if x32.tests_ran else []
    layouts = layouts or {"checked": [], "differences": [], "not_found": [], "why_not": ""}
    found_hints = hints.scan(source) if not error or lp64.failed_step is None else []

    problems = bool(x32_only or fails or san_only or layouts["differences"])
    exit_code = USAGE_ERROR if error else (1 if problems else 0)
    status = "error" if error else ("x32-only problems" if problems else "clean")
    return {
        "tool": "x32-check", "format": 1, "source": source, "workdir": work,
        "status": status, "exit_code": exit_code, "error": error,
        "error_excerpt": first_errors(lp64 if lp64.failed_step else x32),
        "x32_toolchain": {"prefix": tools.prefix, "compiler": tools.compiler_name,
                          "toolchain_file": tools.toolchain_file, "runner": tools.runner,
                          "runner_works": tools.can_run, "notes": tools.notes},
        "builds": {s.name: {"ok": s.failed_step is None, "failed_step": s.failed_step,
                            "build_dir": s.build_dir,
                            "logs": {k: s.log(k) for k in ("configure", "build", "test")
                                     if os.path.exists(s.log(k))}}
                   for s in (lp64, x32)},
        "diagnostics": {
            "x32_only": [diag_dict(d, classes.classify(d.option, d.message)) for d in x32_only],
            "lp64_only": [diag_dict(d, 22) for d in lp64_only],
            "counts": {"lp64": len(native_diags), "x32": len(x32_diags)}},
        "tests": {"lp64_ran": lp64.tests_ran, "x32_ran": x32.tests_ran,
                  "why_not": x32.tests_why_not,
                  "lp64": test_results.summary(lp64.tests),
                  "x32": test_results.summary(x32.tests),
                  "x32_only_failures": [{"name": t.name, "output": t.output} for t in fails],
                  "lp64_only_failures": [t.name for t in test_results.lp64_only_failures(
                      lp64.tests, x32.tests)] if x32.tests_ran else []},
        "sanitizers": {"enabled": options.sanitize,
                       "x32_only": [f._asdict() for f in san_only],
                       "lp64": [f._asdict() for f in sanitize_lp64]},
        "layout": layouts,
        "hints": [{"file": h.file, "line": h.line, "class": h.cls,
                   "class_title": classes.title(h.cls), "text": h.text} for h in found_hints],
    }


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
