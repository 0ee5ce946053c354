"""What compiler diagnostics (diagnostics.py) and sanitizer reports (sanitizers.py) are
read with: lines that start with a source location, `file:line[:column]: `, as GCC,
gas and UBSan print them, cleaned of the colour codes a project may force on."""

import re

# file:line[:column]: (the file does not start with a blank or a colon)
LOCATION = r"(?P<file>[^\s:][^:]*):(?P<line>\d+):(?:(?P<col>\d+):)?\s*"
_ANSI = re.compile(r"\x1b\[[0-9;]*[mK]")


def pattern(rest):
    """A regular expression for a line that starts with a location, then `rest`."""
    return re.compile("^" + LOCATION + rest)


def where(match):
    """(file, line, column) of a match of pattern(); column 0 when none was printed."""
    return match.group("file"), int(match.group("line")), int(match.group("col") or 0)


def lines(text):
    """The lines of a log or a test's output without colour codes and line ends."""
    for raw in text.splitlines():
        yield _ANSI.sub("", raw.rstrip("\r"))
