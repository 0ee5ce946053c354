"""The CI gate: which findings fail a run (exit 1), which are information, and which a
baseline file already knows.

Severity comes from the bug classes (docs/bug-classes.md, "Severity in x32-check"):

- error (fails the gate by default): x32-only diagnostics of every class, class 0 (an
  x32-only diagnostic no rule knows) included; tests failing only on x32; x32-only
  sanitizer findings; struct layout differences (class 16).
- info (reported, never fails by default): LP64-only diagnostics (class 22: x32 hides
  them) and x32-only `-Wsign-conversion` (part of class 12). GCC's C `-Wconversion`
  turns the latter on, and on ILP32 every `unsigned int` stored in a `long`, `ssize_t`
  or `intptr_t` warns; the value changes only at 2 GiB and above, where the
  comparisons and offsets of class 12 (`-Wsign-compare`, which stays an error) are the
  real bugs. On real projects these were most of the findings of otherwise clean code.
  Hints are reported apart and never fail the gate.

A SPEC names findings for --fail-on and --ignore-class: a class number (`12`), a warning
option with or without its -W (`sign-conversion`), `tests`, `sanitizers`, `layouts`, or
`all`. --fail-on makes matching findings fail the gate whatever their severity;
--ignore-class keeps matching findings out of the gate (still reported); ignoring wins.

A baseline file lists known findings, one a line; with --baseline only findings beyond
it fail the gate. Lines carry no line numbers (an edit above a finding would otherwise
make it new) and count: two identical warnings in one file need two lines.
"""

import collections
import re

SPEC_WORDS = ("tests", "sanitizers", "layouts", "all")
INFORMATIONAL_OPTIONS = ("-Wsign-conversion",)
BASELINE_HEADER = (
    "# x32-check baseline: findings known when it was written; with --baseline FILE only\n"
    "# findings beyond these fail the gate. One finding a line, tab-separated: what, where,\n"
    "# and the option or kind; no line numbers, so edits elsewhere keep it valid. Rewrite it\n"
    "# with x32-check --write-baseline FILE; delete lines as findings are fixed.\n")


# The gate's command-line options: (option, argparse settings, help).
OPTIONS = [
    ("--fail-on", {"metavar": "SPEC", "action": "append", "default": []},
     "findings that fail the gate whatever their default severity: a class number, a "
     "warning option (sign-conversion), tests, sanitizers, layouts or all (repeatable, "
     "or comma-separated)"),
    ("--ignore-class", {"metavar": "SPEC", "action": "append", "default": []},
     "findings that never fail the gate (still reported); the same SPECs; wins over "
     "--fail-on"),
    ("--baseline", {"metavar": "FILE"},
     "known findings (written by --write-baseline): only findings beyond them fail the "
     "gate"),
    ("--write-baseline", {"metavar": "FILE"},
     "write the findings that fail the gate to FILE and exit 0 (2 on errors)"),
]


def add_options(parser):
    group = parser.add_argument_group("the gate (exit 1; see check/README.md)")
    for option, settings, text in OPTIONS:
        group.add_argument(option, help=text, **settings)


class BadSpec(ValueError):
    pass


def parse_specs(values):
    """Comma-separated, repeatable SPECs to a set of normalised words."""
    specs = set()
    for value in values:
        for word in filter(None, (w.strip() for w in value.split(","))):
            if word.isdigit() or word in SPEC_WORDS:
                specs.add(word)
            elif re.match(r"^(-W)?[a-z][a-z0-9-]*(=.*)?$", word):
                option = word.split("=", 1)[0]
                specs.add(option if option.startswith("-W") else "-W" + option)
            else:
                raise BadSpec("x32-check: '%s' is not a finding kind: give a class number "
                              "(12), a warning option (sign-conversion), tests, sanitizers, "
                              "layouts or all" % word)
    return specs


def _matches(finding, specs):
    if "all" in specs or finding["group"] in specs:
        return True
    return str(finding.get("class", "")) in specs or finding.get("option") in specs


def default_severity(finding):
    if finding["group"] == "lp64-only":
        return "info"
    if finding["group"] == "diagnostic" and finding.get("option") in INFORMATIONAL_OPTIONS:
        return "info"
    return "error"


def baseline_line(finding):
    g = finding["group"]
    if g in ("diagnostic", "lp64-only"):
        fields = [g, finding["file"], finding.get("option") or finding.get("kind", ""),
                  finding.get("message", "")]
    elif g == "tests":
        fields = [g, finding["name"]]
    elif g == "sanitizers":
        fields = [g, finding["file"], finding["tool"], finding["kind"]]
    else:
        fields = [g, finding["struct"]]
    return "\t".join(re.sub(r"\s+", " ", str(f)) for f in fields)


def read_baseline(path):
    """The baseline's lines, counted; SystemExit with one clear line when unreadable."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [t.rstrip("\n") for t in f]
    except OSError as e:
        raise SystemExit("x32-check: --baseline %s: %s (write one with --write-baseline)"
                         % (path, e.strerror or e))
    return collections.Counter(t for t in lines if t.strip() and not t.startswith("#"))


def write_baseline(path, findings):
    with open(path, "w", encoding="utf-8") as f:
        f.write(BASELINE_HEADER)
        for line in sorted(baseline_line(x) for x in findings):
            f.write(line + "\n")


def judge(findings, fail_on=(), ignore=(), baseline=None):
    """Set each finding's "severity" (error/info), "gate" (counted, informational,
    ignored, baseline) and return the counts per gate value."""
    known = collections.Counter(baseline or {})
    counts = collections.Counter()
    for x in findings:
        x["severity"] = default_severity(x)
        if _matches(x, ignore):
            x["gate"] = "ignored"
        elif x["severity"] == "info" and not _matches(x, fail_on):
            x["gate"] = "informational"
        elif known[baseline_line(x)] > 0:
            known[baseline_line(x)] -= 1
            x["gate"] = "baseline"
        else:
            x["gate"] = "counted"
        counts[x["gate"]] += 1
    return {k: counts[k] for k in ("counted", "informational", "ignored", "baseline")}
