/* The C half of a mixed program: built by one compiler, called from code built by the
 * other. Sizes and a struct whose layout both compilers must agree on for x32. */
#include <stddef.h>
#include "mix.h"

long mix_sum(const long *v, size_t n)
{
    long s = 0;
    for (size_t i = 0; i < n; i++) s += v[i];
    return s;
}

size_t mix_record_size(void) { return sizeof(struct mix_record); }
size_t mix_when_offset(void) { return offsetof(struct mix_record, when); }
