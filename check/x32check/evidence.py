"""Did a test's x32 program really run? A test that fails on x32 counts as failing
only on x32 when x32 code provably ran in it; otherwise it did not run properly,
with the reason.

The proof is X32_RUN_EVIDENCE: x32-run appends one line to DIR/starts for every x32
program it starts (after it has checked the file is one), tagged with
$X32_RUN_EVIDENCE_TAG, which x32-check sets per test: ctest tests get it through
`env` in front of their command, automake tests through TESTS_ENVIRONMENT. Meson
has no per-test hook, so there any x32 start in the run counts (weaker). On a
kernel that runs x32 itself, programs start without x32-run and no proof is asked.
"""

import os
import re

FILE = "starts"

# What a test prints when one of its x32 programs could not start, and what that
# means. (dash, handed an ELF file by execvp's ENOEXEC fallback, reads it as a
# script: `prog: 1: Syntax error: "(" unexpected`, or `cannot open ...`.)
_CANNOT_START = [
    (re.compile(r"x32-run --tree: x32 programs cannot start transparently[^\n]*"),
     "x32-run --tree could not set up a tree: {0}"),
    (re.compile(r"Exec format error|Errno 8\b|cannot execute binary file"),
     "an x32 program could not start: the kernel answered 'Exec format error' (ENOEXEC); "
     "it was started without x32-run"),
    (re.compile(r"^[^\n]*: 1: Syntax error: \"\(\" unexpected", re.M),
     "/bin/sh read an x32 program as a shell script (execvp's fallback after ENOEXEC); "
     "it was started without x32-run"),
    (re.compile(r"^x32-run: [^\n]*(?:No such file or directory|not an ELF executable|cannot "
                r"open its interpreter|not an x86-64 or x32 ELF file|cannot execute)[^\n]*", re.M),
     "x32-run could not start a program: {0}"),
]


def tag_for_cmake(name):
    return name


def read(directory):
    """The evidence lines: dicts with time, pid, via, tree, tag, program."""
    if not directory:
        return []
    lines = []
    try:
        with open(os.path.join(directory, FILE), encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.rstrip("\n").split("\t")
                if len(parts) == 7 and parts[0] == "x32-run":
                    lines.append({"time": parts[1], "pid": parts[2], "via": parts[3],
                                  "tree": parts[4], "tag": parts[5], "program": parts[6]})
    except OSError:
        pass
    return lines


def cannot_start(output):
    """The reason a test's output gives for an x32 program that did not start, or None."""
    for pattern, reason in _CANNOT_START:
        m = pattern.search(output or "")
        if m:
            return reason.format(m.group(0).strip()[:200])
    return None


def started(lines, tag_of, name):
    """Did x32-run start an x32 program for test `name`? tag_of maps a test name to its
    tag (None for a test the harness cannot tag), or is None when the harness tags no
    test (Meson); without a tag any start in the run counts."""
    tag = tag_of(name) if tag_of else None
    if tag is None:
        return bool(lines)
    return any(line["tag"] == tag for line in lines)


# ctest --build-and-test prints these while it configures and builds its own project,
# with the host's compiler unless told otherwise: a test that passes that way ran none
# of the x32 build's code.
_NESTED_BUILD = re.compile(r"Internal cmake changing into directory|^=+ CMake output =+$"
                           r"|--build-and-test", re.M)
NO_START = ("no x32 program started under x32-run during this test (no X32_RUN_EVIDENCE "
            "line for it)")


def passes_without_x32(tests, lines, tag_of):
    """(name, reason) of every x32 test that passed although no x32 program started in
    it: not an x32 pass. Call only where proof is required (see sort_out)."""
    found = []
    for t in tests:
        if t.status != "passed" or started(lines, tag_of, t.name):
            continue
        if _NESTED_BUILD.search(t.output or ""):
            found.append((t.name, "it ran a nested build (ctest --build-and-test) with the "
                          "host's compiler; " + NO_START))
        else:
            found.append((t.name, NO_START))
    return found


def sort_out(failures, lines, tag_of, required):
    """Split x32-only failures into real ones and (name, reason) pairs of tests whose
    x32 program did not run."""
    real, not_run = [], []
    for t in failures:
        why = cannot_start(t.output)
        if why is None and required and not started(lines, tag_of, t.name):
            why = NO_START + ": it did not run x32 code"
        if why:
            not_run.append((t.name, why))
        else:
            real.append(t)
    return real, not_run
