/* A tiny library installed into a copy of the sysroot, for the pkg-config tests. */
#ifndef X32DEMO_H
#define X32DEMO_H
int x32demo_pointer_bytes(void);
#endif
