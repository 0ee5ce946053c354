/* The x32 psABI data model, checked at compile time (no runner needed) and printed at
 * run time. x32 is ILP32 on x86-64: 4-byte long and pointers, but 8-byte aligned 64-bit
 * types (unlike i386) and the 64-bit kernel types (time_t, off_t) of x86-64. */
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#if !defined(__x86_64__) || !defined(__ILP32__) || defined(__LP64__)
#error "not compiled for x32: expected __x86_64__ and __ILP32__ without __LP64__"
#endif

#define ABI(type, size, align)                                            \
    _Static_assert(sizeof(type) == (size), "sizeof " #type);              \
    _Static_assert(alignof(type) == (align), "alignof " #type);
#define ABI_TABLE(X)            \
    X(char, 1, 1)               \
    X(short, 2, 2)              \
    X(int, 4, 4)                \
    X(long, 4, 4)               \
    X(long long, 8, 8)          \
    X(void *, 4, 4)             \
    X(size_t, 4, 4)             \
    X(ptrdiff_t, 4, 4)          \
    X(float, 4, 4)              \
    X(double, 8, 8)             \
    X(long double, 16, 16)      \
    X(__int128, 16, 16)         \
    X(time_t, 8, 8)             \
    X(off_t, 8, 8)              \
    X(max_align_t, 32, 16)

ABI_TABLE(ABI)

/* 8-byte members are 8-byte aligned inside structs too: i386 would give 12 here. */
struct after_char { char c; long long v; };
_Static_assert(sizeof(struct after_char) == 16, "long long in a struct is 8-aligned");

int main(void)
{
#define ROW(type, size, align) printf("%-12s %2zu %2zu\n", #type, sizeof(type), alignof(type));
    ABI_TABLE(ROW)
    return 0;
}
