#!/usr/bin/env python3
"""A Python test driver: runs the program named on its command line and passes on its
status, as test harnesses written in Python do."""
import subprocess
import sys

r = subprocess.run([sys.argv[1]], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                   universal_newlines=True)
sys.stdout.write(r.stdout)
print("driver: %s exited %d" % (sys.argv[1], r.returncode))
sys.exit(r.returncode)
