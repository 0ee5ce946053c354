#!/usr/bin/env python3
"""Option drift between the docs and the programs, both ways.

usage: options.py TOP PREFIX

For each of the SDK's commands (PROGRAMS below):
  forward  every option a Markdown file of the repository passes to it, in a code span
           or a code block (`x32-run --mode vm ./prog`, a synopsis line), is in its --help;
  reverse  every option its --help lists is named in its own doc (the file beside it).
Prints one PASS/FAIL/SKIP line per program and direction (tests/lib.sh's protocol).
"""

import os
import re
import subprocess
import sys

# name as the docs write it, how to ask it for --help, its own doc (from the top)
PROGRAMS = [
    ("x32-run", ["{prefix}/bin/x32-run", "--help"], "runner/README.md"),
    ("x32-vm", ["{prefix}/bin/x32-vm", "--help"], "vm/README.md"),
    ("x32-check", ["{top}/check/x32-check", "--help"], "check/README.md"),
    ("build.sh", ["{top}/build.sh", "--help"], "docs/building.md"),
    ("tests/run.sh", ["sh", "{top}/tests/run.sh", "--help"], "tests/README.md"),
]
# Sub-commands and actions: a word that does not end the options.
VERBS = {"x32-vm": {"run", "start", "stop"}}
# Words after which the rest of the line belongs to another program.
STOPS = {"|", "||", "&&", ";", "--", "#", ">", "2>&1", "<"}
OPTION = re.compile(r"^[\[(`]*(--?[A-Za-z0-9][A-Za-z0-9-]*)")


def help_options(name, text):
    """The options a --help text defines (its usage lines and the option column of its
    option lines, not its prose), and those of them that take a value."""
    opts, valued = set(), set()
    for line in text.splitlines():
        s = line.strip()
        if s.lower().startswith("usage:") or s.startswith((name, os.path.basename(name), "[")):
            segment = s
        elif s.startswith("-"):
            segment = re.split(r"\s{2,}", s)[0]
        else:
            continue
        for m in re.finditer(r"(?<![\w/.$<>-])(--?[A-Za-z0-9][A-Za-z0-9-]*)(=?[ =]?)(\S*)", segment):
            opt, sep, nxt = m.group(1), m.group(2), m.group(3)
            if opt in ("-", "--"):
                continue
            opts.add(opt)
            # "--sdk PREFIX", "-g PORT|-", "--mode M", "-j N": an upper-case word is its value
            if sep in (" ", "=") and re.match(r"^[A-Z][A-Z0-9_|.-]*[\],]?$", nxt):
                valued.add(opt)
    return opts, valued


def code_texts(md):
    """The code of a Markdown file: inline code spans, fenced and indented blocks."""
    out, fenced = [], False
    for line in md.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    "):
            out.append(line)
        else:
            out.extend(re.findall(r"`([^`]+)`", line))
    return out


def invoked_options(name, code, valued):
    """(option, text) for every option given to NAME in a line of code."""
    found = []
    pat = re.compile(r"(?:^|[\s/(`])" + re.escape(name) + r"(?=\s|$)")
    for text in code:
        for m in pat.finditer(text):
            words = text[m.end():].split()
            skip = False
            for w in words:
                if skip:
                    skip = False
                    continue
                if w in STOPS or w.startswith("#"):
                    break
                o = OPTION.match(w)
                if o and len(o.group(1)) > 1:
                    opt = o.group(1)
                    if re.match(r"^-[A-Za-z][0-9]+$", opt):
                        opt = opt[:2]  # -j2: a short option with its value attached
                    if opt.startswith("--") and re.match(r"^--[A-Z]", opt):
                        break  # a placeholder such as --OPTION
                    found.append((opt, text.strip()))
                    skip = opt in valued and "=" not in w and not w.endswith("]")
                    continue
                if w.strip("[]|") in VERBS.get(name, ()):
                    continue
                break  # a program, a source folder, a step: what follows is not ours
    return found


def main(top, prefix):
    try:    # a checkout's own list; a copy without .git, or a host without git, walks
        mds = subprocess.run(["git", "-C", top, "ls-files", "*.md"], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, universal_newlines=True).stdout.split()
    except OSError:
        mds = []
    if not mds:
        mds = [os.path.relpath(os.path.join(d, f), top) for d, _, fs in os.walk(top)
               for f in fs if f.endswith(".md") and "/out/" not in d]
    code = {}
    for md in mds:
        with open(os.path.join(top, md), encoding="utf-8") as f:
            code[md] = code_texts(f.read())
    for name, argv, doc in PROGRAMS:
        argv = [a.format(top=top, prefix=prefix) for a in argv]
        exe = argv[1] if argv[0] == "sh" else argv[0]
        case = "options-" + name.replace("/", "-").replace(".sh", "")
        if not os.path.isfile(exe):
            print("SKIP %s: %s is not built (./build.sh)" % (case, exe))
            continue
        r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True, env=dict(os.environ, COLUMNS="200"))
        opts, valued = help_options(name, r.stdout)
        if r.returncode != 0 or not opts:
            print("FAIL %s-help: %s exited %d with no options in its --help"
                  % (case, " ".join(argv), r.returncode))
            continue
        unknown = []
        for md, texts in sorted(code.items()):
            for opt, text in invoked_options(name, texts, valued):
                if opt not in opts:
                    unknown.append("%s: %s (in '%s')" % (md, opt, text[:70]))
        if unknown:
            print("FAIL %s-documented-exist: %d option(s) the docs give %s are not in its --help: %s"
                  % (case, len(unknown), name, "; ".join(unknown[:4])))
        else:
            print("PASS %s-documented-exist" % case)
        with open(os.path.join(top, doc), encoding="utf-8") as f:
            doc_text = f.read()
        missing = sorted(o for o in opts
                         if not re.search(r"(?<![\w-])" + re.escape(o) + r"(?![\w-])", doc_text))
        if missing:
            print("FAIL %s-help-documented: %s names %s in --help, %s never does"
                  % (case, name, " ".join(missing), doc))
        else:
            print("PASS %s-help-documented" % case)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]))
