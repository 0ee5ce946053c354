"""What stopped a build, read from its log. A compile or link error means the project
does not build; a make that failed without one (a test suite that ran where the project's
Makefiles would not let x32-check stop it) does not, since the suite runs again, in the
test step, where its results are compared side by side.

    compile_or_link_errors(text)  the lines that say a unit did not compile or link
    first_error(text)             the first of those, else the first line saying "error"
"""

import re

from . import located

_COMPILE_OR_LINK = [
    # file:line[:col]: error: (GCC, clang), file:line: Error: (gas)
    located.pattern(r"(?:fatal error|error|Error):"),
    # gcc: error: ..., cc1: fatal error: ..., collect2: error: ld returned 1 exit status
    re.compile(r"^(?:\S*/)?(?:cc1\w*|collect2|[\w.+-]*(?:gcc|g\+\+|cc|c\+\+|clang\+*)"
               r"(?:-[\d.]+)?|as|[\w.+-]*ld(?:\.\w+)?):\s+(?:fatal error|error|Error):"),
    # the linker: "undefined reference to `f'", "cannot find -lfoo"
    re.compile(r"undefined reference to"),
    re.compile(r"^(?:\S*/)?[\w.+-]*ld(?:\.\w+)?: cannot find "),
    # a source file that is not there
    re.compile(r"^make(?:\[\d+\])?: \*\*\* No rule to make target"),
]
_ANY_ERROR = re.compile(r"\berror\b", re.I)


def compile_or_link_errors(text):
    return [line for line in located.lines(text)
            if any(p.search(line) for p in _COMPILE_OR_LINK)]


def first_error(text):
    """The first compile or link error; else the first line that says "error" (a
    generator, a missing tool, configure), with the line after it when it ends in ':'
    ("CMake Error at CMakeLists.txt:6 (message):"); else ""."""
    found = compile_or_link_errors(text)
    if found:
        return found[0].strip()[:300]
    lines = list(located.lines(text))
    for i, line in enumerate(lines):
        if _ANY_ERROR.search(line):
            line = line.strip()
            if line.endswith(":"):
                line += " " + next((t.strip() for t in lines[i + 1:i + 4] if t.strip()), "")
            return line.strip()[:300]
    return ""
