/* The C library's interface, shared by the C and C++ programs. */
#ifndef SHAPES_H
#define SHAPES_H
#ifdef __cplusplus
extern "C" {
#endif
long rect_area(long w, long h);
long rect_perimeter(long w, long h);
#ifdef __cplusplus
}
#endif
#endif
