"""The build step of an autotools project builds its test programs (`make check`) but
runs no suite: each suite runs once, in the test step, where its results are compared.

`make check TESTS= RUNTEST=true` alone is not enough: a Makefile that re-invokes make
without passing the command line on (libffi's and GCC's target libraries re-invoke it in
a per-host subdirectory; `MAKEOVERRIDES =` does it too) runs the whole suite inside the
build. So during the build step the harnesses themselves are stand-ins:
- a `runtest` that exits 0 comes first on PATH (automake's check-DEJAGNU and GCC's
  Makefiles run DejaGnu as `runtest`, found on PATH);
- every automake test driver in the tree (`test-driver`, `tap-driver.sh`, which the
  parallel harness runs by path) is swapped for one that records the test as skipped
  without running it; the originals are back before the test step, and what the
  stand-in wrote is removed.
"""

import os

DRIVERS = ("test-driver", "tap-driver.sh")

_RUNTEST = """\
#!/bin/sh
# x32-check's stand-in for DejaGnu's runtest during the build step: test programs are
# built there, and the suite runs once, in the test step.
echo "x32-check: runtest $* not run in the build step (the test step runs the suite)"
exit 0
"""

_DRIVER = """\
#!/bin/sh
# x32-check's stand-in for automake's test driver during the build step: the test is
# recorded as skipped, not run (the test step runs it, with the original driver).
log= trs=
here=$(pwd)
while [ $# -gt 0 ]; do
    case $1 in
        --log-file) log=$2; shift ;;
        --trs-file) trs=$2; shift ;;
        --) break ;;
    esac
    shift
done
if [ -n "$log" ]; then
    echo "x32-check: not run in the build step" > "$log"
    case $log in /*) echo "$log" ;; *) echo "$here/$log" ;; esac >> "$X32_CHECK_BUILD_ONLY_FILES"
fi
if [ -n "$trs" ]; then
    printf ':test-result: SKIP\\n:global-test-result: SKIP\\n:recheck: no\\n:copy-in-global-log: no\\n' > "$trs"
    case $trs in /*) echo "$trs" ;; *) echo "$here/$trs" ;; esac >> "$X32_CHECK_BUILD_ONLY_FILES"
fi
exit 0
"""


def _write(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)


class StandIns:
    """with StandIns(tree, scratch, env): inside, env (the build's environment, changed
    in place) finds the stand-in runtest first, and the tree's test drivers are
    stand-ins; on leaving, the originals are back and the stand-ins' files are gone."""

    def __init__(self, tree, scratch, env):
        self.tree = tree
        self.scratch = scratch
        self.env = env
        self.saved = {}     # driver path -> ("file", (bytes, mode)) or ("link", target)
        self.record = os.path.join(scratch, "build-only-files")

    def __enter__(self):
        self.path = self.env.get("PATH", os.defpath)
        bin_dir = os.path.join(self.scratch, "build-only-bin")
        os.makedirs(bin_dir, exist_ok=True)
        _write(os.path.join(bin_dir, "runtest"), _RUNTEST)
        self.env["PATH"] = bin_dir + os.pathsep + self.path
        self.env["X32_CHECK_BUILD_ONLY_FILES"] = self.record
        for root, dirs, files in os.walk(self.tree):
            dirs[:] = [d for d in dirs if not d.startswith(".")]
            for name in files:
                if name in DRIVERS:
                    path = os.path.join(root, name)
                    # A driver may be a symbolic link (autoreconf --symlink) into
                    # automake's own files, which must not be written through.
                    if os.path.islink(path):
                        self.saved[path] = ("link", os.readlink(path))
                        os.unlink(path)
                    else:
                        with open(path, "rb") as f:
                            self.saved[path] = ("file", (f.read(), os.stat(path).st_mode))
                    _write(path, _DRIVER)
        return self

    def __exit__(self, *exc):
        for path, (kind, original) in self.saved.items():
            if os.path.lexists(path):      # (a Makefile may have removed it)
                os.unlink(path)
            if kind == "link":
                os.symlink(original, path)
            else:
                content, mode = original
                with open(path, "wb") as f:
                    f.write(content)
                os.chmod(path, mode & 0o7777)
        try:
            with open(self.record) as f:
                written = [line.rstrip("\n") for line in f]
        except OSError:
            written = []
        for path in written + [self.record]:
            if os.path.isfile(path):
                os.remove(path)
        self.env.pop("X32_CHECK_BUILD_ONLY_FILES", None)
        self.env["PATH"] = self.path
        return False
