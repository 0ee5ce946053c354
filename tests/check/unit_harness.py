"""The little harness of the unit files (units.py, units_gate.py, units_hints.py):
@case registers a function; run() calls each and prints one PASS/FAIL line per case,
the protocol of tests/lib.sh. A broken case does not hide the others."""

import traceback

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def run():
    for fn in CASES:
        name = "unit-" + fn.__name__.replace("_", "-")
        try:
            fn()
            print("PASS " + name)
        except Exception as e:
            last = traceback.extract_tb(e.__traceback__)[-1]
            print("FAIL %s: line %d: %s" % (name, last.lineno, repr(e)[:300]))
