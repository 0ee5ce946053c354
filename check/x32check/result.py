"""From two finished sides to the result: the differences, and the one dictionary the
terminal summary, the Markdown report and the JSON are rendered from."""

import glob
import json
import os
import re
import shutil
import subprocess

from . import (asm_lines, build_errors, classes, diagnostics, evidence, gate, hints,
               layout, sanitizers, test_results)

USAGE_ERROR = 2


def objects_of(build_dir):
    """Object files of a build, from its compile_commands.json."""
    try:
        with open(os.path.join(build_dir, "compile_commands.json")) as f:
            entries = json.load(f)
    except (OSError, ValueError):
        # No compilation database (autotools): every object in the tree.
        return sorted(glob.glob(os.path.join(build_dir, "**", "*.o"), recursive=True))
    result = []
    for e in entries:
        out = e.get("output") or asm_lines._output_of(asm_lines._argv_of(e))
        if out:
            path = os.path.join(e.get("directory", build_dir), out)
            if os.path.exists(path):
                result.append(path)
    return result


def diag_dict(d, cls):
    return {"file": d.file, "line": d.line, "column": d.column, "kind": d.kind,
            "option": d.option, "message": d.message, "class": cls,
            "class_title": classes.title(cls)}


def collect_diagnostics(side):
    with open(side.log("build"), encoding="utf-8", errors="replace") as f:
        text = f.read()
    found = diagnostics.parse_log(text, side.source_dir, side.build_dir)

    def norm(path):
        return diagnostics.normalise_path(path, side.source_dir, side.build_dir)
    return asm_lines.locate(found, side.build_dir, norm)


def find_pahole():
    """(path, "") of a pahole that runs, else (None, why): $PAHOLE names one, else PATH.
    Without it the layouts cannot be compared, and the result must say so rather than
    look like a project with nothing to compare."""
    hint = "install it with: apt-get install dwarves (the Debian/Ubuntu package)"
    named = os.environ.get("PAHOLE")
    path = shutil.which(named) if named else shutil.which("pahole")
    if not path:
        return None, ("pahole (%s, from $PAHOLE) is not an executable program; %s"
                      % (named, hint) if named else "pahole is not installed; " + hint)
    try:
        r = subprocess.run([path, "--version"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, universal_newlines=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, "pahole (%s) does not run: %s; %s" % (path, e, hint)
    if r.returncode != 0:
        last = (r.stdout.strip().splitlines() or ["no output"])[-1]
        return None, "pahole (%s) does not run: exit %d: %s; %s" % (path, r.returncode,
                                                                      last[:160], hint)
    return path, ""


def check_layouts(options, source, lp64, x32):
    result = {"checked": [], "differences": [], "not_found": [], "why_not": ""}
    wanted = layout.discover(source, options.layout)
    if not wanted:
        return result
    pahole, why_not = find_pahole()
    if not pahole:
        result["why_not"] = "%d struct(s) to compare (%s), but %s" % (
            len(wanted), ", ".join(w.name for w in wanted[:5]) + (", ..." if len(wanted) > 5
                                                                else ""), why_not)
        return result
    names = [w.name for w in wanted]
    native = layout.pahole_layouts(pahole, objects_of(lp64.build_dir), names)
    ours = layout.pahole_layouts(pahole, objects_of(x32.build_dir), names)
    for w in wanted:
        if w.name not in native or w.name not in ours:
            # Heuristic finds (a sizeof of something that is not a struct) are dropped
            # quietly; a struct the user named is reported as not found.
            if w.file == "":
                result["not_found"].append(w.name)
            continue
        result["checked"].append(w.name)
        details = layout.differences(native[w.name], ours[w.name])
        if details:
            file_, line = layout.definition_site(source, w.name)
            if w.file and w.why.startswith("marked"):
                file_, line = w.file, w.line
            result["differences"].append({
                "struct": w.name, "why": w.why + (" at %s:%d" % (w.file, w.line)
                                                  if w.file and not w.why.startswith("marked")
                                                  else ""),
                "file": file_ or "?", "line": line, "class": 16, "details": details})
    return result


def sanitizer_findings(side):
    def norm(path):
        return diagnostics.normalise_path(path, side.source_dir, side.build_dir)
    found = []
    for t in side.tests:
        found.extend(sanitizers.parse(t.output, t.name, norm))
    return found


def first_errors(side, count=5):
    """The first compile or link errors of a failed step's log (build_errors.py), else
    its first lines that say 'error' (none if nothing failed). A line that ends in ':'
    ("CMake Error at CMakeLists.txt:6 (message):") brings the line that says what the
    error is."""
    if not side.failed_step:
        return []
    try:
        with open(side.log(side.failed_step), encoding="utf-8", errors="replace") as f:
            lines = [line.rstrip() for line in f]
    except OSError:
        return []
    compile_or_link = build_errors.compile_or_link_errors("\n".join(lines))
    if compile_or_link:
        return [line[:200] for line in compile_or_link[:count]]
    picked = []
    for i, line in enumerate(lines):
        if len(picked) >= count:
            break
        if not re.search(r"\berror\b", line, re.I):
            continue
        picked.append(line[:200])
        if line.endswith(":"):
            following = [t.strip() for t in lines[i + 1:i + 4] if t.strip()]
            if following:
                picked.append("  " + following[0][:200])
    return picked


def build(options, source, work, tools, lp64, x32, native_diags, x32_diags, layouts,
                 error):
    x32_only = diagnostics.difference(x32_diags, native_diags)
    lp64_only = diagnostics.difference(native_diags, x32_diags)
    sanitize_x32 = sanitizer_findings(x32) if options.sanitize else []
    sanitize_lp64 = sanitizer_findings(lp64) if options.sanitize else []
    san_only = sanitizers.difference(sanitize_x32, sanitize_lp64)
    compared = x32.tests_ran and lp64.tests_ran
    all_fails = test_results.x32_only_failures(lp64.tests, x32.tests) if compared else []
    lp64_outcome = {t.name: test_results.outcome_word(t) for t in lp64.tests}
    # On a kernel that runs x32 itself programs start without x32-run: no proof needed.
    starts = evidence.read(x32.evidence_dir)
    required = x32.evidence_dir is not None and tools.tree != "kernel" and bool(tools.runner)
    fails, not_run = evidence.sort_out(all_fails, starts, x32.tag_of, required)
    unstartable = [name for name, _ in not_run]
    # A pass counts as an x32 pass only with x32 code in it (issue 23: a nested
    # `ctest --build-and-test` rebuilt a project natively and "passed on x32").
    no_code = evidence.passes_without_x32(x32.tests, starts, x32.tag_of) if required else []
    proven = sorted({t.name for t in x32.tests if evidence.started(starts, x32.tag_of, t.name)}) \
        if x32.tag_of else []
    layouts = layouts or {"checked": [], "differences": [], "not_found": [], "why_not": ""}
    found_hints = hints.scan(source) if lp64.failed_step is None else []

    if (not_run or no_code) and options.require_tests and not error:
        error = "; ".join(
            "%d x32 test(s) %s (--require-tests): %s" % (len(names), what, ", ".join(names))
            for what, names in (("did not run properly", unstartable),
                                ("ran no x32 code", [n for n, _ in no_code])) if names)
    x32_counts = test_results.summary(x32.tests)
    if no_code:
        x32_counts["passed"] -= len(no_code)
        x32_counts["ran_no_x32_code"] = len(no_code)
    r = {
        "tool": "x32-check", "format": 1, "source": source, "workdir": work,
        "error": error, "jobs": options.jobs,
        "seconds": {s.name: s.seconds for s in (lp64, x32)},
        "error_excerpt": first_errors(lp64 if lp64.failed_step else x32),
        "x32_toolchain": {"prefix": tools.prefix, "compiler": tools.compiler_name,
                          "toolchain_file": tools.toolchain_file, "runner": tools.runner,
                          "runner_works": tools.can_run, "notes": tools.notes},
        "builds": {s.name: {"ok": s.failed_step is None, "failed_step": s.failed_step,
                            "build_dir": s.build_dir,
                            "logs": {k: s.log(k) for k in ("configure", "build", "test")
                                     if os.path.exists(s.log(k))}}
                   for s in (lp64, x32)},
        "diagnostics": {
            "x32_only": [diag_dict(d, classes.classify(d.option, d.message)) for d in x32_only],
            "lp64_only": [diag_dict(d, 22) for d in lp64_only],
            "counts": {"lp64": len(native_diags), "x32": len(x32_diags)}},
        "tests": {"lp64_ran": lp64.tests_ran, "x32_ran": x32.tests_ran,
                  "why_not": x32.tests_why_not,
                  "lp64": test_results.summary(lp64.tests),
                  "x32": x32_counts,
                  # Passed, but x32 code provably did not run in them: not x32 passes.
                  "ran_no_x32_code": [{"name": n, "reason": why} for n, why in no_code],
                  "x32_only_failures": [{"name": t.name, "output": t.output,
                                         "x32_outcome": test_results.outcome_word(t),
                                         "lp64_outcome": lp64_outcome.get(t.name, "")}
                                        for t in fails],
                  # The native baseline: failing on both sides is not an x32 finding.
                  "fails_on_both": [{"name": x.name,
                                     "lp64_outcome": test_results.outcome_word(n),
                                     "x32_outcome": test_results.outcome_word(x)}
                                    for n, x in test_results.failing_on_both(
                                        lp64.tests, x32.tests)] if compared else [],
                  "passes_only_on_x32": [{"name": x.name,
                                          "lp64_outcome": test_results.outcome_word(n),
                                          "lp64_output": n.output}
                                         for n, x in test_results.passing_only_on_x32(
                                             lp64.tests, x32.tests)] if compared else [],
                  # Not counted: their x32 program did not run (not_run_properly says why).
                  "could_not_start_x32": unstartable,
                  "not_run_properly": [{"name": n, "reason": why} for n, why in not_run],
                  "x32_starts": {"evidence_dir": x32.evidence_dir, "count": len(starts),
                                 "tree": tools.tree, "tree_why": tools.tree_why,
                                 "tree_changes": tools.tree_changes,
                                 "tests_that_started_x32": proven}},
        "sanitizers": {"enabled": options.sanitize,
                       "x32_only": [f._asdict() for f in san_only],
                       "lp64": [f._asdict() for f in sanitize_lp64]},
        "layout": layouts,
        "hints": [{"file": h.file, "line": h.line, "class": h.cls,
                   "class_title": classes.title(h.cls), "text": h.text} for h in found_hints],
    }
    return judge(options, r)


def judge(options, r):
    """Severity, baseline and exit status (gate.py): the findings that fail the gate."""
    groups = [("diagnostic", r["diagnostics"]["x32_only"]),
              ("lp64-only", r["diagnostics"]["lp64_only"]),
              ("tests", r["tests"]["x32_only_failures"]),
              ("sanitizers", r["sanitizers"]["x32_only"]),
              ("layouts", r["layout"]["differences"])]
    findings = []
    for group, items in groups:
        for item in items:
            item["group"] = group
            findings.append(item)
    counts = gate.judge(findings, options.fail_on, options.ignore_class, options.baseline_lines)
    error = r["error"]
    if options.write_baseline and not error:
        gate.write_baseline(options.write_baseline,
                            [x for x in findings if x["gate"] in ("counted", "baseline")])
    problems = counts["counted"] > 0 and not options.write_baseline
    r["gate"] = {"counts": counts, "fail_on": sorted(options.fail_on),
                 "ignored": sorted(options.ignore_class), "baseline": options.baseline,
                 "wrote_baseline": options.write_baseline if not error else None}
    r["exit_code"] = USAGE_ERROR if error else (1 if problems else 0)
    r["status"] = "error" if error else ("x32-only problems" if problems else "clean")
    return r
