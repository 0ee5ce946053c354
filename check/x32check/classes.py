"""The pointer-size bug classes of docs/bug-classes.md, and the rules that map a
compiler diagnostic (its -W option and message) to the most likely class.

The mapping is a heuristic: a diagnostic that only x32 shows is a real finding whatever
its class, so an unmatched one is still reported (as class 0, "other"), never dropped.
"""

import re

TITLES = {
    0: "other x32-only diagnostic",
    1: "%ld/long for time_t, off_t, tv_nsec, ino_t",
    2: "__x86_64__ read as 'long and pointers are 64-bit'",
    3: "inline asm with 64-bit instructions on long/pointer operands",
    4: "hand-written .S trusting upper register halves",
    5: "build system deciding by architecture name",
    6: "%lu/%lx for uint64_t, size_t, uintptr_t, wchar_t",
    8: "hand-declared kernel structs with long",
    11: "pointer <-> 64-bit integer casts, sign extension above 2 GiB",
    12: "32-bit size_t/long mixed with 64-bit off_t, signedness",
    13: "64-bit sizes truncated into size_t/long",
    14: "unsigned long / 1UL<<n / ctzl bit tricks assumed 64-bit",
    15: "hash constants and algorithms sized by size_t",
    16: "struct layouts, binary files and size asserts",
    20: "assuming more than 4 GiB of address space",
    21: "tagged pointers / NaN-boxing assuming 48-bit pointers",
    22: "bugs LP64 exposes and x32 hides",
}

# Types that are 64-bit on both ABIs but 'long' on LP64 and 'long long' on x32: a
# format or prototype written for 'long' is right on LP64 by accident (class 1).
_TIME_OFF_TYPES = re.compile(
    r"\b(time_t|off_t|off64_t|ino_t|ino64_t|suseconds_t|clock_t|nlink_t|blkcnt_t|"
    r"rlim_t|fsblkcnt_t|__syscall_slong_t|__kernel_long_t|greg_t|long long int)\b")
_UNSIGNED_WIDTH_TYPES = re.compile(
    r"\b(uint64_t|size_t|ssize_t|uintptr_t|intptr_t|ptrdiff_t|wchar_t|"
    r"long long unsigned int|unsigned int)\b")


def classify(option, message):
    """Return the bug class number for one x32-only diagnostic."""
    opt = (option or "").split("=")[0]
    msg = message or ""
    if opt == "-Wformat" or opt.startswith("-Wformat"):
        # The argument's type decides: unsigned widths are class 6, time/off types 1.
        arg = msg.split("but argument", 1)[-1]
        if _UNSIGNED_WIDTH_TYPES.search(arg) or "unsigned" in arg:
            return 6
        if _TIME_OFF_TYPES.search(arg):
            return 1
        return 1
    if opt == "-Wincompatible-pointer-types":
        return 6 if "wchar_t" in msg else 8
    if opt in ("-Wpointer-to-int-cast", "-Wint-to-pointer-cast", "-Wint-conversion"):
        return 11
    if opt in ("-Wsign-compare", "-Wsign-conversion", "-Wtype-limits"):
        return 12
    if opt in ("-Warray-bounds", "-Wstringop-overflow", "-Wstringop-overread",
               "-Walloc-size-larger-than"):
        # An object sized by long/size_t/a pointer that receives 64 bits.
        return 13
    if opt in ("-Wconversion", "-Wshorten-64-to-32"):
        # Narrowed into 'unsigned long': the type of bit tricks (masks, ctzl/clzl/popcountl
        # arguments). Into anything else (size_t, long, int): a truncated size.
        target = re.search(r"\bto '([^']+)'", msg)
        if target and target.group(1) == "long unsigned int":
            return 14
        return 13
    if opt in ("-Wshift-count-overflow", "-Wshift-overflow"):
        return 14
    if opt in ("-Woverflow", "-Wconstant-conversion"):
        return 14
    if "static assertion failed" in msg or "static_assert" in msg:
        return 16
    if re.search(r"incorrect register|invalid instruction suffix|operand type mismatch|"
                 r"invalid operand for instruction|unsupported instruction", msg):
        return 3
    if "does not support x86-64" in msg or "requires: Not 64-bit mode" in msg:
        return 5
    if "-mx32" in msg or "ILP32" in msg:
        return 2
    return 0


def title(number):
    return TITLES.get(number, "class %d" % number)
