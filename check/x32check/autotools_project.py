"""Configure, build and test one side (LP64 or x32) of an autotools project.

Each side builds in its own copy of the source tree: many projects do not support
building outside the source directory, and a tree configured in place refuses a second,
out-of-tree configuration. The x32 side is configured as a cross build
(--host=x86_64-linux-gnux32), so configure does not try to run x32 programs, and
`make check` runs the test programs through the runner (automake's LOG_COMPILER).
"""

import glob
import os
import re
import shutil

from . import test_results
from .side import (clean_environment, is_build_folder, flags, run_logged, start_from_scratch,
                   test_environment)

BUILD_TRIPLET = "x86_64-pc-linux-gnu"

# "PASS: name" lines of the serial test harness and of `make check`'s summary.
_RESULT_LINE = re.compile(r"^(PASS|FAIL|XFAIL|XPASS|SKIP|ERROR): (\S+)")
_STATUS = {"PASS": "passed", "XFAIL": "passed", "FAIL": "failed", "XPASS": "failed",
           "ERROR": "failed", "SKIP": "skipped"}


def _not_copied(directory, names):
    """Version-control data, x32-check work directories (one may sit inside the
    project, and would otherwise be copied into itself) and other build folders."""
    return [n for n in names if n in (".git", ".hg", ".svn")
            or is_build_folder(os.path.join(directory, n))]


def configure_args(cc, cxx, sanitize, host=None):
    """The configure command line's settings for one side. `host`: the x32 triplet for
    the cross side, None for the native one."""
    c, cpp, link = flags(sanitize)
    # Setting CFLAGS replaces configure's default "-g -O2", so -O2 is named here.
    args = ["CC=" + " ".join(cc), "CXX=" + " ".join(cxx),
            "CFLAGS=" + " ".join(["-O2"] + c), "CXXFLAGS=" + " ".join(["-O2"] + cpp),
            "LDFLAGS=" + " ".join(link)]
    if host:
        args = ["--host=" + host, "--build=" + BUILD_TRIPLET] + args
    return args


def _copy_source(side):
    start_from_scratch(side)
    os.rmdir(side.build_dir)
    shutil.copytree(side.original_source, side.build_dir, symlinks=True, ignore=_not_copied)
    # The copy is the tree the compiler sees: report paths relative to it.
    side.source_dir = side.build_dir


def configure_and_build(side, args, options, extra_env=None):
    """args: from configure_args(). True when both steps succeeded; on failure
    side.failed_step says which."""
    _copy_source(side)
    env = clean_environment()
    env.update(extra_env or {})
    tree = side.build_dir
    log = side.log("configure")
    if os.path.exists(os.path.join(tree, "config.status")):
        # Configured in place: its objects would look up to date and print no warnings.
        run_logged(["make", "distclean"], side.log("distclean"), cwd=tree, env=env)
    if not os.path.exists(os.path.join(tree, "configure")):
        if run_logged(["autoreconf", "-fi"], side.log("autoreconf"), cwd=tree, env=env) != 0:
            side.failed_step = "autoreconf"
            return False
    if run_logged(["./configure"] + args, log, cwd=tree, env=env) != 0:
        side.failed_step = "configure"
        return False
    # -k: keep going after a failing unit, so every unit's diagnostics are collected.
    # TESTS= builds the test programs without running them: their diagnostics belong in
    # the build log too. RUNTEST=true does the same for a DejaGnu suite (automake's
    # check-DEJAGNU runs $(RUNTEST)).
    argv = ["make", "-k", "-j", str(options.jobs), "all", "check", "TESTS=", "RUNTEST=true"]
    if run_logged(argv, side.log("build"), cwd=tree, env=env) != 0:
        side.failed_step = "build"
        return False
    return True


def uses_dejagnu(tree):
    """automake writes a check-DEJAGNU target for AUTOMAKE_OPTIONS = dejagnu."""
    try:
        with open(os.path.join(tree, "Makefile"), encoding="utf-8", errors="replace") as f:
            return "check-DEJAGNU:" in f.read()
    except OSError:
        return False


def run_tests(side, options, runner=None, dejagnu_site=None):
    """Run `make check` in the side's tree and fill side.tests; `runner` goes in front of
    every test program (automake's LOG_COMPILER); a DejaGnu suite runs on the SDK's
    x32-run board, found through `dejagnu_site` (its $DEJAGNU file)."""
    argv = side.launch + ["make", "-k", "check"]
    env = test_environment()
    env.update(side.test_env)
    if runner:
        argv.append("LOG_COMPILER=" + runner)
        if dejagnu_site and uses_dejagnu(side.build_dir):
            argv.append("RUNTESTFLAGS=--target_board=x32-run")
            env.update({"DEJAGNU": dejagnu_site, "X32_RUN": runner})
    if side.tag_tests:
        # TESTS_ENVIRONMENT (the user's, automake reserves it for us) runs in the
        # parallel harness's shell for each test, where $log is its .log file. DejaGnu
        # tests get no tag of their own (None): any x32 start in the run counts.
        argv.append("TESTS_ENVIRONMENT=X32_RUN_EVIDENCE_TAG=`pwd -P`/$$log; "
                    "export X32_RUN_EVIDENCE_TAG;")
        tree = os.path.realpath(side.build_dir)
        side.tag_of = lambda name: (None if name.startswith(DEJAGNU_PREFIX)
                                    else os.path.join(tree, name) + ".log")
    run_logged(argv, side.log("test"), cwd=side.build_dir, env=env,
               timeout=options.timeout * 10)
    side.tests_ran = True
    side.tests = ((_trs_results(side.build_dir) + _sum_results(side.build_dir))
                  or _console_results(side.log("test")))


# DejaGnu's .sum files: "PASS: filesize reports 12 bytes". A test is named
# "dejagnu:TOOL: what it says", so that names from .trs files and .sum files never meet.
DEJAGNU_PREFIX = "dejagnu:"
_SUM_LINE = re.compile(r"^(PASS|XFAIL|KFAIL|FAIL|XPASS|KPASS|UNRESOLVED|ERROR|UNSUPPORTED|"
                       r"UNTESTED): (.+)$")
_SUM_STATUS = {"PASS": "passed", "XFAIL": "passed", "KFAIL": "passed",
               "UNSUPPORTED": "skipped", "UNTESTED": "skipped"}


def _sum_results(tree):
    results = []
    for path in sorted(glob.glob(os.path.join(tree, "**", "*.sum"), recursive=True)):
        tool = os.path.basename(path)[:-len(".sum")]
        log = path[:-len(".sum")] + ".log"
        output = ""
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                output = f.read()[-65536:]
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = _SUM_LINE.match(line.rstrip("\n"))
                if m:
                    results.append(test_results.TestResult(
                        "%s%s: %s" % (DEJAGNU_PREFIX, tool, m.group(2)),
                        _SUM_STATUS.get(m.group(1), "failed"), output))
    return results


def _trs_results(tree):
    """The parallel harness writes NAME.trs (':test-result: PASS') and NAME.log."""
    results = []
    for trs in sorted(glob.glob(os.path.join(tree, "**", "*.trs"), recursive=True)):
        try:
            with open(trs, encoding="utf-8", errors="replace") as f:
                words = re.findall(r"^:test-result:\s*(\S+)", f.read(), re.M)
        except OSError:
            continue
        if not words:
            continue
        status = "failed" if any(_STATUS.get(w) == "failed" for w in words) else \
            ("skipped" if all(w == "SKIP" for w in words) else "passed")
        log = trs[:-len(".trs")] + ".log"
        output = ""
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                output = f.read()
        name = os.path.relpath(trs[:-len(".trs")], tree)
        results.append(test_results.TestResult(name, status, output))
    return results


def _console_results(log):
    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    found = {}
    for line in text.splitlines():
        m = _RESULT_LINE.match(line)
        if m:
            found[m.group(2)] = test_results.TestResult(m.group(2), _STATUS[m.group(1)], text)
    return list(found.values())

