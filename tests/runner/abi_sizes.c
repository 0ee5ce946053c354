/* abi_sizes: the program really is built for the data model under test. */
#include "check.h"
#include <sys/time.h>

int main(void)
{
#if IS_X32
    CHECK_EQ(sizeof(long), 4);
    CHECK_EQ(sizeof(void *), 4);
    CHECK_EQ(sizeof(size_t), 4);
#else
    CHECK_EQ(sizeof(long), 8);
    CHECK_EQ(sizeof(void *), 8);
#endif
    CHECK_EQ(sizeof(long long), 8);
    CHECK_EQ(sizeof(time_t), 8);
    CHECK_EQ(sizeof(off_t), 8);
    CHECK_EQ(sizeof(struct timespec), 16);
    CHECK_EQ(sizeof(struct timeval), 16);
    CHECK_EQ(_Alignof(long long), 8);
    /* Code addresses and the stack are within 32 bits under x32. */
    int local;
    CHECK((unsigned long long)(uintptr_t)&local == (uintptr_t)&local);
    return check_done();
}
