"""DejaGnu suites: their results as tests, and the board the x32 side runs them on.

Results. Every result line of a .sum file is one test, named "dejagnu:TOOL: what it
says" ("dejagnu:ffi: call.c -O2 execution test": the test and its options variant), so
that names from .sum files and automake's .trs files never meet. The same line twice in
one file is two tests ("... (#2)"). A test's output is its own part of the .log beside
the .sum: the lines after the previous result, up to its own. UNRESOLVED and ERROR are
"unresolved", UNSUPPORTED and UNTESTED skips, and a result after DejaGnu's
"WARNING: program timed out." is marked as timed out; all of them are counted.

Board. The x32 side's $DEJAGNU file names the x32-run board as the target, so every
suite of the project runs on it, in whatever Makefile it sits and whatever RUNTESTFLAGS
reach that Makefile (a --target_board on runtest's command line still wins). The board
is the SDK's (PREFIX/share/x32-sdk/dejagnu/boards/x32-run.exp); without an SDK,
x32-check writes the same settings itself.
"""

import glob
import os
import re

from . import test_results

PREFIX = "dejagnu:"
RESULT = re.compile(r"^(PASS|XFAIL|KFAIL|FAIL|XPASS|KPASS|UNRESOLVED|ERROR|UNSUPPORTED|"
                    r"UNTESTED): (.+)$")
_STATUS = {"PASS": "passed", "XFAIL": "passed", "KFAIL": "passed",
           "FAIL": "failed", "XPASS": "failed", "KPASS": "failed",
           "UNRESOLVED": "unresolved", "ERROR": "unresolved",
           "UNSUPPORTED": "skipped", "UNTESTED": "skipped"}
# remote.exp's warning when a test program ran past its time (the FAIL follows).
_TIMED_OUT = re.compile(r"^WARNING: program timed out")
# How much of a test's own part of the .log is kept.
OUTPUT_LIMIT = 16384


def _log_parts(log_text):
    """{result line: [the .log text leading up to it, once per occurrence]}."""
    parts, lines = {}, []
    for line in log_text.splitlines():
        lines.append(line)
        if RESULT.match(line):
            parts.setdefault(line, []).append("\n".join(lines)[-OUTPUT_LIMIT:])
            lines = []
    return parts


def parse_sum(sum_text, log_text, tool, clean_name=lambda name: name):
    """The tests of one .sum file (and its .log); clean_name makes a name the same on
    both sides (see results())."""
    parts = _log_parts(log_text)
    results, seen, timed_out = [], {}, False
    for line in sum_text.splitlines():
        if _TIMED_OUT.match(line):
            timed_out = True
            continue
        m = RESULT.match(line)
        if not m:
            continue
        name = "%s%s: %s" % (PREFIX, tool, clean_name(m.group(2)))
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name += " (#%d)" % seen[name]
        queue = parts.get(line, [])
        output = queue.pop(0) if queue else ""
        results.append(test_results.TestResult(name, _STATUS[m.group(1)], output,
                                                m.group(1), timed_out))
        timed_out = False
    return results


def results(tree, host=None):
    """Every .sum file's tests below `tree`. Names must not carry what differs between
    the two sides: the build tree's path is dropped and a directory named after the
    host triplet (GCC's and libffi's per-host build directories) becomes {host}."""
    real = os.path.realpath(tree)

    def clean_name(name):
        for root in {tree, real}:
            name = name.replace(root + os.sep, "")
        if host:
            name = name.replace(host + os.sep, "{host}" + os.sep)
        return name

    found = []
    for path in sorted(glob.glob(os.path.join(tree, "**", "*.sum"), recursive=True)):
        if not os.path.isfile(path):
            continue
        log = path[:-len(".sum")] + ".log"
        with open(path, encoding="utf-8", errors="replace") as f:
            sum_text = f.read()
        log_text = ""
        if os.path.exists(log):
            with open(log, encoding="utf-8", errors="replace") as f:
                log_text = f.read()
        tool = os.path.basename(path)[:-len(".sum")]
        found.extend(parse_sum(sum_text, log_text, tool, clean_name))
    return found


def sdk_boards(prefix):
    """The SDK's DejaGnu boards directory when it has the x32-run board, else None."""
    if not prefix:
        return None
    boards = os.path.join(prefix, "share", "x32-sdk", "dejagnu", "boards")
    return boards if os.path.isfile(os.path.join(boards, "x32-run.exp")) else None


# The settings of the SDK's board (tests/upstream/boards/x32-run.exp), for a run without
# the SDK: DejaGnu's own unix board with x32-run as its exec_shell.
_OWN_BOARD = """\
# Written by x32-check: the x32-run board, for a run without the SDK (whose board,
# PREFIX/share/x32-sdk/dejagnu/boards/x32-run.exp, has the same settings). DejaGnu's own
# unix board, with x32-run ($X32_RUN) in front of every program it runs.
load_generic_config "unix"
set_board_info exec_shell "$env(X32_RUN)"
unset_board_info isremote
set_board_info isremote 0
process_multilib_options ""
"""


def write_site(directory, boards=None):
    """Write the x32 side's $DEJAGNU file in `directory` and return its path. `boards`:
    the SDK's boards directory; None writes x32-check's own board beside the file."""
    os.makedirs(directory, exist_ok=True)
    if not boards:
        boards = os.path.join(directory, "boards")
        os.makedirs(boards, exist_ok=True)
        with open(os.path.join(boards, "x32-run.exp"), "w") as f:
            f.write(_OWN_BOARD)
    site = os.path.join(directory, "site.exp")
    with open(site, "w") as f:
        f.write("# Written by x32-check: the x32 side's global DejaGnu configuration.\n"
                "# Every suite runs on the x32-run board, whatever RUNTESTFLAGS reach it;\n"
                "# a --target_board on runtest's command line still wins.\n"
                "set boards_dir {%s}\n"
                "set target_list { x32-run }\n" % boards)
    return site
