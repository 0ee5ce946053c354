"""x32-check's hints and project walk on canned files (issue 23): class-5 hints judged
per condition, and build folders inside a project left out.

    python3 units_hints.py CHECK_DIR      CHECK_DIR holds the x32check package
"""

import os
import sys
import tempfile

from unit_harness import case, run

sys.path.insert(0, sys.argv[1])
from x32check import build_file_hints, hints, side  # noqa: E402


def lines_of(hint_list):
    return [h.line for h in hint_list]


@case
def cmake_judged_per_condition():
    text = """\
set(X86_64_NAMES x86_64 AMD64 amd64)   # x86_64 in a comment: no hint
if(CMAKE_SIZEOF_VOID_P EQUAL 8)
  set(WORD 64)
  if(CMAKE_SYSTEM_PROCESSOR STREQUAL "x86_64")
    set(FAST_ASM ON)
  endif()
endif()
if(CMAKE_SYSTEM_PROCESSOR IN_LIST
   X86_64_NAMES)
  enable_language(ASM)
elseif(CMAKE_SIZEOF_VOID_P EQUAL 4)
elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "amd64")
endif()
string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" arch)
if(arch STREQUAL "x86_64" AND CMAKE_SIZEOF_VOID_P EQUAL 8)
elseif(arch STREQUAL "aarch64")
endif()
if(arch STREQUAL "x86_64")
endif()
"""
    got = build_file_hints.scan("CMakeLists.txt", "CMakeLists.txt", text.splitlines())
    # 4: guarded by the if() around it; 8: the IN_LIST of x86_64 names, although the
    # file looks at CMAKE_SIZEOF_VOID_P elsewhere; 12: after a pointer-size elseif;
    # 15: its own condition looks; 18: a variable lowered from the processor name.
    assert lines_of(got) == [8, 18], got
    assert got[0].cls == 5 and "IN_LIST" in got[0].text, got


@case
def meson_judged_per_condition():
    text = """\
cpu = host_machine.cpu_family()
ptr = cc.sizeof('void *')
if cpu == 'x86_64' and ptr == 8
  asm = true
elif host_machine.cpu_family() == 'x86_64'   # after a pointer-size test
endif
if cpu == 'x86_64'
  asm = true
endif
is_x64 = host_machine.cpu_family() == 'x86_64'
"""
    got = build_file_hints.scan("meson.build", "meson.build", text.splitlines())
    assert lines_of(got) == [7, 10], got


@case
def build_folders_are_not_the_project():
    with tempfile.TemporaryDirectory() as tmp:
        def put(rel, text=""):
            path = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
        arch_test = 'if(CMAKE_SYSTEM_PROCESSOR STREQUAL "x86_64")\nendif()\n'
        put("CMakeLists.txt", "project(p C)\n")
        put("build-x32/CMakeCache.txt")
        put("build-x32/CMakeFiles/3.25.1/CMakeSystem.cmake", arch_test)
        put("build-x32/CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c",
            "#if defined(__x86_64__)\n#endif\n")
        put("_meson/meson-private/coredata.dat")
        put("_meson/cross.cmake", arch_test)
        put("_auto/config.status")
        put("_auto/gen.cmake", arch_test)
        # A sub-package configured in place has its configure beside config.status.
        put("sub/configure")
        put("sub/config.status")
        put("sub/sub.cmake", arch_test)
        got = hints.scan(tmp)
        assert [(h.file, h.line) for h in got] == [("sub/sub.cmake", 1)], got
        assert side.is_build_folder(os.path.join(tmp, "build-x32"))
        assert not side.is_build_folder(os.path.join(tmp, "sub"))


if __name__ == "__main__":
    run()
