/* Compile-time proof that the sizes configure recorded (possibly from config.site's
 * cached answers, without running anything) are the compiler's real sizes. */
#include "config.h"
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

_Static_assert(SIZEOF_LONG == sizeof(long), "config.h: wrong sizeof(long)");
_Static_assert(SIZEOF_VOID_P == sizeof(void *), "config.h: wrong sizeof(void *)");
_Static_assert(SIZEOF_SIZE_T == sizeof(size_t), "config.h: wrong sizeof(size_t)");
_Static_assert(SIZEOF_OFF_T == sizeof(off_t), "config.h: wrong sizeof(off_t)");
_Static_assert(SIZEOF_TIME_T == sizeof(time_t), "config.h: wrong sizeof(time_t)");
_Static_assert(SIZEOF_LONG_LONG == sizeof(long long), "config.h: wrong sizeof(long long)");
_Static_assert(SIZEOF_LONG_DOUBLE == sizeof(long double), "config.h: wrong sizeof(long double)");

int ptrsize_check_linked;
