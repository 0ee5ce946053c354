"""Configure, build and test one side (LP64 or x32) of an autotools project.

Each side builds in its own copy of the source tree: many projects do not support
building outside the source directory, and a tree configured in place refuses a second,
out-of-tree configuration. The x32 side is configured as a cross build
(--host=x86_64-linux-gnux32), so configure does not try to run x32 programs, and
`make check` runs the test programs through the runner (automake's LOG_COMPILER) and
DejaGnu suites on the x32-run board (dejagnu.py). The build step builds the test
programs without running any suite (build_only.py); a make that failed there is a build
failure only with a compile or link error (build_errors.py).
"""

import glob
import os
import re
import shutil

from . import build_errors, build_only, dejagnu, test_results
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
    # First the project itself: any failure here means it does not build.
    jobs = ["-j", str(options.jobs)]
    build_log = side.log("build")
    if run_logged(["make", "-k"] + jobs + ["all"], build_log, cwd=tree, env=env) != 0:
        side.failed_step = "build"
        return False
    # Then the test programs, whose diagnostics belong in the build log too, with no
    # suite run (build_only.py): each runs once, in the test step. TESTS= and
    # RUNTEST=true stop the suites of Makefiles that pass the command line on; the
    # stand-ins stop the others.
    start = os.path.getsize(build_log)
    with build_only.StandIns(tree, side.log_dir, env):
        status = run_logged(["make", "-k"] + jobs + ["check", "TESTS=", "RUNTEST=true"],
                            build_log, cwd=tree, env=env, append=True)
    if status != 0:
        with open(build_log, encoding="utf-8", errors="replace") as f:
            f.seek(start)
            errors = build_errors.compile_or_link_errors(f.read())
        if errors:
            side.failed_step = "build"
            return False
        # A failure with no compile or link error is not the build's: the suite's
        # results are compared in the test step.
        side.build_notes.append(
            "building the test programs (make check) exited %d with no compile or link "
            "error; not counted as a build failure" % status)
    return True


def host_triplet(tree):
    """The host triplet configure settled on (automake's host_triplet), or None: GCC's
    and libffi's Makefiles build in a directory named after it, which differs between
    the two sides and so must not be part of a test's name."""
    try:
        with open(os.path.join(tree, "Makefile"), encoding="utf-8", errors="replace") as f:
            m = re.search(r"^host_triplet = (\S+)", f.read(), re.M)
    except OSError:
        return None
    return m.group(1) if m else None


def run_tests(side, options, runner=None, dejagnu_site=None):
    """Run `make check` once in the side's tree and fill side.tests. `runner` goes in
    front of every test program (automake's LOG_COMPILER); DejaGnu suites run on the
    x32-run board named by `dejagnu_site` (the $DEJAGNU file, dejagnu.py)."""
    argv = side.launch + ["make", "-k", "check"]
    env = test_environment()
    env.update(side.test_env)
    variables = {}
    if runner:
        variables["LOG_COMPILER"] = runner
    if dejagnu_site:
        env.update({"DEJAGNU": dejagnu_site, "X32_RUN": runner or ""})
    if side.tag_tests:
        # TESTS_ENVIRONMENT (the user's, automake reserves it for us) runs in the
        # parallel harness's shell for each test, where $log is its .log file. DejaGnu
        # tests get no tag of their own (None): any x32 start in the run counts.
        variables["TESTS_ENVIRONMENT"] = ". '%s';" % _tag_script(side.log_dir)
    # On the command line they win over a Makefile's own values; in the environment
    # they also reach the sub-makes that do not pass the command line on.
    argv += ["%s=%s" % kv for kv in sorted(variables.items())]
    env.update(variables)
    run_logged(argv, side.log("test"), cwd=side.build_dir, env=env,
               timeout=options.timeout * 10)
    side.tests_ran = True
    host = host_triplet(side.build_dir)
    trs, tags = _trs_results(side.build_dir, host)
    side.tests = ((trs + dejagnu.results(side.build_dir, host))
                  or _console_results(side.log("test")))
    if side.tag_tests:
        side.tag_of = tags.get


def _tag_script(directory):
    """A script for TESTS_ENVIRONMENT to source. The tag is computed there, not in the
    variable: a make that does not pass its command line on still exports it to its
    sub-makes, expanded once, so a `$$log` in the value would arrive as `$log` and be
    expanded again there."""
    path = os.path.join(directory, "evidence-tag.sh")
    with open(path, "w") as f:
        f.write("# Sourced by automake's parallel harness for each test (x32-check's\n"
                "# TESTS_ENVIRONMENT): the test's evidence tag is its .log file ($log).\n"
                "X32_RUN_EVIDENCE_TAG=`pwd -P`/$log\n"
                "export X32_RUN_EVIDENCE_TAG\n")
    return path


def _trs_results(tree, host=None):
    """The parallel harness writes NAME.trs (':test-result: PASS') and NAME.log.
    Returns the results and {name: the evidence tag of its test (its .log's path)}."""
    results, tags = [], {}
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
        if host:
            name = re.sub(r"(^|/)%s/" % re.escape(host), r"\1{host}/", name)
        tags[name] = os.path.realpath(log)
        results.append(test_results.TestResult(name, status, output))
    return results, tags


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

