/* Shared by proc_self.c and the files that build each virtual /proc file
 * (proc_self_maps.c, proc_self_stat.c). */
#ifndef X32RUN_PROC_SELF_FILES_H
#define X32RUN_PROC_SELF_FILES_H

#include <stddef.h>
#include <stdint.h>

/* A memfd for a virtual file (close-on-exec when the guest's open asked). */
long proc_memfd(const char *name, long open_flags);
/* A memfd holding len bytes from data, rewound: what open_proc_self returns. */
long proc_memfd_with(const char *name, long open_flags, const void *data, size_t len);
/* Rewinds fd for the guest's first read; passes an error through. */
long proc_finish(long fd);
/* Calls fn for each whole line read from fd: line ends with its '\n' (len counts
 * it) and a NUL after it; a line longer than 16 KiB is dropped. */
void proc_each_line(long fd, void (*fn)(char *line, size_t len, void *ctx), void *ctx);
/* Reads a whole (small) /proc file into buf, terminated; its length or -errno. */
long proc_read_small(const char *path, char *buf, size_t cap);

/* proc_self_maps.c: writes maps (smaps = 0) or smaps (1) of the x32 part,
 * labelled, to out; 0 or -errno. */
long fill_virtual_maps(long out, int smaps);
/* Whether maps keeps the mapping [start, end): the x32 program's. */
int maps_line_kept(uint64_t start, uint64_t end);
/* proc_self_numa.c: writes numa_maps' lines of the mappings maps keeps to out;
 * 0 or -errno. */
long fill_virtual_numa_maps(long out);
/* Each file's pass runs under its lock (base/spinlock.h); proc_lazy.c holds
 * both across a fork. */
extern int maps_lock, numa_lock;
/* proc_self_stat.c: the kernel's file at path, with the x32 program's
 * numbers in place of the runner's */
long open_virtual_stat(const char *path, long open_flags);
long open_virtual_status(const char *path, long open_flags);

#endif
