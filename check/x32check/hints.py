"""Hints: source lines that decide by architecture name where the data model matters
(docs/bug-classes.md, "Architecture-name tests"). They are true on x32 as on x86-64, so no
build difference shows them directly; the diagnostics and test failures they cause do.
Hints explain such findings and do not change the exit status.

- class 2: a preprocessor condition on __x86_64__/__amd64__ that does not also look at
  __ILP32__, __LP64__/_LP64 or __SIZEOF_POINTER__/__SIZEOF_LONG__;
- class 5: a build file that tests CMAKE_SYSTEM_PROCESSOR or Meson's cpu_family against
  x86_64/AMD64 without also looking at the pointer size, judged per condition
  (build_file_hints.py).

Build folders inside the project (build-x32/, ...) are not read: see side.is_build_folder.
"""

import os
import re

from . import build_file_hints
from .build_file_hints import Hint
from .side import project_files

_ARCH_MACRO = re.compile(r"\b(__x86_64__|__x86_64|__amd64__|__amd64|_M_X64|_M_AMD64)\b")
_MODEL_MACRO = re.compile(r"\b(__ILP32__|_ILP32|__LP64__|_LP64|__SIZEOF_POINTER__|"
                          r"__SIZEOF_LONG__|__SIZEOF_SIZE_T__|UINTPTR_MAX|SIZE_MAX|"
                          r"ULONG_MAX|LONG_MAX|__WORDSIZE)\b")
_ISA_ONLY = re.compile(r"\b(__i386__|__i386|_M_IX86|__i686__)\b")
_PREPROCESSOR_IF = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif)\b")
SOURCE_EXTENSIONS = (".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx", ".S", ".inc")
BUILD_FILES = ("CMakeLists.txt", "meson.build", "configure.ac", "configure.in")


def _read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except OSError:
        return []


def _condition(lines, i):
    """A preprocessor condition with its backslash continuations, as one string."""
    text = lines[i]
    while text.endswith("\\") and i + 1 < len(lines):
        i += 1
        text = text[:-1] + " " + lines[i]
    return text


def _source_hints(rel, lines):
    for i, text in enumerate(lines):
        if not _PREPROCESSOR_IF.match(text):
            continue
        cond = _condition(lines, i)
        # With __i386__ beside it the test is about the instruction set (x86 of either
        # width), not about the size of long.
        if _ARCH_MACRO.search(cond) and not _MODEL_MACRO.search(cond) \
                and not _ISA_ONLY.search(cond):
            yield Hint(rel, i + 1, 2, cond.strip()[:160])


def scan(source_dir):
    hints = []
    for path in project_files(source_dir):
        name = os.path.basename(path)
        rel = os.path.relpath(path, source_dir)
        if name.endswith(SOURCE_EXTENSIONS):
            hints.extend(_source_hints(rel, _read(path)))
        elif name in BUILD_FILES or name.endswith(".cmake"):
            hints.extend(build_file_hints.scan(rel, name, _read(path)))
    return hints
