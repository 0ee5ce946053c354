"""Map assembler errors back to source lines.

When inline asm uses a 64-bit instruction on a 32-bit operand (class 3) the assembler
reports a line of GCC's temporary .s file, which is gone by then. The unit's own compile
command, re-run with -S instead of -c, produces the same .s; the nearest '.loc' directive
above the reported line names the source line (the builds are compiled with -g).
"""

import json
import os
import re
import shlex
import subprocess
import tempfile

_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)")
_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]*)"(?:\s+"([^"]*)")?')
_ASM_FILE = re.compile(r"^<asm:(.*)>$")


def _load_commands(build_dir):
    path = os.path.join(build_dir, "compile_commands.json")
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return []


def _argv_of(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def _output_of(argv):
    for i, a in enumerate(argv):
        if a == "-o" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("-o") and len(a) > 2:
            return a[2:]
    return None


def _assembly_command(argv, out):
    """The compile command turned into 'stop after compiling, write the .s to out'."""
    result, skip = [], False
    for a in argv:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD") or a.startswith("-o"):
            continue
        result.append(a)
    return result + ["-S", "-o", out]


def _source_line(asm_text, asm_line, directory):
    """The (file, line) of the last .loc at or above asm_line, or None."""
    files, last = {}, None
    for number, text in enumerate(asm_text.splitlines(), start=1):
        m = _FILE.match(text)
        if m:
            # DWARF 5 form: .file N "dir" "name"; older form: .file N "path".
            name = os.path.join(m.group(2), m.group(3)) if m.group(3) else m.group(2)
            files[m.group(1)] = name
        if number > asm_line:
            break
        m = _LOC.match(text)
        if m:
            last = (m.group(1), int(m.group(2)))
    if last is None or last[0] not in files:
        return None
    path = files[last[0]]
    return (path if os.path.isabs(path) else os.path.join(directory, path)), last[1]


def locate(diagnostics, build_dir, normalise):
    """Replace <asm:UNIT>:N diagnostics with their source file and line where possible.
    `normalise` turns an absolute path into the report's form."""
    commands = None
    cache = {}
    result = []
    for d in diagnostics:
        m = _ASM_FILE.match(d.file)
        if not m:
            result.append(d)
            continue
        if commands is None:
            commands = _load_commands(build_dir)
        unit = os.path.realpath(os.path.join(build_dir, m.group(1)))
        if unit not in cache:
            cache[unit] = _assemble(commands, unit)
        asm_text, directory = cache[unit]
        where = _source_line(asm_text, d.line, directory) if asm_text else None
        if where:
            result.append(d._replace(file=normalise(where[0]), line=where[1], column=0))
        else:
            result.append(d._replace(file="%s (assembler)" % m.group(1), line=0))
    return result


def _assemble(commands, unit):
    for entry in commands:
        argv = _argv_of(entry)
        out = _output_of(argv)
        directory = entry.get("directory", ".")
        if not out or os.path.realpath(os.path.join(directory, out)) != unit:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            asm = os.path.join(tmp, "unit.s")
            r = subprocess.run(_assembly_command(argv, asm), cwd=directory,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if r.returncode != 0 or not os.path.exists(asm):
                return None, directory
            with open(asm, encoding="utf-8", errors="replace") as f:
                return f.read(), directory
    return None, None
