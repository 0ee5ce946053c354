/* static_maps_unchanged: misc_maps_unchanged linked -static, so that every
 * site (libc's too) sits in the executable at 0x400000: the rewrite fast
 * path's stubs for it must live below 4 GiB, hidden from the program's view
 * of its mappings, and give way when the program maps over them. */
// build: -static
#include "misc_maps_unchanged.c"
