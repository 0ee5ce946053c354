"""x32-check: what only the x32 build of a project shows (see check/README.md)."""
