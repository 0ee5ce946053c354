"""x32-check's CI gate on canned findings (issue 23): default severities, --fail-on and
--ignore-class, baseline files, and passes that ran no x32 code.

    python3 units_gate.py CHECK_DIR      CHECK_DIR holds the x32check package
"""

import os
import sys
import tempfile

from unit_harness import case, run

sys.path.insert(0, sys.argv[1])
from x32check import evidence, gate, test_results  # noqa: E402


def findings():
    return [
        {"group": "diagnostic", "file": "a.c", "line": 3, "option": "-Wformat", "class": 1,
         "kind": "warning", "message": "format '%ld' expects 'long int'"},
        {"group": "diagnostic", "file": "a.c", "line": 9, "option": "-Wsign-conversion",
         "class": 12, "kind": "warning", "message": "may change the sign"},
        {"group": "diagnostic", "file": "a.c", "line": 12, "option": "-Wsign-conversion",
         "class": 12, "kind": "warning", "message": "may change the sign"},
        {"group": "lp64-only", "file": "b.c", "line": 1, "option": "-Wconversion",
         "class": 22, "kind": "warning", "message": "to 'unsigned int'"},
        {"group": "tests", "name": "handles", "output": "boom"},
        {"group": "sanitizers", "file": "s.c", "line": 6, "tool": "UBSan",
         "kind": "signed integer overflow"},
        {"group": "layouts", "struct": "header", "file": "h.h", "line": 7, "class": 16},
    ]


def gates(items):
    return [x["gate"] for x in items]


@case
def default_gate_counts_errors_only():
    items = findings()
    counts = gate.judge(items)
    assert gates(items) == ["counted", "informational", "informational", "informational",
                            "counted", "counted", "counted"], gates(items)
    assert counts == {"counted": 4, "informational": 3, "ignored": 0, "baseline": 0}, counts


@case
def fail_on_and_ignore_class():
    items = findings()
    gate.judge(items, fail_on=gate.parse_specs(["sign-conversion"]),
               ignore=gate.parse_specs(["1,tests", "layouts"]))
    assert gates(items) == ["ignored", "counted", "counted", "informational", "ignored",
                            "counted", "ignored"], gates(items)
    items = findings()
    gate.judge(items, fail_on={"all"}, ignore={"12"})
    assert gates(items)[1:4] == ["ignored", "ignored", "counted"], gates(items)
    assert gate.parse_specs(["-Wsign-conversion=2, 16"]) == {"-Wsign-conversion", "16"}
    try:
        gate.parse_specs(["Sign Conversion"])
        raise AssertionError("a bad SPEC was accepted")
    except gate.BadSpec as e:
        assert "class number" in str(e)


@case
def baseline_round_trip_counts_copies():
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "x32-check.baseline")
        items = findings()
        gate.judge(items, fail_on={"all"})
        gate.write_baseline(path, items[:3])
        known = gate.read_baseline(path)
        with open(path) as f:
            assert f.read().startswith("# x32-check baseline")
    assert sum(known.values()) == 3 and known[gate.baseline_line(items[1])] == 2, known
    # The same findings on other lines are still known; a third copy is new.
    later = findings()
    for x in later[:3]:
        x["line"] += 40
    later.insert(3, dict(later[2], line=99))
    counts = gate.judge(later, fail_on={"all"}, baseline=known)
    assert gates(later)[:4] == ["baseline", "baseline", "baseline", "counted"], gates(later)
    assert counts["baseline"] == 3
    try:
        gate.read_baseline(os.path.join(tmp, "missing"))
        raise AssertionError("a missing baseline was accepted")
    except SystemExit as e:
        assert "--write-baseline" in str(e.code), e.code


@case
def passes_without_x32_code_are_not_x32_passes():
    T = test_results.TestResult
    starts = [{"tag": "ran"}]
    tests = [T("ran", "passed", "ok"), T("pure_script", "passed", "checked a file"),
             T("nested", "passed", "Internal cmake changing into directory: /b/nested\n"
                                   "======== CMake output     ======\n"),
             T("broken", "failed", "")]
    got = evidence.passes_without_x32(tests, starts, lambda n: n)
    assert [n for n, _ in got] == ["pure_script", "nested"], got
    assert "ctest --build-and-test" in got[1][1] and "no x32 program started" in got[0][1]
    # Meson: no tags, any start in the run counts.
    assert evidence.passes_without_x32(tests, starts, None) == []


if __name__ == "__main__":
    run()
