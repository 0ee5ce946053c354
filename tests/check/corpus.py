"""Compare an x32-check JSON result with a corpus project's EXPECTED file, exactly.

    python3 corpus.py NAME PROJECT/EXPECTED RESULT.json

EXPECTED holds one line per thing x32-check must report (and nothing else may be):
    exit N                                         the exit status
    GATE diagnostic FILE:LINE class N OPTION       an x32-only diagnostic
    GATE lp64-only FILE:LINE class 22 OPTION       an LP64-only diagnostic
    GATE tests NAME | GATE sanitizers FILE:LINE TOOL | GATE layouts STRUCT
    hint FILE:LINE class N
    ran-no-x32-code NAME                           passed without x32 code
    fails-on-both NAME                             a native failure x32 shares (baseline)
    passes-only-on-x32 NAME                        fails natively, passes on x32
    x32-passed N                                   x32 passes (with x32 code in them)
    args OPTION...                                 the run's options (corpus.sh reads them)
GATE is how the default gate treats it: counted, informational, ignored or baseline.
The lines about tests are checked only when the x32 tests ran (else SKIP, with why).
Prints one PASS/FAIL/SKIP line per part, the protocol of tests/lib.sh.
"""

import json
import sys

TEST_WORDS = ("tests", "sanitizers", "ran-no-x32-code", "fails-on-both", "passes-only-on-x32",
              "x32-passed")


def reported(r):
    got = ["exit %d" % r["exit_code"]]
    for group, items in (("diagnostic", r["diagnostics"]["x32_only"]),
                         ("lp64-only", r["diagnostics"]["lp64_only"])):
        got += ["%s %s %s:%d class %d %s" % (d["gate"], group, d["file"], d["line"], d["class"],
                                             d["option"] or d["kind"]) for d in items]
    t = r["tests"]
    got += ["%s tests %s" % (f["gate"], f["name"]) for f in t["x32_only_failures"]]
    got += ["%s sanitizers %s:%d %s" % (f["gate"], f["file"], f["line"], f["tool"])
            for f in r["sanitizers"]["x32_only"]]
    got += ["%s layouts %s" % (x["gate"], x["struct"]) for x in r["layout"]["differences"]]
    got += ["hint %s:%d class %d" % (h["file"], h["line"], h["class"]) for h in r["hints"]]
    got += ["ran-no-x32-code %s" % n["name"] for n in t["ran_no_x32_code"]]
    got += ["fails-on-both %s" % f["name"] for f in t["fails_on_both"]]
    got += ["passes-only-on-x32 %s" % f["name"] for f in t["passes_only_on_x32"]]
    if t["x32_ran"]:
        got.append("x32-passed %d" % t["x32"]["passed"])
    return got


def main(name, expected_file, result_file):
    with open(expected_file) as f:
        want = [" ".join(t.split()) for t in f
                if t.strip() and not t.startswith(("#", "args "))]
    try:
        with open(result_file) as f:
            r = json.load(f)
    except (OSError, ValueError) as e:
        print("FAIL %s: no JSON result (%s)" % (name, e))
        return
    got = [" ".join(g.split()) for g in reported(r)]
    if not r["tests"]["x32_ran"]:
        print("SKIP %s-tests: x32 tests did not run: %s" % (name, r["tests"]["why_not"]))
        want = [w for w in want if w.split()[0] not in TEST_WORDS and
                (len(w.split()) < 2 or w.split()[1] not in TEST_WORDS)]
    missing = [w for w in want if w not in got]
    extra = [g for g in got if g not in want]
    if missing or extra:
        print("FAIL %s: missing: %s; not expected: %s" % (name, "; ".join(missing) or "none",
                                                          "; ".join(extra) or "none"))
    else:
        print("PASS %s" % name)


if __name__ == "__main__":
    main(*sys.argv[1:4])
