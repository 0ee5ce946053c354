#include "planted.h"

int64_t total_bytes(int64_t a, int64_t b)
{
    return a + b;
}
