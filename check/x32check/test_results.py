"""Test results: read the JUnit XML that `ctest --output-junit` (CMake 3.21+) and
`meson test` write, or ctest's console output for older CMake, and compare the two
sides test by test: native failures are the baseline, so a test that fails on both is
listed apart, and only a test that fails on x32 alone is an x32 finding.
"""

import re
import xml.etree.ElementTree as ET
from collections import namedtuple

# status: passed | failed | skipped | unresolved (DejaGnu's UNRESOLVED and ERROR: the
# harness could not tell). outcome: the harness's own word where it has more than these
# (DejaGnu's UNSUPPORTED, XFAIL, KPASS...), else "". timed_out: the test was stopped.
TestResult = namedtuple("TestResult", "name status output outcome timed_out")
TestResult.__new__.__defaults__ = ("", False)    # (namedtuple's defaults= is 3.7+)

# Outcomes that are neither a pass nor a deliberate skip.
BAD = ("failed", "unresolved")

# Characters XML 1.0 forbids; a test that prints binary garbage must not lose the report.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")
# "  1/3 Test #1: good .............   Passed    0.00 sec"
_CONSOLE = re.compile(r"^\s*\d+/\d+\s+Test\s+#\d+:\s+(?P<name>\S+)\s+\.*\s*"
                      r"(?:\*+)?(?P<status>[A-Za-z][^\d]*?)\s+[\d.]+\s+sec\s*$")


def parse_junit(text):
    root = ET.fromstring(_XML_INVALID.sub("?", text))
    results = []
    for case in root.iter("testcase"):
        # ctest puts everything in system-out; meson splits stdout and stderr.
        out = (case.findtext("system-out") or "") + (case.findtext("system-err") or "")
        if case.find("failure") is not None or case.find("error") is not None \
                or case.get("status") == "fail":
            status = "failed"
        elif case.find("skipped") is not None or case.get("status") in ("notrun", "disabled"):
            status = "skipped"
        else:
            status = "passed"
        results.append(TestResult(_plain_name(case), status, out))
    return results


def _plain_name(case):
    """The test's own name. Meson 1.x (since about 1.2) writes "PROJECT:NAME", or
    "SUITE+SUITE - PROJECT:NAME", where older Meson and ctest write NAME; the project is
    also the case's classname, so it is cut off there and nowhere else."""
    name = case.get("name", "?")
    project = case.get("classname") or ""
    if project:
        head, sep, tail = name.partition(" - %s:" % project)
        if sep:
            return tail
        if name.startswith(project + ":"):
            return name[len(project) + 1:]
    return name


def parse_console(text):
    results = []
    for line in text.splitlines():
        m = _CONSOLE.match(line)
        if not m:
            continue
        word = m.group("status").strip().lower()
        if word.startswith("passed"):
            status = "passed"
        elif "skipped" in word or "not run" in word or "disabled" in word:
            status = "skipped"
        else:
            status = "failed"
        results.append(TestResult(m.group("name"), status, "", "",
                                  word.startswith("timeout")))
    return results


def x32_only_failures(native, x32):
    """Tests that failed (or could not be resolved) on x32 and not on LP64, with x32's
    result and its output. A test LP64 has no result for counts too: it did not fail
    there (DejaGnu writes extra lines when an x32 program crashes or does not build)."""
    native_status = {t.name: t.status for t in native}
    return [t for t in x32 if t.status in BAD
            and native_status.get(t.name, "passed") in ("passed", "skipped")]


def failing_on_both(native, x32):
    """(LP64 result, x32 result) of every test that fails on both sides: the native
    baseline, not an x32 finding."""
    native_by_name = {t.name: t for t in native}
    return [(native_by_name[t.name], t) for t in x32
            if t.status in BAD and t.name in native_by_name
            and native_by_name[t.name].status in BAD]


def passing_only_on_x32(native, x32):
    """(LP64 result, x32 result) of every test that fails on LP64 and passes on x32."""
    x32_by_name = {t.name: t for t in x32}
    return [(t, x32_by_name[t.name]) for t in native
            if t.status in BAD and t.name in x32_by_name
            and x32_by_name[t.name].status == "passed"]


def started_x32_itself(t):
    """True when a failed test's output says one of its x32 programs could not start
    (see evidence.cannot_start): its failure says nothing about the project."""
    from . import evidence
    return evidence.cannot_start(t.output) is not None


def outcome_word(t):
    """What the harness said: its own word (UNRESOLVED, UNSUPPORTED...), else the
    status; "timed out" is added when the test was stopped."""
    word = t.outcome or t.status
    return word + (", timed out" if t.timed_out else "")


def summary(results):
    """Counts by status; DejaGnu's UNSUPPORTED (among the skipped) and the timeouts
    (among the failed) are counted too, so that none of them goes unseen."""
    counts = {"passed": 0, "failed": 0, "skipped": 0, "unresolved": 0,
              "unsupported": 0, "timed_out": 0}
    for t in results:
        counts[t.status] += 1
        if t.outcome == "UNSUPPORTED":
            counts["unsupported"] += 1
        if t.timed_out:
            counts["timed_out"] += 1
    return counts
