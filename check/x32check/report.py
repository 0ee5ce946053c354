"""The three renderings of one result: a terminal summary, a Markdown report and JSON.
All three are made from the same dictionary (see cli.build_result), so they agree."""

import json

from . import classes


def _where(item):
    return "%s:%d" % (item["file"], item["line"]) if item.get("line") else item["file"]


def _by_class(diags):
    groups = {}
    for d in diags:
        groups.setdefault(d["class"], []).append(d)
    return sorted(groups.items(), key=lambda kv: (kv[0] == 0, kv[0]))


# How a finding that does not fail the gate is marked (gate.py says why).
_GATE_MARK = {"informational": " (informational)", "ignored": " (ignored: --ignore-class)",
              "baseline": " (in the baseline)"}


def _mark(item):
    return _GATE_MARK.get(item.get("gate"), "")


def _diag_line(d):
    opt = " [%s]" % d["option"] if d["option"] else ""
    return "%s: %s: %s%s%s" % (_where(d), d["kind"], d["message"], opt, _mark(d))


def _gate_line(r):
    g = r["gate"]
    c = g["counts"]
    words = ["%d finding(s) fail it" % c["counted"]]
    if c["informational"]:
        words.append("%d informational (LP64-only, x32-only -Wsign-conversion; --fail-on "
                     "makes them count)" % c["informational"])
    if c["ignored"]:
        words.append("%d ignored (--ignore-class %s)" % (c["ignored"], ",".join(g["ignored"])))
    if g["baseline"]:
        words.append("%d known in the baseline %s" % (c["baseline"], g["baseline"]))
    if g["wrote_baseline"]:
        words.append("baseline written to %s" % g["wrote_baseline"])
    return "gate: " + "; ".join(words)


def terminal(r):
    out = []
    t = r["x32_toolchain"]
    out.append("x32-check %s" % r["source"])
    out.append("  x32 compiler: %s%s" % (t["compiler"], "" if not t["toolchain_file"]
                                          else " (toolchain file %s)" % t["toolchain_file"]))
    for n in t["notes"]:
        out.append("  note: %s" % n)
    out.append("  work directory (builds and logs): %s" % r["workdir"])
    out.append("  time: %s" % _times(r))
    if not r["builds"]["lp64"]["ok"] or r["builds"]["x32"]["failed_step"] == "configure":
        # Nothing to compare: show where it broke and stop.
        out.extend(["", "first errors in the failed step's log:"])
        out.extend("    " + line for line in r["error_excerpt"])
        out.append("")
        out.append("result: %s (exit %d)" % (r["status"], r["exit_code"]))
        return "\n".join(out) + "\n"
    d = r["diagnostics"]
    out.append("")
    out.append("x32-only diagnostics: %d (the builds printed %d on x32, %d on LP64)"
               % (len(d["x32_only"]), d["counts"]["x32"], d["counts"]["lp64"]))
    for number, group in _by_class(d["x32_only"]):
        out.append("  class %d, %s:" % (number, classes.title(number)))
        out.extend("    " + _diag_line(x) for x in group)
    if d["lp64_only"]:
        out.append("LP64-only diagnostics (class 22, informational): %d" % len(d["lp64_only"]))
        out.extend("    " + _diag_line(x) for x in d["lp64_only"])
    tests = r["tests"]
    if tests["lp64_ran"] and not sum(tests["lp64"].values()):
        out.append("tests: the project has none")
    elif not tests["x32_ran"]:
        out.append("x32 tests: NOT RUN: %s" % tests["why_not"])
    else:
        out.append("tests: LP64 %s; x32 %s" % (_counts(tests["lp64"]), _counts(tests["x32"])))
        out.append("x32 programs started under x32-run: %s" % _starts(tests["x32_starts"]))
        out.append("tests failing only on x32: %d" % len(tests["x32_only_failures"]))
        out.extend("    %s%s%s" % (f["name"], _outcomes(f), _mark(f))
                   for f in tests["x32_only_failures"])
        if tests["fails_on_both"]:
            out.append("tests failing on both (the native baseline, not x32 findings): %d"
                       % len(tests["fails_on_both"]))
            out.extend("    %s%s" % (f["name"], _outcomes(f)) for f in tests["fails_on_both"])
        if tests["passes_only_on_x32"]:
            out.append("tests passing only on x32 (failing natively; not counted): %d"
                       % len(tests["passes_only_on_x32"]))
            out.extend("    %s%s" % (f["name"], _outcomes(f))
                       for f in tests["passes_only_on_x32"])
        if tests["ran_no_x32_code"]:
            out.append("tests that passed but ran no x32 code, not x32 passes: %d"
                       % len(tests["ran_no_x32_code"]))
            out.extend("    %s: %s" % (n["name"], n["reason"]) for n in tests["ran_no_x32_code"])
        if tests["not_run_properly"]:
            out.append("tests NOT RUN properly, not counted: %d (their x32 program did not run)"
                       % len(tests["not_run_properly"]))
            out.extend("    %s: %s" % (n["name"], n["reason"]) for n in tests["not_run_properly"])
    s = r["sanitizers"]
    if s["enabled"]:
        out.append("x32-only sanitizer findings: %d" % len(s["x32_only"]))
        out.extend("    %s: %s: %s (test %s)%s" % (_where(f), f["tool"], f["message"],
                                                   f["test"], _mark(f)) for f in s["x32_only"])
    lay = r["layout"]
    if lay["checked"]:
        out.append("layout differences: %d of %d structs checked"
                   % (len(lay["differences"]), len(lay["checked"])))
        for x in lay["differences"]:
            out.append("    %s (%s) %s: %s%s" % (x["struct"], x["why"], _where(x),
                                                 "; ".join(x["details"]), _mark(x)))
    if lay["why_not"]:
        out.append("layouts: NOT CHECKED: %s" % lay["why_not"])
    if r["hints"]:
        out.append("hints (architecture tests that ignore the data model; not counted): %d"
                   % len(r["hints"]))
        out.extend("    %s: class %d: %s" % (_where(h), h["class"], h["text"]) for h in r["hints"])
    out.append(_gate_line(r))
    out.append("")
    out.append("result: %s (exit %d)" % (r["status"], r["exit_code"]))
    return "\n".join(out) + "\n"


def _starts(s):
    changes = s.get("tree_changes")
    tree = ("inside x32-run --tree (%s%s)" % (s["tree"], "; it changes " + changes
                                             if changes else "")
            if s["tree"] else "not in a tree: %s" % (s["tree_why"] or "no runner"))
    tagged = s["tests_that_started_x32"]
    return "%d, %s%s" % (s["count"], tree, "; by %d test(s)" % len(tagged) if tagged else "")


def _counts(c):
    failed = "%d failed" % c["failed"]
    if c.get("timed_out"):
        failed += " (%d timed out)" % c["timed_out"]
    skipped = "%d skipped" % c["skipped"]
    if c.get("unsupported"):
        skipped += " (%d unsupported)" % c["unsupported"]
    text = "%d passed, %s, %s" % (c["passed"], failed, skipped)
    if c.get("unresolved"):
        text += ", %d unresolved" % c["unresolved"]
    if c.get("ran_no_x32_code"):
        text += ", %d ran no x32 code" % c["ran_no_x32_code"]
    return text


# Plain words need no mention beside a test's name; the harness's own words do.
_PLAIN = ("failed", "FAIL", "passed", "PASS", "")


def _outcomes(f):
    """' (x32: UNRESOLVED; LP64: FAIL, timed out)' when a side's result is more than a
    plain pass or fail, or LP64 has no result of that name."""
    words = []
    if "x32_outcome" in f and f["x32_outcome"] not in _PLAIN:
        words.append("x32: " + f["x32_outcome"])
    if "lp64_outcome" in f and f["lp64_outcome"] not in _PLAIN[:-1]:
        words.append("LP64: " + (f["lp64_outcome"] or "no result"))
    return " (%s)" % "; ".join(words) if words else ""


def _times(r):
    """'LP64 build 12.3 s, tests 4.5 s; x32 build ...' (build includes configure)."""
    sides = []
    for name, label in (("lp64", "LP64"), ("x32", "x32")):
        steps = r["seconds"].get(name, {})
        if steps:
            sides.append("%s %s" % (label, ", ".join("%s %.1f s" % (step, steps[step])
                                                     for step in ("build", "tests")
                                                     if step in steps)))
    return "; ".join(sides or ["none"]) + " (build jobs: %d)" % r["jobs"]


def _md_escape(text):
    return text.replace("|", "\\|").replace("`", "'")


def _md_code(text):
    """A compiler message as a code span: its __off_t and %ld must not turn into
    Markdown emphasis."""
    return "`%s`" % _md_escape(text)


def markdown(r):
    t = r["x32_toolchain"]
    md = ["# x32-check report", "",
          "Project: `%s`  " % r["source"],
          "Result: **%s** (exit %d)%s" % (r["status"], r["exit_code"],
                                          ": " + r["error"] if r["error"] else ""), "",
          "x32 side: `%s`%s; runner: %s" % (
              t["compiler"], ", toolchain file `%s`" % t["toolchain_file"]
              if t["toolchain_file"] else ", x32-check's own CMake settings",
              "`%s`" % t["runner"] if t["runner"] else "none"), ""]
    md += ["- %s" % n for n in t["notes"]]
    md += ["", "Builds and logs: `%s`  " % r["workdir"], "Time: %s" % _times(r), ""]
    if not r["builds"]["lp64"]["ok"] or r["builds"]["x32"]["failed_step"] == "configure":
        # Nothing to compare: where it broke, and nothing that looks like a clean result.
        md += ["## The build failed", "", r["error"] or "", "", "```"]
        md += r["error_excerpt"] + ["```"]
        return "\n".join(md) + "\n"

    d = r["diagnostics"]
    md += ["## Diagnostics only the x32 build shows (%d)" % len(d["x32_only"]), ""]
    if not d["x32_only"]:
        md.append("None.")
    for number, group in _by_class(d["x32_only"]):
        md += ["", "### Class %d: %s" % (number, _md_escape(classes.title(number))), "",
               "| where | option | message |", "|---|---|---|"]
        md += ["| `%s` | %s | %s%s |" % (_where(x), x["option"] or x["kind"],
                                         _md_code(x["message"]), _mark(x)) for x in group]
    md += ["", "## Diagnostics only the LP64 build shows (%d)" % len(d["lp64_only"]), "",
           "Bugs LP64 exposes and x32 hides (class 22); informational, they do not change "
           "the exit status.", ""]
    md += ["- `%s` %s: %s" % (_where(x), x["option"] or x["kind"], _md_code(x["message"]))
           for x in d["lp64_only"]] or ["None."]

    tests = r["tests"]
    md += ["", "## Tests that pass on LP64 and fail on x32", ""]
    if not tests["x32_ran"]:
        md.append("**Not run**: %s" % tests["why_not"])
    else:
        md.append("LP64: %s. x32: %s." % (_counts(tests["lp64"]), _counts(tests["x32"])))
        md.append("")
        md.append("x32 programs started under x32-run: %s." % _md_escape(_starts(tests["x32_starts"])))
        md.append("")
        for f in tests["x32_only_failures"]:
            md += ["### `%s`%s%s" % (f["name"], _md_escape(_outcomes(f)), _mark(f)), "",
                   "```", f["output"].rstrip()[-3000:], "```", ""]
        if not tests["x32_only_failures"]:
            md.append("None.")
        if tests["fails_on_both"]:
            md += ["", "### Failing on both sides: the native baseline, not x32 findings (%d)"
                   % len(tests["fails_on_both"]), ""]
            md += ["- `%s`%s" % (f["name"], _md_escape(_outcomes(f)))
                   for f in tests["fails_on_both"]]
        if tests["passes_only_on_x32"]:
            md += ["", "### Passing only on x32: failing natively, not counted (%d)"
                   % len(tests["passes_only_on_x32"]), ""]
            md += ["- `%s`%s" % (f["name"], _md_escape(_outcomes(f)))
                   for f in tests["passes_only_on_x32"]]
        if tests["not_run_properly"]:
            md += ["", "### Not run properly, not counted (%d)" % len(tests["not_run_properly"]),
                   "", "Their x32 program did not run, so their failure says nothing about "
                   "the project:", ""]
            md += ["- `%s`: %s" % (n["name"], _md_escape(n["reason"]))
                   for n in tests["not_run_properly"]]
        if tests["ran_no_x32_code"]:
            md += ["", "### Passed but ran no x32 code, not x32 passes (%d)"
                   % len(tests["ran_no_x32_code"]), ""]
            md += ["- `%s`: %s" % (n["name"], _md_escape(n["reason"]))
                   for n in tests["ran_no_x32_code"]]

    s = r["sanitizers"]
    md += ["", "## Sanitizer findings only in the x32 run", ""]
    if not s["enabled"]:
        md.append("Not enabled (run with `--sanitize`).")
    elif not tests["x32_ran"]:
        md.append("Not run: the x32 tests did not run.")
    else:
        md += ["- `%s` %s %s: %s (test `%s`)%s" % (_where(f), f["tool"], f["kind"],
                                                  _md_code(f["message"]), f["test"], _mark(f))
               for f in s["x32_only"]] or ["None."]

    lay = r["layout"]
    md += ["", "## Struct layouts that differ between LP64 and x32 (class 16)", ""]
    if lay["why_not"]:
        md.append("**Not checked**: %s." % lay["why_not"])
    elif not lay["checked"]:
        md.append("No struct was marked (`--layout STRUCT`, a `x32-check: layout` comment) "
                  "or found passed whole to a read/write call.")
    else:
        md.append("Checked: %s." % ", ".join("`%s`" % n for n in lay["checked"]))
        md.append("")
        for x in lay["differences"]:
            md += ["### `%s` (%s, `%s`)%s" % (x["struct"], x["why"], _where(x), _mark(x)), ""]
            md += ["- %s" % line for line in x["details"]]
            md.append("")
        if lay["not_found"]:
            md.append("Not found in the builds' debug information: %s."
                      % ", ".join("`%s`" % n for n in lay["not_found"]))
    md += ["", "## Hints: architecture tests that ignore the data model", "",
           "True on x32 as on x86-64, so no build difference shows them; they often explain "
           "the findings above. They do not change the exit status.", ""]
    md += ["- `%s` class %d (%s): %s" % (_where(h), h["class"], _md_escape(h["class_title"]),
                                         _md_code(h["text"])) for h in r["hints"]] or ["None."]
    md += ["", "## Gate", "", _md_escape(_gate_line(r)) + "."]
    return "\n".join(md) + "\n"


def as_json(r):
    return json.dumps(r, indent=2, sort_keys=True) + "\n"
