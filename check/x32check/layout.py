"""Struct layout differences between the two builds (classes 8 and 16).

Which structs: those named with --layout, those a comment marks ("x32-check: layout" on
the line of, or up to five lines above, 'struct NAME'), and those the project reads or
writes whole (fwrite/fread/write/read/pwrite/pread/send/recv with 'sizeof' of the struct
or of a variable of its type): their bytes leave the process, so a layout that depends
on the ABI is a file or wire format that changes with it.

How: pahole reads both builds' DWARF (it handles x32 objects; llvm-dwarfdump 14 does not).
"""

import os
import re
import subprocess
from collections import namedtuple

from .side import project_files

Member = namedtuple("Member", "name type offset bit size")
Layout = namedtuple("Layout", "name size members")
Wanted = namedtuple("Wanted", "name why file line")

SOURCE_EXTENSIONS = (".c", ".h", ".cc", ".cpp", ".cxx", ".hh", ".hpp", ".hxx")
_MARKER = re.compile(r"x32-check:\s*layout\b")
_STRUCT_DEF = re.compile(r"\b(?:struct|union|class)\s+(\w+)\s*(?:\{|:[^:]|$)")
_IO_CALL = re.compile(r"\b(fwrite|fread|write|read|pwrite|pread|pwrite64|pread64|send|recv)"
                      r"\s*\((?P<args>[^;]*)")
_SIZEOF = re.compile(r"\bsizeof\s*\(?\s*(?:(?:struct|union)\s+(?P<tag>\w+)|\*?\s*(?P<id>\w+))")
_C_WORDS = {"int", "char", "long", "short", "unsigned", "signed", "float", "double", "void",
            "const", "volatile", "return", "sizeof", "static", "register", "else", "if"}
# pahole member line: "<tab>decl;<spaces>/*  off[:bit]  size */" at nesting depth 1.
_MEMBER = re.compile(r"^\t(?!\t)(?P<decl>[^/]*?);\s*/\*\s*(?P<off>\d+)(?::\s*(?P<bit>\d+))?"
                     r"\s+(?P<size>\d+)\s*\*/")
_SIZE = re.compile(r"/\*\s*size:\s*(\d+)")
_BLOCK_START = re.compile(r"^(?:typedef\s+)?(?:struct|union|class)\s*(?P<name>\w*)\s*(?::[^{]*)?\{")
_BLOCK_END = re.compile(r"^\}\s*(?P<name>\w*)\s*;")


def source_files(source_dir):
    return (p for p in project_files(source_dir) if p.endswith(SOURCE_EXTENSIONS))


def _declared_type(text_before, variable):
    """The type name of `variable` from its last declaration above the call."""
    pattern = re.compile(r"(?:\b(?:struct|union)\s+)?\b(\w+)\s+\**\s*" + re.escape(variable)
                         + r"\s*(?:[;=,)\[])")
    names = [m.group(1) for m in pattern.finditer(text_before) if m.group(1) not in _C_WORDS]
    return names[-1] if names else None


def discover(source_dir, named):
    """The structs whose layout must not depend on the ABI, with why."""
    wanted = [Wanted(n, "named with --layout", "", 0) for n in named]
    for path in source_files(source_dir):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            continue
        rel = os.path.relpath(path, source_dir)
        for i, text in enumerate(lines):
            if _MARKER.search(text):
                for j in range(i, min(i + 6, len(lines))):
                    m = _STRUCT_DEF.search(lines[j])
                    if m:
                        wanted.append(Wanted(m.group(1), "marked 'x32-check: layout'", rel, j + 1))
                        break
            call = _IO_CALL.search(text)
            if not call:
                continue
            size = _SIZEOF.search(call.group("args"))
            if not size:
                continue
            name = size.group("tag") or _declared_type("\n".join(lines[:i + 1]), size.group("id"))
            if name:
                wanted.append(Wanted(name, "passed whole to %s()" % call.group(1), rel, i + 1))
    # One entry per struct, giving the strongest reason: named, then marked, then used.
    rank = {"named": 0, "marked": 1}
    unique, seen = [], set()
    for w in sorted(wanted, key=lambda w: rank.get(w.why.split()[0], 2)):
        if w.name not in seen:
            seen.add(w.name)
            unique.append(w)
    return unique


def parse_pahole(text):
    """Every top-level struct/union block of pahole's output, by name (first wins)."""
    layouts, current, members, size = {}, None, [], 0
    for line in text.splitlines():
        if current is None:
            m = _BLOCK_START.match(line)
            if m:
                current, members, size = m.group("name"), [], 0
            continue
        end = _BLOCK_END.match(line)
        if end:
            name = current or end.group("name")   # typedef struct { } name;
            if name and name not in layouts:
                layouts[name] = Layout(name, size, members)
            current = None
            continue
        m = _SIZE.search(line)
        if m and not line.startswith("\t\t"):
            size = int(m.group(1))
            continue
        m = _MEMBER.match(line)
        if m:
            decl = m.group("decl").strip()
            ident = re.findall(r"(\w+)\s*(?:\[[^\]]*\]\s*)*(?::\s*\d+)?\s*$", decl)
            name = ident[0] if ident else decl
            type_ = decl[:decl.rfind(name)].strip()
            if type_ == "}":   # a nested anonymous struct or union, closed on this line
                type_ = "{...}"
            members.append(Member(name, type_, int(m.group("off")),
                                  int(m.group("bit") or 0), int(m.group("size"))))
    return layouts


def _mentions(path, name):
    """Cheap filter: a type's name is in the object's DWARF strings if it is there at all
    and the debug sections are not compressed (the SDK's are: then a name can hide, and
    pahole_layouts asks every object)."""
    try:
        with open(path, "rb") as f:
            return name.encode() in f.read()
    except OSError:
        return False


def _pahole(pahole, name, obj):
    # One name and one object per call: given several, pahole stops at the first name
    # that one object lacks.
    try:
        r = subprocess.run([pahole, "-C", name, obj], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, universal_newlines=True, timeout=120)
    except subprocess.TimeoutExpired:    # a pathological object: treat the type as absent
        return ""
    return r.stdout


def pahole_layouts(pahole, objects, names):
    """Layouts of `names` found in `objects`; typedef names are followed to their struct."""
    layouts = {}
    for name in names:
        candidates = [o for o in objects if _mentions(o, name)]
        for obj in candidates + [o for o in objects if o not in candidates]:
            if name in layouts:
                break
            text = _pahole(pahole, name, obj)
            found = parse_pahole(text).get(name)
            if found is None:
                # "typedef struct rec rec_t;": rec_t is struct rec.
                alias = re.search(r"^typedef\s+(?:struct|union|class)\s+(\w+)\s+" +
                                  re.escape(name) + r";", text, re.M)
                if alias:
                    found = parse_pahole(_pahole(pahole, alias.group(1), obj)).get(alias.group(1))
            if found is not None:
                layouts[name] = found._replace(name=name)
    return layouts


def differences(lp64, x32):
    """Human-readable lines describing how two layouts of one struct differ, or []."""
    lines = []
    if lp64.size != x32.size:
        lines.append("size %d on LP64, %d on x32" % (lp64.size, x32.size))
    theirs = {m.name: m for m in x32.members}
    for m in lp64.members:
        o = theirs.get(m.name)
        if o is None:
            lines.append("member '%s' missing on x32" % m.name)
        elif (m.offset, m.bit, m.size) != (o.offset, o.bit, o.size):
            lines.append("%s %s: offset %d size %d on LP64, offset %d size %d on x32"
                         % (m.type, m.name, m.offset, m.size, o.offset, o.size))
    ours = {m.name for m in lp64.members}
    lines.extend("member '%s' only on x32" % m.name for m in x32.members if m.name not in ours)
    return lines


def definition_site(source_dir, name):
    """(file, line) of 'struct NAME {' or '} NAME;' in the project, or ('', 0)."""
    patterns = [re.compile(r"\b(?:struct|union|class)\s+" + re.escape(name) + r"\s*\{?\s*$"),
                re.compile(r"\b(?:struct|union|class)\s+" + re.escape(name) + r"\s*[{:]"),
                re.compile(r"^\s*\}\s*" + re.escape(name) + r"\s*;")]
    for path in source_files(source_dir):
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, text in enumerate(f, start=1):
                    if any(p.search(text) for p in patterns):
                        return os.path.relpath(path, source_dir), number
        except OSError:
            continue
    return "", 0
