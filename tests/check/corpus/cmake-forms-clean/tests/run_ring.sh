#!/bin/sh
# A script-started test: the program comes as an argument, as many projects' wrapper
# scripts get it.
set -e
"$1" 5
"$1" 64
