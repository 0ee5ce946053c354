"""UBSan and ASan findings in test output.

UBSan prints one line per finding, "file:line:col: runtime error: what"; ASan prints a
report that ends in "SUMMARY: AddressSanitizer: kind file:line[:col] in function". A
finding is keyed on (tool, file, line, kind) so that the native run's findings can be
subtracted from the x32 run's.
"""

import re
from collections import namedtuple

Finding = namedtuple("Finding", "tool file line kind message test")

_UBSAN = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:\d+:)?\s*runtime error:\s*"
                    r"(?P<msg>.*)$")
_ASAN_SUMMARY = re.compile(r"^SUMMARY:\s*(?P<tool>\w+Sanitizer):\s*(?P<kind>[\w-]+)"
                           r"(?:\s+(?P<file>[^\s:]+):(?P<line>\d+)(?::\d+)?)?(?:\s+in\s+\S+)?")
_ASAN_ERROR = re.compile(r"^==\d+==ERROR:\s*(?P<tool>\w+Sanitizer):\s*(?P<msg>.*)$")
_NUMBERS = re.compile(r"-?\b(0x[0-9a-f]+|\d+)\b")


def _ubsan_kind(message):
    # "signed integer overflow: 2000000000 + 2000000000 cannot be ..." -> the words
    # before the first colon; numbers vary between runs and ABIs, so they are blanked.
    head = message.split(":", 1)[0]
    return _NUMBERS.sub("N", head).strip()


def parse(text, test, normalise):
    findings = []
    last_error = ""
    for raw in text.splitlines():
        line = raw.strip()
        m = _UBSAN.match(line)
        if m:
            findings.append(Finding("UBSan", normalise(m.group("file")), int(m.group("line")),
                                    _ubsan_kind(m.group("msg")), m.group("msg"), test))
            continue
        m = _ASAN_ERROR.match(line)
        if m:
            last_error = m.group("msg")
            continue
        m = _ASAN_SUMMARY.match(line)
        if m:
            file_ = normalise(m.group("file")) if m.group("file") else "?"
            findings.append(Finding(m.group("tool"), file_, int(m.group("line") or 0),
                                    m.group("kind"), last_error or line, test))
            last_error = ""
    return findings


def key_of(f):
    return (f.tool, f.file, f.line, f.kind)


def difference(ours, theirs):
    """Findings in `ours` whose key `theirs` lacks, one per key (the same finding in
    several tests is one bug; the report names the first test that showed it)."""
    theirs_keys = {key_of(f) for f in theirs}
    seen, result = set(), []
    for f in ours:
        k = key_of(f)
        if k in theirs_keys or k in seen:
            continue
        seen.add(k)
        result.append(f)
    return result
