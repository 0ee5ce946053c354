"""Compiler and assembler diagnostics: read them out of a build log, put them in a form
that is the same for both builds, and take the difference.

A diagnostic is keyed on (file, line, warning option). The message is not part of the key
because it names the ABI's types ('long int' on one side, 'long long int' on the other)
and would make every shared warning look different.
"""

import os
import re
from collections import namedtuple

from . import located

Diagnostic = namedtuple("Diagnostic", "file line column kind option message unit")

# "message [-Woption]": the option is optional (errors have none).
_MESSAGE = r"\s*(?P<msg>.*?)(?:\s+\[(?P<opt>-W[^\]]+)\])?\s*$"
# file:line[:column]: warning|error: message [-Woption]
_DIAG = located.pattern(r"(?P<kind>warning|error|fatal error|Warning|Error):" + _MESSAGE)
# cc1: error: ..., x86_64-linux-gnux32-gcc: error: ... (no file, no line)
_TOOL_DIAG = re.compile(r"^(?P<tool>cc1\w*|[\w.+-]*g(?:cc|\+\+)):\s*(?P<kind>warning|error):"
                        + _MESSAGE)
# The unit being compiled: "Building C object X.o" (CMake), "Compiling C object X.o" (Meson).
_UNIT = re.compile(r"(?:Building|Compiling) (?:C|CXX|C\+\+|ASM|ASM-ATT) object (?P<obj>\S+)")
# make[2]: Entering directory '/work/x32/build/src'
_MAKE_DIRECTORY = re.compile(r"^g?make(?:\[\d+\])?: (?P<how>Entering|Leaving) directory "
                             r"[`'](?P<dir>.*)'$")
# The assembler names GCC's temporary file, not the source: "/tmp/ccX.s:27: Error: ...".
_TEMP_ASM = re.compile(r"(^|/)(cc\w+\.s|\{standard input\})$")



def normalise_option(option):
    """-Wformat= -> -Wformat; -Werror=shift-count-overflow -> -Wshift-count-overflow."""
    if not option:
        return ""
    if option.startswith("-Werror="):
        option = "-W" + option[len("-Werror="):]
    return option.split("=", 1)[0]


def normalise_path(path, source_dir, build_dir):
    """Source files relative to the project; generated files under '<build>/'."""
    if not os.path.isabs(path):
        path = os.path.join(build_dir, path)
    real = os.path.realpath(path)
    roots = [(os.path.realpath(source_dir), ""), (os.path.realpath(build_dir), "<build>/")]
    # The more specific root first (a build directory inside the source tree); the source
    # wins a tie (autotools builds in a copy of the source, which is both).
    roots.sort(key=lambda r: -len(r[0]))
    for root, label in roots:
        if real == root or real.startswith(root + os.sep):
            return label + os.path.relpath(real, root)
    return real


def parse_log(text, source_dir, build_dir):
    """Every warning and error in a build log, de-duplicated (a header included by
    several translation units reports the same line several times). A relative file
    name is taken from the directory make last said it entered (autotools builds
    compile in subdirectories, some as "../src/x.c")."""
    seen = set()
    found = []
    unit = ""
    entered = []
    for line in located.lines(text):
        m = _UNIT.search(line)
        if m:
            unit = m.group("obj")
            continue
        m = _MAKE_DIRECTORY.match(line)
        if m:
            if m.group("how") == "Entering":
                entered.append(m.group("dir"))
            elif entered:
                entered.pop()
            continue
        m = _DIAG.match(line)
        if m:
            kind = m.group("kind").lower()
            file_, line_no, col = located.where(m)
            if _TEMP_ASM.search(file_):
                # Left as <asm:UNIT>:LINE; locate_asm_errors() maps it to the source line.
                file_, col = "<asm:%s>" % unit, 0
            else:
                if entered and not os.path.isabs(file_):
                    file_ = os.path.join(entered[-1], file_)
                file_ = normalise_path(file_, source_dir, build_dir)
            d = Diagnostic(file_, line_no, col, kind,
                           normalise_option(m.group("opt")), m.group("msg"), unit)
        else:
            m = _TOOL_DIAG.match(line)
            if not m:
                continue
            d = Diagnostic("<command line>", 0, 0, m.group("kind"),
                           normalise_option(m.group("opt")), m.group("msg"), unit)
        key = (d.file, d.line, d.column, d.option, d.message)
        if key not in seen:
            seen.add(key)
            found.append(d)
    return found


def key_of(d):
    # An error without a -W option is keyed by its kind, so two sides' errors on the same
    # line cancel like warnings do.
    return (d.file, d.line, d.option or d.kind)


def difference(ours, theirs):
    """The diagnostics in `ours` that `theirs` does not have.

    Diagnostics are grouped by key; within a group those at the same column cancel
    first (the same warning on both sides), then the rest cancel one for one, so a line
    with two -Wformat warnings on x32 and one on LP64 leaves one."""
    groups = {}
    for d in theirs:
        groups.setdefault(key_of(d), []).append(d)
    unmatched = []
    for d in ours:
        group = groups.get(key_of(d), [])
        same_col = [t for t in group if t.column == d.column]
        if same_col:
            group.remove(same_col[0])
        else:
            unmatched.append(d)
    # Second pass: pair what is left regardless of column.
    result = []
    for d in unmatched:
        group = groups.get(key_of(d), [])
        if group:
            group.pop(0)
        else:
            result.append(d)
    return sorted(result, key=lambda d: (d.file, d.line, d.column, d.option))
