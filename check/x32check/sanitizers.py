"""UBSan and ASan findings in test output.

UBSan prints one line per finding, "file:line:col: runtime error: what"; ASan prints a
report that ends in "SUMMARY: AddressSanitizer: kind file:line[:col] in function". A
finding is keyed on (tool, file, line, kind) so that the native run's findings can be
subtracted from the x32 run's.
"""

import re
from collections import namedtuple

from . import located

Finding = namedtuple("Finding", "tool file line kind message test")

_UBSAN = located.pattern(r"runtime error:\s*(?P<msg>.*)$")
_ASAN_SUMMARY = re.compile(r"^SUMMARY:\s*(?P<tool>\w+Sanitizer):\s*(?P<kind>[\w-]+)"
                           r"(?:\s+(?P<file>[^\s:]+):(?P<line>\d+)(?::\d+)?)?(?:\s+in\s+\S+)?")
_ASAN_ERROR = re.compile(r"^==\d+==ERROR:\s*(?P<tool>\w+Sanitizer):\s*(?P<msg>.*)$")
_NUMBERS = re.compile(r"-?\b(0x[0-9a-f]+|\d+)\b")
# "#1 0x4a237f in stamp_copy /src/proj/src/buffer.c:9" (a column may follow)
_FRAME = re.compile(r"^#\d+\s+0x[0-9a-f]+\s+in\s+\S+\s+(?P<file>[^\s:()]+):(?P<line>\d+)")


def _ubsan_kind(message):
    # "signed integer overflow: 2000000000 + 2000000000 cannot be ..." -> the words
    # before the first colon; numbers vary between runs and ABIs, so they are blanked.
    head = message.split(":", 1)[0]
    return _NUMBERS.sub("N", head).strip()


def parse(text, test, normalise):
    findings = []
    last_error = ""
    first_own_frame = None     # the report's first stack frame in the project's sources
    for line in located.lines(text):
        line = line.strip()
        m = _UBSAN.match(line)
        if m:
            file_, line_no, _ = located.where(m)
            findings.append(Finding("UBSan", normalise(file_), line_no,
                                    _ubsan_kind(m.group("msg")), m.group("msg"), test))
            continue
        m = _ASAN_ERROR.match(line)
        if m:
            last_error, first_own_frame = m.group("msg"), None
            continue
        m = _FRAME.match(line)
        if m and last_error and first_own_frame is None:
            path = normalise(m.group("file"))
            if not path.startswith("/"):     # inside the project, not libc or libasan
                first_own_frame = (path, int(m.group("line")))
            continue
        m = _ASAN_SUMMARY.match(line)
        if m:
            # The summary names the top frame, often an interceptor (memcpy) in libasan;
            # the project's own frame is where the bug is.
            if first_own_frame:
                file_, line_no = first_own_frame
            else:
                file_ = normalise(m.group("file")) if m.group("file") else "?"
                line_no = int(m.group("line") or 0)
            findings.append(Finding(m.group("tool"), file_, line_no, m.group("kind"),
                                    last_error or line, test))
            last_error, first_own_frame = "", None
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
