#!/bin/sh
# The project's own test script: starts its programs itself, as make check's scripts do.
set -e
./words hello world x
echo "data model: $(./sizes)"
