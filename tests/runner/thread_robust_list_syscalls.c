/* thread_robust_list_syscalls: glibc registered a robust list for the main
 * thread and for new threads; get_robust_list returns the head glibc keeps
 * in the thread descriptor with this ABI's head size (12 bytes on x32, 24 on
 * x86-64), and set_robust_list rejects any other size. */
// build: -pthread
#include "check.h"
#include <pthread.h>
#include <sys/syscall.h>

static void *head_of_thread(void *arg)
{
    void *head = NULL;
    size_t len = 0;
    (void)arg;
    if (syscall(SYS_get_robust_list, 0, &head, &len) != 0)
        return (void *)1;
    return len == 3 * sizeof(void *) && head != NULL ? NULL : (void *)2;
}

int main(void)
{
    void *head = NULL;
    size_t len = 0;
    CHECK_SYS(syscall(SYS_get_robust_list, 0, &head, &len));
    CHECK(head != NULL);
    CHECK_EQ(len, 3 * sizeof(void *));
    CHECK_EQ(len, IS_X32 ? 12 : 24);
    /* Re-registering the same head works; a wrong size is EINVAL. */
    CHECK_SYS(syscall(SYS_set_robust_list, head, len));
    CHECK_ERR(syscall(SYS_set_robust_list, head, len + 4), EINVAL);
    void *again = NULL;
    size_t len2 = 0;
    CHECK_SYS(syscall(SYS_get_robust_list, gettid(), &again, &len2));
    CHECK(again == head);
    pthread_t t;
    void *r;
    REQUIRE(pthread_create(&t, NULL, head_of_thread, NULL) == 0);
    pthread_join(t, &r);
    CHECK(r == NULL);
    return check_done();
}
