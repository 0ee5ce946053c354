"""x32-check's handling of test outcomes and build failures on canned input (issue 50):
DejaGnu .sum/.log files as tests, the side-by-side comparison (native failures are the
baseline), what counts as "does not build", and the build step's stand-in harnesses.
One PASS/FAIL line per case, the protocol of tests/lib.sh.

    python3 units_outcomes.py CHECK_DIR      CHECK_DIR holds the x32check package
"""

import os
import shutil
import subprocess
import sys
import tempfile

from unit_harness import case, run

sys.path.insert(0, sys.argv[1])
from x32check import build_errors, build_only, dejagnu, diagnostics, test_results  # noqa: E402

T = test_results.TestResult

SUM = """\
Running ../testsuite/ffi.call/call.exp ...
PASS: call.c -O0 execution test
WARNING: program timed out.
FAIL: call.c -O2 execution test
UNRESOLVED: big.c -O2 compilation failed to produce executable
UNSUPPORTED: variadic calls
PASS: repeat
PASS: repeat
ERROR: tcl error sourcing ../testsuite/ffi.call/broken.exp.
XFAIL: known bad
\t\t=== ffi Summary ===
# of expected passes\t\t3
"""
LOG = """\
Test run by root
Executing on host: gcc call.c -O0
PASS: call.c -O0 execution test
spawn ./call-O2
WARNING: program timed out.
FAIL: call.c -O2 execution test
gcc: error: big.c: No such file
UNRESOLVED: big.c -O2 compilation failed to produce executable
UNSUPPORTED: variadic calls
PASS: repeat
PASS: repeat
ERROR: tcl error sourcing ../testsuite/ffi.call/broken.exp.
XFAIL: known bad
"""


@case
def dejagnu_sum_lines_are_tests():
    got = dejagnu.parse_sum(SUM, LOG, "ffi")
    assert [(t.name, t.status, t.outcome, t.timed_out) for t in got] == [
        ("dejagnu:ffi: call.c -O0 execution test", "passed", "PASS", False),
        ("dejagnu:ffi: call.c -O2 execution test", "failed", "FAIL", True),
        ("dejagnu:ffi: big.c -O2 compilation failed to produce executable", "unresolved",
         "UNRESOLVED", False),
        ("dejagnu:ffi: variadic calls", "skipped", "UNSUPPORTED", False),
        ("dejagnu:ffi: repeat", "passed", "PASS", False),
        ("dejagnu:ffi: repeat (#2)", "passed", "PASS", False),
        ("dejagnu:ffi: tcl error sourcing ../testsuite/ffi.call/broken.exp.", "unresolved",
         "ERROR", False),
        ("dejagnu:ffi: known bad", "passed", "XFAIL", False)], got


@case
def dejagnu_test_output_is_its_own_part_of_the_log():
    got = {t.name: t.output for t in dejagnu.parse_sum(SUM, LOG, "ffi")}
    o2 = got["dejagnu:ffi: call.c -O2 execution test"]
    assert o2 == "spawn ./call-O2\nWARNING: program timed out.\nFAIL: call.c -O2 execution test", o2
    assert "gcc: error: big.c" in got["dejagnu:ffi: big.c -O2 compilation failed to produce executable"]
    assert got["dejagnu:ffi: repeat (#2)"] == "PASS: repeat"
    # Without a .log, no output rather than someone else's.
    assert all(t.output == "" for t in dejagnu.parse_sum(SUM, "", "ffi"))


@case
def dejagnu_names_lose_the_sides_paths():
    tmp = tempfile.mkdtemp()
    try:
        host = os.path.join(tmp, "x86_64-pc-linux-gnux32")
        os.makedirs(host)
        with open(os.path.join(host, "ffi.sum"), "w") as f:
            f.write("FAIL: %s/x86_64-pc-linux-gnux32/call-O2 execution test\n" % tmp)
        os.makedirs(os.path.join(tmp, "testsuite", "ffi.sum"))   # a folder, not a result
        got = [t.name for t in dejagnu.results(tmp, "x86_64-pc-linux-gnux32")]
        assert got == ["dejagnu:ffi: {host}/call-O2 execution test"], got
    finally:
        shutil.rmtree(tmp)


@case
def native_failures_are_the_baseline():
    lp64 = [T("same", "passed", ""), T("both", "failed", ""), T("x32bad", "passed", ""),
            T("x32good", "failed", ""), T("unres", "passed", ""), T("skip", "skipped", ""),
            T("both-unres", "unresolved", "", "UNRESOLVED")]
    x32 = [T("same", "passed", ""), T("both", "failed", "", "FAIL", True),
           T("x32bad", "failed", ""), T("x32good", "passed", ""),
           T("unres", "unresolved", "", "UNRESOLVED"), T("skip", "failed", ""),
           T("only-x32", "failed", ""), T("both-unres", "failed", "")]
    assert [t.name for t in test_results.x32_only_failures(lp64, x32)] == \
        ["x32bad", "unres", "skip", "only-x32"]
    assert [(n.name, x.name) for n, x in test_results.failing_on_both(lp64, x32)] == \
        [("both", "both"), ("both-unres", "both-unres")]
    assert [x.name for _, x in test_results.passing_only_on_x32(lp64, x32)] == ["x32good"]
    assert test_results.outcome_word(x32[1]) == "FAIL, timed out"


@case
def summary_counts_every_outcome():
    got = test_results.summary(dejagnu.parse_sum(SUM, LOG, "ffi"))
    assert got == {"passed": 4, "failed": 1, "skipped": 1, "unresolved": 2,
                   "unsupported": 1, "timed_out": 1}, got


@case
def a_failed_test_run_is_not_a_build_failure():
    suite = "\n".join([
        "Running ../testsuite/ffi.call/call.exp ...",
        "FAIL: doubles.c -O2 execution test",
        "ERROR: could not compile testglue",
        "# of unexpected failures\t2",
        "make[3]: *** [Makefile:667: check-DEJAGNU] Error 1",
        "make[1]: *** [Makefile:506: check-am] Error 2"])
    assert build_errors.compile_or_link_errors(suite) == []
    assert build_errors.first_error(suite) == "ERROR: could not compile testglue"


@case
def compile_and_link_errors_are_build_failures():
    log = "\n".join([
        "gcc -Wno-error -c -o a.o a.c",
        "a.c:2:27: error: 'missing' undeclared (first use in this function)",
        "/usr/bin/ld: a.o: in function `main':",
        "a.c:(.text+0x9): undefined reference to `gone'",
        "collect2: error: ld returned 1 exit status",
        "/usr/bin/ld: cannot find -lnothere: No such file or directory",
        "/tmp/ccAb12.s:27: Error: incorrect register `%edi' used with `q' suffix",
        "x86_64-linux-gnux32-gcc: error: b.c: No such file or directory",
        "make: *** No rule to make target 'c.c', needed by 'c.o'.  Stop."])
    got = build_errors.compile_or_link_errors(log)
    assert len(got) == 7 and got[0].startswith("a.c:2:27"), got
    assert build_errors.first_error(log).startswith("a.c:2:27: error: 'missing'")
    cmake = "CMake Error at CMakeLists.txt:6 (message):\n  only 64-bit targets are supported\n"
    assert build_errors.first_error(cmake) == \
        "CMake Error at CMakeLists.txt:6 (message): only 64-bit targets are supported"


@case
def relative_diagnostics_follow_make_into_subdirectories():
    log = "\n".join([
        "make[1]: Entering directory '/w/x32/build/x86_64-pc-linux-gnux32'",
        "../src/prep.c:12:5: warning: unused variable 'x' [-Wunused-variable]",
        "make[1]: Leaving directory '/w/x32/build/x86_64-pc-linux-gnux32'",
        "src/top.c:3:1: warning: unused variable 'y' [-Wunused-variable]"])
    got = [d.file for d in diagnostics.parse_log(log, "/w/x32/build", "/w/x32/build")]
    assert got == ["src/prep.c", "src/top.c"], got


@case
def build_step_stand_ins_run_no_suite_and_leave_nothing():
    tmp = tempfile.mkdtemp()
    try:
        tree, scratch = os.path.join(tmp, "tree"), os.path.join(tmp, "scratch")
        os.makedirs(os.path.join(tree, "build-aux"))
        os.makedirs(scratch)
        driver = os.path.join(tree, "build-aux", "test-driver")
        with open(driver, "w") as f:
            f.write("#!/bin/sh\necho the real driver\n")
        target = os.path.join(tmp, "automake-tap-driver.sh")       # automake's own file
        with open(target, "w") as f:
            f.write("#!/bin/sh\necho the real tap driver\n")
        tap = os.path.join(tree, "build-aux", "tap-driver.sh")
        os.symlink(target, tap)
        env = {"PATH": "/usr/bin:/bin"}
        with build_only.StandIns(tree, scratch, env):
            runtest = subprocess.run(["sh", "-c", "runtest --version && command -v runtest"],
                                     env=env, stdout=subprocess.PIPE, universal_newlines=True)
            assert runtest.returncode == 0 and runtest.stdout.strip().endswith(
                os.path.join(scratch, "build-only-bin", "runtest")), runtest.stdout
            ran = subprocess.run(["sh", driver, "--test-name", "t", "--log-file", "t.log",
                                  "--trs-file", "t.trs", "--", "false"], cwd=tree, env=env)
            assert ran.returncode == 0
            with open(os.path.join(tree, "t.trs")) as f:
                assert ":test-result: SKIP" in f.read()
            with open(target) as f:
                assert "real" in f.read()         # written beside the link, not through it
        with open(driver) as f:
            assert f.read() == "#!/bin/sh\necho the real driver\n"
        assert os.path.islink(tap) and os.readlink(tap) == target
        assert not os.path.exists(os.path.join(tree, "t.trs"))
        assert not os.path.exists(os.path.join(tree, "t.log"))
        assert env == {"PATH": "/usr/bin:/bin"}, env
    finally:
        shutil.rmtree(tmp)


run()
