#ifndef X32RUN_PROC_MAPS_H
#define X32RUN_PROC_MAPS_H
int is_proc_self_maps(const char *path);
/* Returns a new fd (or -errno) reading like /proc/self/maps of an x32 task. */
long open_virtual_maps(long open_flags);
#endif
