"""Configure, build and test one side (LP64 or x32) of a CMake project."""

import os
import re
import shutil
import subprocess

from . import test_results
from .side import clean_environment, flags, run_logged, start_from_scratch, test_environment


def _environment(sanitize):
    env = clean_environment()
    c, cxx, link = flags(sanitize)
    # CMake builds CMAKE_<LANG>_FLAGS from these plus the toolchain file's *_INIT flags,
    # so the toolchain's own flags survive (a -DCMAKE_C_FLAGS would replace them).
    env["CFLAGS"] = " ".join([env.get("CFLAGS", "")] + c).strip()
    env["CXXFLAGS"] = " ".join([env.get("CXXFLAGS", "")] + cxx).strip()
    env["LDFLAGS"] = " ".join([env.get("LDFLAGS", "")] + link).strip()
    return env


def configure_and_build(side, cmake_args, options):
    """Returns True when both steps succeeded; on failure side.failed_step says which."""
    start_from_scratch(side)
    env = _environment(options.sanitize)
    argv = ["cmake", "-S", side.source_dir, "-B", side.build_dir, "-G", "Unix Makefiles",
            "-DCMAKE_BUILD_TYPE=" + options.build_type,
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + cmake_args + options.defines
    if run_logged(argv, side.log("configure"), env=env) != 0:
        side.failed_step = "configure"
        return False
    # -k: keep going after a failing unit, so every unit's diagnostics are collected.
    argv = ["cmake", "--build", side.build_dir, "-j", str(options.jobs), "--", "-k"]
    if run_logged(argv, side.log("build"), env=env) != 0:
        side.failed_step = "build"
        return False
    return True


def _ctest_has_junit():
    try:
        out = subprocess.run(["ctest", "--version"], stdout=subprocess.PIPE,
                             universal_newlines=True).stdout
    except OSError:
        return False
    m = re.search(r"(\d+)\.(\d+)", out)
    return bool(m) and (int(m.group(1)), int(m.group(2))) >= (3, 21)


def run_tests(side, options):
    """Run ctest in the side's build tree and fill side.tests."""
    env = test_environment()
    env.update(side.test_env)
    if side.tag_tests:
        tag_tests(side.build_dir)
        side.tag_of = lambda name: name
    junit = os.path.join(side.log_dir, "ctest-junit.xml")
    argv = side.launch + ["ctest", "--timeout", str(options.timeout), "-j", "1"]
    use_junit = _ctest_has_junit()
    if use_junit:
        if os.path.exists(junit):
            os.remove(junit)
        argv += ["--output-junit", junit, "--test-output-size-passed", "1048576",
                 "--test-output-size-failed", "1048576"]
    else:
        argv += ["--output-on-failure"]
    run_logged(argv, side.log("test"), cwd=side.build_dir, env=env)
    side.tests_ran = True
    with open(side.log("test"), encoding="utf-8", errors="replace") as f:
        console = f.read()
    if use_junit and os.path.exists(junit):
        with open(junit, encoding="utf-8", errors="replace") as f:
            try:
                side.tests = test_results.parse_junit(f.read())
                return
            except Exception:     # a malformed file: fall back to the console output
                pass
    side.tests = test_results.parse_console(console)
    if not use_junit:
        # Without JUnit only failing tests' output is shown; keep it for the sanitizers.
        side.tests = [t._replace(output=console) if t.status == "failed" else t
                      for t in side.tests]


# add_test(NAME "command" ...) as CMake writes it into CTestTestfile.cmake.
_ADD_TEST = re.compile(r'^(add_test\((?:"[^"]*"|\[=*\[.*?\]=*\]|\S+) )"([^"]+)"')


def _is_x32_elf(path):
    """ELFCLASS32 with EM_X86_64: an x32 program (or an i386 stand-in's ELF32 of another
    machine, which is left alone)."""
    try:
        with open(path, "rb") as f:
            head = f.read(20)
    except OSError:
        return False
    return (len(head) == 20 and head[:4] == b"\x7fELF" and head[4] == 1
            and int.from_bytes(head[18:20], "little") == 62)


def _test_name(token):
    """A test's name as CTestTestfile.cmake spells it: "name", [=[name]=] or name."""
    m = re.match(r'^\[(=*)\[(.*)\]\1\]$', token)
    if m:
        return m.group(2)
    if len(token) >= 2 and token[0] == token[-1] == '"':
        return token[1:-1]
    return token


def _rewrite_add_tests(build_dir, rewrite):
    """Call rewrite(directory, match, line) for every add_test line of every
    CTestTestfile.cmake below build_dir; a line it returns replaces the old one, None
    keeps it. Returns how many lines were replaced."""
    changed = 0
    for root, _, files in os.walk(build_dir):
        if "CTestTestfile.cmake" not in files:
            continue
        path = os.path.join(root, "CTestTestfile.cmake")
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
        for i, line in enumerate(lines):
            m = _ADD_TEST.match(line)
            new = rewrite(root, m, line) if m else None
            if new is not None:
                lines[i] = new
                changed += 1
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    return changed


def tag_tests(build_dir):
    """Put `env X32_RUN_EVIDENCE_TAG=NAME` in front of every test's command, so the
    evidence lines x32-run writes say which test started the x32 program."""
    env = shutil.which("env") or "/usr/bin/env"

    def tag(root, m, line):
        if m.group(2) == env:
            return None
        name = _test_name(m.group(1)[len("add_test("):].strip())
        rest = line[len(m.group(1)):]
        command = m.group(2)
        # ctest finds a bare program name (the old add_test(example example)) in the
        # test's directory; env would search PATH instead.
        if "/" not in command and os.path.isfile(os.path.join(root, command)):
            rest = '"%s"%s' % (os.path.join(root, command), rest[len(command) + 2:])
        return '%s"%s" [==[X32_RUN_EVIDENCE_TAG=%s]==] %s' % (m.group(1), env, name, rest)

    _rewrite_add_tests(build_dir, tag)


def give_tests_the_runner(build_dir, runner):
    """ctest puts the emulator only in front of a test whose command is a target name;
    `COMMAND $<TARGET_FILE:t>` (googletest does this) would exec the x32 program
    directly, and on a kernel without x32 the shell then reads the ELF file as a script.
    Prefix every test whose command is an x32 program with the runner. Returns how
    many tests were changed."""
    def prefix(_root, m, line):
        if m.group(2) == runner or not _is_x32_elf(m.group(2)):
            return None
        return '%s"%s" %s' % (m.group(1), runner, line[len(m.group(1)):])

    return _rewrite_add_tests(build_dir, prefix)

