"""Class-5 hints in build files: a test of the processor name against x86_64 that
ignores the pointer size (docs/bug-classes.md, "Architecture-name tests").

Judged per condition, not per file: one `if(CMAKE_SIZEOF_VOID_P EQUAL 8)` somewhere in a
file says nothing about an `if(CMAKE_SYSTEM_PROCESSOR IN_LIST X86_64_NAMES)` fifty lines
further down that picks 64-bit assembly (a real project crashed on x32 from exactly
that). A processor test is fine when its own condition, or the condition of an if()
around it (an earlier branch of the same if/elseif chain included), looks at the
pointer size.

- CMake: if()/elseif() conditions, and any other command naming the processor and an
  x86_64 name (string(REGEX MATCH ...)); variables are followed one step: a list set()
  to x86_64 names (`IN_LIST`, `STREQUAL "${X64}"`), a variable set() or string()ed from
  the processor, one set() from CMAKE_SIZEOF_VOID_P.
- Meson: if/elif lines; variables assigned from cpu_family()/cpu() or from a sizeof
  of a pointer are followed the same way.
- configure.ac: line by line, and not at all when the file looks at the pointer size
  anywhere (shell `case` blocks have no structure this reader follows).
"""

import re
from collections import namedtuple

Hint = namedtuple("Hint", "file line cls text")

X86_64_NAME = re.compile(r"(?<![\w-])(x86_64|X86_64|amd64|AMD64|x64|X64|EM64T)(?![\w-])")
CMAKE_PROCESSOR = re.compile(r"\b(CMAKE_SYSTEM_PROCESSOR|CMAKE_HOST_SYSTEM_PROCESSOR|"
                             r"CMAKE_C_COMPILER_ARCHITECTURE_ID|"
                             r"CMAKE_CXX_COMPILER_ARCHITECTURE_ID)\b")
CMAKE_MODEL = re.compile(r"\b(CMAKE_SIZEOF_VOID_P|CMAKE_C_SIZEOF_DATA_PTR|"
                         r"CMAKE_CXX_SIZEOF_DATA_PTR|SIZEOF_VOID_P|ILP32|LP64)\b")
MESON_PROCESSOR = re.compile(r"\b(cpu_family|cpu)\s*\(\s*\)")
MESON_MODEL = re.compile(r"sizeof\s*\(\s*['\"]\s*void\s*\*|ILP32|LP64|pointer_size")
CONFIGURE_ARCH = re.compile(r"(\$host_cpu|\$host|\$target_cpu|uname\s+-m)[^\n]*"
                            r"(x86_64|amd64|AMD64|x64)|(x86_64|amd64)[^\n]*\$host_cpu")
CONFIGURE_MODEL = re.compile(r"ac_cv_sizeof_void_p|ac_cv_sizeof_long|SIZEOF_VOID_P|"
                             r"sizeof\s*\(\s*void\s*\*|ILP32|LP64|pointer_size")
_WORD = re.compile(r"\$\{(\w+)\}|\b(\w+)\b")


def _strip_cmake_comment(line):
    """The line without a # comment (a # inside a quoted string stays)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"' and (i == 0 or line[i - 1] != "\\"):
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


def cmake_commands(lines):
    """(name in lower case, its arguments as one string, line number) for every command
    that starts a line: arguments may span lines, parentheses nest, quotes are kept."""
    text = "\n".join(_strip_cmake_comment(t) for t in lines)
    start = re.compile(r"^[ \t]*([A-Za-z_]\w*)[ \t]*\(", re.M)
    pos = 0
    while True:
        m = start.search(text, pos)
        if not m:
            return
        depth, i, quoted = 1, m.end(), False
        while i < len(text) and depth:
            ch = text[i]
            if ch == '"' and text[i - 1] != "\\":
                quoted = not quoted
            elif not quoted and ch == "(":
                depth += 1
            elif not quoted and ch == ")":
                depth -= 1
            i += 1
        yield m.group(1).lower(), text[m.end():i - 1], text.count("\n", 0, m.start()) + 1
        pos = i


def _names(args):
    return [a or b for a, b in _WORD.findall(args)]


class _Judge:
    """Follows the if/elseif/else/endif nesting and the variables that stand for the
    processor, the pointer size or a list of x86_64 names."""

    def __init__(self, processor, model):
        self.processor, self.model = processor, model
        self.processor_vars, self.model_vars, self.values = set(), set(), {}
        self.guards = []        # per open if chain: has any of its conditions looked at the model

    def _mentions(self, text, pattern, variables):
        return bool(pattern.search(text)) or any(n in variables for n in _names(text))

    def expand(self, text):
        """The text plus the values of the variables it names (one step)."""
        extra = [" ".join(self.values[n]) for n in _names(text) if n in self.values]
        return " ".join([text] + extra)

    def is_arch_test(self, text):
        return (self._mentions(text, self.processor, self.processor_vars)
                and bool(X86_64_NAME.search(self.expand(text))))

    def looks_at_model(self, text):
        return self._mentions(text, self.model, self.model_vars)

    def guarded(self):
        return any(self.guards)

    def branch(self, keyword, condition):
        """Follow if / elseif (Meson: elif) / else / endif. True: a condition to judge;
        False: else or endif; None: no branch keyword."""
        if keyword == "if":
            self.guards.append(self.looks_at_model(condition))
            return True
        if keyword in ("elseif", "elif"):
            if self.guards:
                self.guards[-1] = self.guards[-1] or self.looks_at_model(condition)
            return True
        if keyword == "endif" and self.guards:
            self.guards.pop()
        return False if keyword in ("else", "endif") else None

    def assign(self, name, value_text, values):
        if self._mentions(value_text, self.processor, self.processor_vars):
            self.processor_vars.add(name)
        if self._mentions(value_text, self.model, self.model_vars):
            self.model_vars.add(name)
        self.values.setdefault(name, []).extend(values)


def _cmake_assignment(judge, name, words):
    """Record set(), list(APPEND) and string(TOLOWER) for the variables they name; True
    when the command was one of them."""
    if name == "set" and words:
        judge.assign(words[0], " ".join(words[1:]), [w.strip('"') for w in words[1:]])
    elif name == "list" and len(words) > 2 and words[0].upper() in ("APPEND", "PREPEND"):
        judge.assign(words[1], " ".join(words[2:]), [w.strip('"') for w in words[2:]])
    elif name == "string" and len(words) >= 3 and words[0].upper() in ("TOLOWER", "TOUPPER"):
        judge.assign(words[2], words[1], [])
    else:
        return False
    return True


def cmake_hints(rel, lines):
    judge = _Judge(CMAKE_PROCESSOR, CMAKE_MODEL)
    for name, args, line in cmake_commands(lines):
        words = args.split()
        branch = judge.branch(name, args)
        if branch is False or branch is None and (name in ("option", "message")
                                                   or _cmake_assignment(judge, name, words)):
            continue
        if judge.is_arch_test(args) and not judge.guarded():
            yield Hint(rel, line, 5, ("%s(%s)" % (name, " ".join(words)))[:160])


def meson_hints(rel, lines):
    judge = _Judge(MESON_PROCESSOR, MESON_MODEL)
    assignment = re.compile(r"^\s*(\w+)\s*\+?=\s*(.*)$")
    for number, raw in enumerate(lines, start=1):
        text = re.sub(r"#.*$", "", raw).strip()
        keyword = text.split(None, 1)[0] if text else ""
        branch = judge.branch(keyword, text)
        if branch is False or not text:
            continue
        if branch is None:
            m = assignment.match(text)
            if m and not judge.is_arch_test(m.group(2)):
                judge.assign(m.group(1), m.group(2), re.findall(r"'([^']*)'", m.group(2)))
                continue
        if judge.is_arch_test(text) and not judge.guarded():
            yield Hint(rel, number, 5, text[:160])


def configure_hints(rel, lines):
    lines = [re.sub(r"#.*$|\bdnl\b.*$", "", t) for t in lines]
    if CONFIGURE_MODEL.search("\n".join(lines)):
        return
    for number, text in enumerate(lines, start=1):
        if CONFIGURE_ARCH.search(text):
            yield Hint(rel, number, 5, text.strip()[:160])


def scan(rel, name, lines):
    if name == "meson.build":
        return list(meson_hints(rel, lines))
    if name in ("configure.ac", "configure.in"):
        return list(configure_hints(rel, lines))
    return list(cmake_hints(rel, lines))
