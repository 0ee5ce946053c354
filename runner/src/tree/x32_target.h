/* Does a file need x32-run?  Shared by the runner (--tree) and the preload
 * library (runner/preload/), which compiles this file and elf_parse.c in. */
#ifndef X32RUN_X32_TARGET_H
#define X32RUN_X32_TARGET_H

/* 1 when path is an x32 ELF file, or a "#!" script whose interpreter is one
 * (the files the kernel would refuse with ENOEXEC on a kernel without x32);
 * 0 otherwise, and when the file cannot be read. */
int wants_x32_runner(const char *path);

#endif
