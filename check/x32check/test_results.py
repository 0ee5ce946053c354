"""Test results: read the JUnit XML that `ctest --output-junit` (CMake 3.21+) and
`meson test` write, or ctest's console output for older CMake, and find tests that pass
natively but fail on x32.
"""

import re
import xml.etree.ElementTree as ET
from collections import namedtuple

TestResult = namedtuple("TestResult", "name status output")  # status: passed|failed|skipped

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
        results.append(TestResult(case.get("name", "?"), status, out))
    return results


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
        results.append(TestResult(m.group("name"), status, ""))
    return results


def x32_only_failures(native, x32):
    """Tests that passed on LP64 and failed on x32, with x32's result (and its output)."""
    native_status = {t.name: t.status for t in native}
    return [t for t in x32 if t.status == "failed" and native_status.get(t.name) == "passed"]


def started_x32_itself(t):
    """True when a failed test's output says one of its x32 programs could not start
    (see evidence.cannot_start): its failure says nothing about the project."""
    from . import evidence
    return evidence.cannot_start(t.output) is not None


def lp64_only_failures(native, x32):
    return x32_only_failures(x32, native)


def summary(results):
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for t in results:
        counts[t.status] += 1
    return counts
