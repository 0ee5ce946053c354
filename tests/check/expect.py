"""Compare an x32-check JSON result with the markers planted in a project's sources.

    python3 expect.py static  NAME PROJECT RESULT.json EXIT [REPORT.md]
                                            diagnostics and layouts, the exit status,
                                            and every finding's file:line in the report
    python3 expect.py runtime NAME PROJECT RESULT.json TEST...
                                            tests TEST... fail only on x32; with
                                            --sanitize, the expect-ubsan/-asan lines
                                            are found
    python3 expect.py clean   NAME PROJECT RESULT.json   nothing x32-only at all

Markers (see projects/planted/CMakeLists.txt): /* expect-x32: class N */,
/* expect-lp64-only */, /* expect-layout */, /* expect-ubsan */, /* expect-asan */,
expect-hint: class N. Prints one
PASS/FAIL/SKIP line per expectation, the protocol of tests/lib.sh.
"""

import json
import os
import re
import sys

MARKER = re.compile(r"/\*\s*expect-(x32: class (\d+)|lp64-only|layout|ubsan|asan)\s*\*/")
# In any file, build files included; the documentation's "class N" has no number.
HINT_MARKER = re.compile(r"expect-hint: class (\d+)")


def markers(project):
    found = []
    for root, dirs, files in os.walk(project):
        # x32-check's own work directory, should a test put it inside the project.
        dirs[:] = sorted(d for d in dirs
                         if not os.path.exists(os.path.join(root, d, ".x32-check-workdir")))
        for name in sorted(files):
            path = os.path.join(root, name)
            rel = os.path.relpath(path, project)
            sources = name.endswith((".c", ".h", ".cpp"))   # CMakeLists.txt documents them
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, text in enumerate(f, start=1):
                    for m in HINT_MARKER.finditer(text):
                        found.append(("hint", rel, number, int(m.group(1))))
                    for m in MARKER.finditer(text) if sources else ():
                        kind = "x32" if m.group(2) else m.group(1)
                        found.append((kind, rel, number, int(m.group(2) or 0)))
    return found


def say(status, name, why=""):
    print("%s %s%s" % (status, name, ": " + why if why and status != "PASS" else ""))


def where(item):
    return "%s:%d" % (item["file"], item["line"])


def check_static(name, project, r, exit_code, report):
    marks = markers(project)
    x32_only = r["diagnostics"]["x32_only"]
    lp64_only = r["diagnostics"]["lp64_only"]
    expected_lines = set()
    for kind, rel, line, cls in marks:
        at = lambda items: [d for d in items if d["file"] == rel and d["line"] == line]
        if kind == "x32":
            expected_lines.add((rel, line))
            hits = at(x32_only)
            test = "%s-x32-only:%s:%d:class%d" % (name, rel, line, cls)
            if any(d["class"] == cls for d in hits):
                say("PASS", test)
            elif hits:
                say("FAIL", test, "reported as class %s" % ",".join(str(d["class"]) for d in hits))
            else:
                say("FAIL", test, "no x32-only diagnostic on this line")
        elif kind == "lp64-only":
            expected_lines.add((rel, line))
            test = "%s-lp64-only:%s:%d" % (name, rel, line)
            say("PASS" if at(lp64_only) else "FAIL", test, "not in the LP64-only section")
        elif kind == "layout" and r["layout"]["why_not"]:
            say("SKIP", "%s-layout:%s:%d" % (name, rel, line), r["layout"]["why_not"])
        elif kind == "layout":
            test = "%s-layout:%s:%d" % (name, rel, line)
            say("PASS" if at(r["layout"]["differences"]) else "FAIL", test,
                "no layout difference reported for the struct on this line (got: %s)"
                % ", ".join(where(x) for x in r["layout"]["differences"]))
        elif kind == "hint":
            test = "%s-hint:%s:%d:class%d" % (name, rel, line, cls)
            hit = [h for h in r["hints"] if h["file"] == rel and h["line"] == line]
            say("PASS" if any(h["class"] == cls for h in hit) else "FAIL", test,
                "hints here: %s" % ([h["class"] for h in hit] or "none"))
    planted_hints = {(rel, line) for kind, rel, line, _ in marks if kind == "hint"}
    stray = [h for h in r["hints"] if (h["file"], h["line"]) not in planted_hints]
    say("PASS" if not stray else "FAIL", name + "-no-unplanted-hints",
        "; ".join("%s class %d" % (where(h), h["class"]) for h in stray))
    unexpected = [d for d in x32_only + lp64_only if (d["file"], d["line"]) not in expected_lines]
    say("PASS" if not unexpected else "FAIL", name + "-nothing-unplanted",
        "; ".join("%s %s" % (where(d), d["option"]) for d in unexpected))
    say("PASS" if r["exit_code"] == exit_code else "FAIL", "%s-exit-%d" % (name, exit_code),
        "exit %d (%s)" % (r["exit_code"], r["error"] or r["status"]))
    if report:
        try:
            with open(report) as f:
                text = f.read()
        except OSError as e:
            say("FAIL", name + "-markdown-report", str(e))
            return
        missing = ["%s:%d" % (rel, line) for kind, rel, line, _ in marks
                   if (kind == "x32" or kind == "layout" and not r["layout"]["why_not"])
                   and "%s:%d" % (rel, line) not in text]
        say("PASS" if not missing else "FAIL", name + "-markdown-report",
            "not in the report: " + ", ".join(missing))


def check_runtime(name, project, r, tests):
    if not r["tests"]["x32_ran"]:
        say("SKIP", name + "-tests", "x32 tests did not run: " + r["tests"]["why_not"])
        if r["sanitizers"]["enabled"]:
            say("SKIP", name + "-sanitizers", "x32 tests did not run")
        return
    failed = sorted(f["name"] for f in r["tests"]["x32_only_failures"])
    say("PASS" if failed == sorted(tests) else "FAIL", name + "-x32-only-test-failures",
        "expected %s, got %s" % (sorted(tests), failed))
    if not r["sanitizers"]["enabled"]:
        return
    found = r["sanitizers"]["x32_only"]
    tools = {"ubsan": "UBSan", "asan": "AddressSanitizer"}
    for kind, rel, line, _ in markers(project):
        if kind not in tools:
            continue
        test = "%s-%s:%s:%d" % (name, kind, rel, line)
        hit = [f for f in found if f["file"] == rel and f["line"] == line
               and f["tool"] == tools[kind]]
        say("PASS" if hit else "FAIL", test, "x32-only sanitizer findings: %s"
            % (", ".join("%s %s" % (where(f), f["tool"]) for f in found) or "none"))


def check_clean(name, r):
    d = r["diagnostics"]
    lay = r["layout"]
    checks = [
        ("exit-0", r["exit_code"] == 0, "exit %d (%s)" % (r["exit_code"], r["error"] or r["status"])),
        ("no-x32-only-diagnostics", not d["x32_only"],
         "; ".join("%s %s" % (where(x), x["option"]) for x in d["x32_only"])),
        ("no-lp64-only-diagnostics", not d["lp64_only"],
         "; ".join("%s %s" % (where(x), x["option"]) for x in d["lp64_only"])),
        ("no-hints", not r["hints"], "; ".join(where(h) for h in r["hints"])),
        ("layouts-checked-and-equal", len(lay["checked"]) >= 2 and not lay["differences"],
         "checked %s, differences %s" % (lay["checked"], [x["struct"] for x in lay["differences"]])),
    ]
    for suffix, ok, why in checks:
        if suffix.startswith("layouts") and lay["why_not"]:
            say("SKIP", "%s-%s" % (name, suffix), lay["why_not"])
            continue
        say("PASS" if ok else "FAIL", "%s-%s" % (name, suffix), why)
    if r["tests"]["x32_ran"]:
        fails = [f["name"] for f in r["tests"]["x32_only_failures"]]
        say("PASS" if not fails else "FAIL", name + "-no-x32-only-test-failures", str(fails))
        if r["sanitizers"]["enabled"]:
            san = r["sanitizers"]["x32_only"]
            say("PASS" if not san else "FAIL", name + "-no-sanitizer-findings",
                "; ".join(where(f) for f in san))
    else:
        say("SKIP", name + "-tests", "x32 tests did not run: " + r["tests"]["why_not"])


def main(argv):
    mode, name, project, result = argv[:4]
    try:
        with open(result) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        say("FAIL", name + "-json", "no JSON result (%s)" % e)
        return
    if mode == "static":
        check_static(name, project, r, int(argv[4]), argv[5] if len(argv) > 5 else None)
    elif mode == "runtime":
        check_runtime(name, project, r, argv[4:])
    elif mode == "clean":
        check_clean(name, r)
    else:
        raise SystemExit("expect.py: unknown mode %s" % mode)


if __name__ == "__main__":
    main(sys.argv[1:])
