"""x32-check's parsers on canned input: the parts whose failures would otherwise only
show up on a machine that can run x32 (test results, sanitizer reports) or in rare build
output (assembler errors). One PASS/FAIL line per case, the protocol of tests/lib.sh.

    python3 units.py CHECK_DIR      CHECK_DIR holds the x32check package
"""

import os
import shutil
import sys
import tempfile

from unit_harness import case, run

sys.path.insert(0, sys.argv[1])
from x32check import asm_lines, classes, cmake_project, diagnostics, layout  # noqa: E402
from x32check import evidence, sanitizers, test_results  # noqa: E402


def norm(path):
    return path.replace("/src/proj/", "")


@case
def diagnostics_parse_and_dedupe():
    log = "\n".join([
        "[ 50%] Building C object CMakeFiles/t.dir/src/a.c.o",
        "/src/proj/src/a.c:12:5: warning: format '%ld' expects ... [-Wformat=]",
        "/src/proj/src/a.c:12:5: warning: format '%ld' expects ... [-Wformat=]",
        "/src/proj/include/h.h:3: warning: no column here [-Werror=shift-count-overflow]",
        "/tmp/ccAbCd.s:27: Error: incorrect register `%eax' used with `q' suffix",
        "cc1: warning: command-line option '-Wfoo' is valid for C but not for C++",
        "/src/proj/src/a.c:13:1: note: a note is not a diagnostic of its own",
    ])
    got = diagnostics.parse_log(log, "/src/proj", "/build")
    keys = [(d.file, d.line, d.option or d.kind) for d in got]
    assert keys == [("src/a.c", 12, "-Wformat"), ("include/h.h", 3, "-Wshift-count-overflow"),
                    ("<asm:CMakeFiles/t.dir/src/a.c.o>", 27, "error"),
                    ("<command line>", 0, "warning")], keys


@case
def difference_cancels_per_column_then_per_count():
    D = diagnostics.Diagnostic
    x32 = [D("a.c", 5, 10, "warning", "-Wformat", "m1", ""),
           D("a.c", 5, 20, "warning", "-Wformat", "m2", ""),
           D("a.c", 9, 1, "warning", "-Wconversion", "x32 words", "")]
    lp64 = [D("a.c", 5, 20, "warning", "-Wformat", "other words", ""),
            D("a.c", 9, 3, "warning", "-Wconversion", "lp64 words", "")]
    only = diagnostics.difference(x32, lp64)
    assert [(d.line, d.column) for d in only] == [(5, 10)], only
    assert diagnostics.difference(lp64, x32) == []


@case
def assembler_line_maps_to_loc():
    asm = "\n".join(['\t.file "add.c"', '\t.file 1 "/src/proj/src/add.c"', "add_long:",
                     "\t.loc 1 3 1", "\tmovl %edi, %eax", "\t.loc 1 4 5", "#APP",
                     "\taddq %esi, %eax", "#NO_APP"])
    assert asm_lines._source_line(asm, 8, "/build") == ("/src/proj/src/add.c", 4)
    argv = ["gcc", "-O2", "-MD", "-MT", "x.o", "-MF", "x.d", "-o", "x.o", "-c", "x.c"]
    assert asm_lines._assembly_command(argv, "out.s") == ["gcc", "-O2", "x.c", "-S", "-o", "out.s"]


@case
def junit_statuses_and_bad_characters():
    xml = ('<?xml version="1.0"?><testsuite>'
           '<testcase name="a" status="run"><system-out>ok\x01</system-out></testcase>'
           '<testcase name="b" status="fail"><failure message=""/><system-out>boom'
           '</system-out></testcase>'
           '<testcase name="c" status="notrun"><skipped message="x"/></testcase></testsuite>')
    got = test_results.parse_junit(xml)
    assert [(t.name, t.status) for t in got] == [("a", "passed"), ("b", "failed"),
                                                 ("c", "skipped")], got
    assert got[1].output == "boom"


@case
def meson_junit_names_lose_the_project():
    # Meson 1.0 writes "buffer"; Meson 1.12 "planted:buffer" or "unit+slow - planted:buffer".
    xml = ('<testsuites><testsuite name="planted">'
           '<testcase name="buffer" classname="planted"/>'
           '<testcase name="planted:sum" classname="planted"/>'
           '<testcase name="unit+slow - planted:handles" classname="planted"/>'
           '<testcase name="other:x" classname="planted"/>'
           '<testcase name="ctest:name"/></testsuite></testsuites>')
    got = [t.name for t in test_results.parse_junit(xml)]
    assert got == ["buffer", "sum", "handles", "other:x", "ctest:name"], got


@case
def console_results_for_old_ctest():
    text = "\n".join([
        "    Start 1: good",
        "1/3 Test #1: good .............................   Passed    0.00 sec",
        "2/3 Test #2: bad ..............................***Failed    0.01 sec",
        "3/3 Test #3: slow .............................***Timeout   1.50 sec",
    ])
    got = [(t.name, t.status) for t in test_results.parse_console(text)]
    assert got == [("good", "passed"), ("bad", "failed"), ("slow", "failed")], got


@case
def only_x32_failures_count():
    T = test_results.TestResult
    native = [T("a", "passed", ""), T("b", "failed", ""), T("c", "passed", "")]
    x32 = [T("a", "failed", "x"), T("b", "failed", ""), T("c", "passed", "")]
    assert [t.name for t in test_results.x32_only_failures(native, x32)] == ["a"]


@case
def tests_that_start_x32_programs_themselves():
    T = test_results.TestResult
    assert test_results.started_x32_itself(
        T("py", "failed", "OSError: [Errno 8] Exec format error: '/b/t_'"))
    assert test_results.started_x32_itself(
        T("sh", "failed", "run.sh: line 3: ./t: cannot execute binary file: Exec format error"))
    assert not test_results.started_x32_itself(T("c", "failed", "total is -294967296"))


@case
def evidence_decides_what_ran():
    T = test_results.TestResult
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, evidence.FILE), "w") as f:
            f.write("x32-run\t1.5\t10\tbinfmt\tbinfmt\tran\t/b/prog\n"
                    "garbage line\n"
                    "x32-run\t1.6\t11\trunner\t-\tother\t/b/prog2\n")
        starts = evidence.read(tmp)
    assert [s["tag"] for s in starts] == ["ran", "other"], starts
    fails = [T("ran", "failed", "total is -294967296"), T("silent", "failed", "f: not found"),
             T("enoexec", "failed", "OSError: [Errno 8] Exec format error: './t'"),
             T("dash", "failed", 't: 1: Syntax error: "(" unexpected')]
    real, not_run = evidence.sort_out(fails, starts, lambda n: n, True)
    assert [t.name for t in real] == ["ran"], real
    assert [n for n, _ in not_run] == ["silent", "enoexec", "dash"], not_run
    assert "no x32 program started" in not_run[0][1]
    assert "Exec format error" in not_run[1][1] and "/bin/sh read" in not_run[2][1]
    # Without tags (Meson) any start counts; on an x32 kernel no proof is asked.
    real, _ = evidence.sort_out(fails[:2], starts, None, True)
    assert [t.name for t in real] == ["ran", "silent"]
    real, _ = evidence.sort_out(fails[:2], [], lambda n: n, False)
    assert [t.name for t in real] == ["ran", "silent"]


@case
def ctest_tests_get_their_evidence_tag():
    with tempfile.TemporaryDirectory() as tmp:
        ctest = os.path.join(tmp, "CTestTestfile.cmake")
        with open(ctest, "w") as f:
            f.write('add_test([=[old one]=] "/b/example")\nadd_test(plain "./p" "a")\n'
                    'set_tests_properties(plain PROPERTIES WILL_FAIL TRUE)\n'
                    'add_test(example "example")\n')
        open(os.path.join(tmp, "example"), "w").close()
        cmake_project.tag_tests(tmp)
        cmake_project.tag_tests(tmp)          # twice: tagged once
        with open(ctest) as f:
            lines = f.read().splitlines()
    env = shutil.which("env") or "/usr/bin/env"
    assert lines[0] == 'add_test([=[old one]=] "%s" [==[X32_RUN_EVIDENCE_TAG=old one]==] '\
        '"/b/example")' % env, lines[0]
    assert lines[1] == 'add_test(plain "%s" [==[X32_RUN_EVIDENCE_TAG=plain]==] "./p" "a")' % env
    assert lines[2].startswith("set_tests_properties(plain")
    # The old signature's bare name: ctest finds it in the test's directory, env would not.
    assert lines[3] == 'add_test(example "%s" [==[X32_RUN_EVIDENCE_TAG=example]==] "%s/example")'\
        % (env, tmp), lines[3]


@case
def tests_by_path_get_the_runner():
    with tempfile.TemporaryDirectory() as tmp:
        x32 = os.path.join(tmp, "t32")
        with open(x32, "wb") as f:     # ELFCLASS32, EM_X86_64 (62): an x32 program
            f.write(b"\x7fELF\x01\x01\x01" + bytes(11) + (62).to_bytes(2, "little"))
        ctest = os.path.join(tmp, "CTestTestfile.cmake")
        with open(ctest, "w") as f:
            f.write('add_test(a "%s" "--flag")\nadd_test(b "/bin/sh" "-c" "true")\n'
                    'add_test(c "/run/x32-run" "%s")\n' % (x32, x32))
        assert cmake_project.give_tests_the_runner(tmp, "/run/x32-run") == 1
        with open(ctest) as f:
            lines = f.read().splitlines()
    assert lines[0] == 'add_test(a "/run/x32-run" "%s" "--flag")' % x32, lines[0]
    assert lines[1] == 'add_test(b "/bin/sh" "-c" "true")'
    assert lines[2] == 'add_test(c "/run/x32-run" "%s")' % x32


@case
def sanitizer_reports():
    text = "\n".join([
        "/src/proj/src/sum.c:6:14: runtime error: signed integer overflow: 2000000000 + "
        "2000000000 cannot be represented in type 'long int'",
        "==42==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1234",
        "    #0 0x5600 in __interceptor_memcpy /build/libsanitizer/asan_interceptors.h:22",
        "    #1 0x5655 in main /src/proj/t.c:9",
        "SUMMARY: AddressSanitizer: heap-buffer-overflow /build/libsanitizer/x.h:22 in memcpy",
    ])
    got = sanitizers.parse(text, "t1", norm)
    assert [(f.tool, f.file, f.line, f.kind) for f in got] == [
        ("UBSan", "src/sum.c", 6, "signed integer overflow"),
        ("AddressSanitizer", "t.c", 9, "heap-buffer-overflow")], got
    native = sanitizers.parse(text.splitlines()[0].replace("2000000000", "7"), "t1", norm)
    assert [f.tool for f in sanitizers.difference(got, native)] == ["AddressSanitizer"]


@case
def pahole_nested_and_typedef_blocks():
    text = "\n".join([
        "struct outer {", "\tstruct {", "\t\tint x;  /*     0     4 */",
        "\t} in;                                            /*     0     8 */",
        "\tlong int                   id;                   /*     8     4 */",
        "\tunsigned int               f:3;                  /*    12:24  4 */",
        "", "\t/* size: 16, cachelines: 1, members: 3 */", "};",
        "typedef struct {", "\tint64_t b;  /*     0     8 */",
        "\t/* size: 8, cachelines: 1, members: 1 */", "} anon_t;"])
    got = layout.parse_pahole(text)
    assert got["outer"].size == 16 and [m.name for m in got["outer"].members] == ["in", "id", "f"]
    assert got["outer"].members[2].bit == 24
    assert got["anon_t"].size == 8


@case
def layout_discovery():
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "a.c"), "w") as f:
            f.write("/* x32-check: layout */\nstruct marked {\n long a;\n};\n"
                    "void f(int fd) {\n struct written w;\n write(fd, &w, sizeof w);\n"
                    " fwrite(p, sizeof(struct tagged), 1, out);\n"
                    " read(fd, buf, sizeof buf);\n}\n")   # buf: no declaration, no struct
        got = {w.name: w.why for w in layout.discover(tmp, ["named"])}
    assert got == {"named": "named with --layout", "marked": "marked 'x32-check: layout'",
                   "written": "passed whole to write()", "tagged": "passed whole to fwrite()"}, got


@case
def classification():
    cases = [
        ("-Wformat", "format '%ld' expects argument of type 'long int', but argument 2 has "
                     "type '__off_t' {aka 'long long int'}", 1),
        ("-Wformat", "format '%lu' expects argument of type 'long unsigned int', but "
                     "argument 2 has type 'uint64_t' {aka 'long long unsigned int'}", 6),
        ("-Wpointer-to-int-cast", "cast from pointer to integer of different size", 11),
        ("-Wsign-compare", "comparison of integer expressions of different signedness", 12),
        ("-Wconversion", "conversion from 'uint64_t' {aka 'long long unsigned int'} to "
                         "'size_t' {aka 'unsigned int'} may change value", 13),
        ("-Wconversion", "conversion from 'uint64_t' {aka 'long long unsigned int'} to "
                         "'long unsigned int' may change value", 14),
        ("-Wshift-count-overflow", "left shift count >= width of type", 14),
        ("", "incorrect register `%eax' used with `q' suffix", 3),
        ("", "static assertion failed: \"long is 8 bytes\"", 16),
        ("-Wunused-variable", "unused variable 'x'", 0),
    ]
    for option, message, want in cases:
        got = classes.classify(option, message)
        assert got == want, (option, message, got, want)


if __name__ == "__main__":
    run()
