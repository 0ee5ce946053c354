#!/usr/bin/env python3
"""--version of the SDK's installed programs names the SDK they belong to.

usage: versions.py TOP PREFIX

Each of x32-run, x32-check, x32-vm and x32-gdb in PREFIX/bin prints one line,
  NAME VERSION (x32-sdk SDK_VERSION, commit COMMIT, key KEY)
with the three fields of PREFIX/share/x32-sdk/build-info.json, read at run time: the
same from a copy of the prefix elsewhere, and "NAME VERSION (not part of a built SDK)"
from a copy with no build-info.json beside it (and from the checkout's own x32-check and
x32-gdb). VERSION is the checkout's SDK_VERSION (lib/finish.sh): the programs' own
versions move with the SDK's. Prints PASS/FAIL/SKIP lines (tests/lib.sh's protocol).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROGRAMS = ["x32-run", "x32-check", "x32-vm", "x32-gdb"]


def sdk_version(top):
    with open(os.path.join(top, "lib", "finish.sh")) as f:
        m = re.search(r"^SDK_VERSION=(\S+)$", f.read(), re.M)
    return m.group(1) if m else None


def version_of(path):
    """The --version output of PATH (its exit status in the text when not 0)."""
    env = dict(os.environ)
    if not shutil.which(env.get("X32_GDB", "gdb")):
        env["X32_GDB"] = "true"  # x32-gdb wants a gdb to exist, not to run it here
    r = subprocess.run([path, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, env=env)
    out = r.stdout.strip()
    return out if r.returncode == 0 else "exit %d: %s" % (r.returncode, out)


def expect_lines(case, want):
    """One PASS or FAIL for CASE: want maps a program's path to the line it must print."""
    bad = []
    for path, line in want.items():
        got = version_of(path)
        if got != line:
            bad.append("%s printed '%s', want '%s'" % (path, got[:200], line))
    if bad:
        print("FAIL %s: %s" % (case, "; ".join(bad[:2])))
    else:
        print("PASS %s" % case)


def main(top, prefix):
    version = sdk_version(top)
    info_path = os.path.join(prefix, "share", "x32-sdk", "build-info.json")
    if not os.path.isfile(info_path):
        print("SKIP version-names-the-sdk: no complete SDK in %s (./build.sh)" % prefix)
        return
    with open(info_path) as f:
        info = json.load(f)
    fields = tuple(info.get(k) for k in ("sdk_version", "commit", "key"))
    if None in fields or not re.match(r"^[0-9a-f]{16}$", fields[2]):
        print("FAIL version-build-info-fields: %s has sdk_version, commit, key = %s"
              % (info_path, fields))
        return
    print("PASS version-build-info-fields")
    if not re.match(r"^[0-9.]+$", info.get("host", {}).get("glibc", "")):
        print("FAIL version-build-info-host-glibc: host.glibc is '%s'"
              % info.get("host", {}).get("glibc"))
    else:
        print("PASS version-build-info-host-glibc")
    in_sdk = "%%s %s (x32-sdk %s, commit %s, key %s)" % ((version,) + fields)
    alone = "%%s %s (not part of a built SDK)" % version

    missing = [p for p in PROGRAMS if not os.path.isfile(os.path.join(prefix, "bin", p))]
    if missing:
        print("FAIL version-names-the-sdk: %s not in %s/bin" % (" ".join(missing), prefix))
        return
    expect_lines("version-names-the-sdk",
                 {os.path.join(prefix, "bin", p): in_sdk % p for p in PROGRAMS})

    tmp = tempfile.mkdtemp(prefix="x32-sdk-versions.")
    try:
        # A copy of the prefix's programs and build-info.json elsewhere (x32-check with
        # its helpers, as check/install.sh lays them out), and one without build-info.json.
        for d, with_info in (("moved", True), ("alone", False)):
            os.makedirs(os.path.join(tmp, d, "bin"))
            for p in ("x32-run", "x32-vm", "x32-gdb"):
                shutil.copy2(os.path.join(prefix, "bin", p), os.path.join(tmp, d, "bin", p))
            subprocess.run(["sh", os.path.join(top, "check", "install.sh"), os.path.join(tmp, d)],
                           check=True)
            if with_info:
                shutil.copy2(info_path, os.path.join(tmp, d, "share", "x32-sdk", "build-info.json"))
        expect_lines("version-moved-prefix-names-the-sdk",
                     {os.path.join(tmp, "moved", "bin", p): in_sdk % p for p in PROGRAMS})
        lone = {os.path.join(tmp, "alone", "bin", p): alone % p for p in PROGRAMS}
        lone[os.path.join(top, "check", "x32-check")] = alone % "x32-check"
        lone[os.path.join(top, "runner", "x32-gdb")] = alone % "x32-gdb"
        expect_lines("version-outside-an-sdk", lone)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[2])
    main(os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2]))
