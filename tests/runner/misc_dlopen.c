/* misc_dlopen: dlopen of a shared library of this ABI built by the suite;
 * dlsym of functions and data (64-bit arguments work), its __thread
 * variable per thread, dlerror for a missing symbol, dlclose. */
// build: -ldl -pthread
#include "check.h"
#include <dlfcn.h>
#include <pthread.h>

static int *(*tls_addr)(void);
static void *other_thread(void *arg)
{
    (void)arg;
    int *p = tls_addr();
    return (void *)(intptr_t)(*p == 7 ? (intptr_t)p : 0);
}

int main(void)
{
    void *h = dlopen(helper_path("libplugin.so"), RTLD_NOW | RTLD_LOCAL);
    if (!CHECK(h != NULL)) {
        fprintf(stderr, "  dlopen: %s\n", dlerror());
        return check_done();
    }
    int (*add)(int, int) = (int (*)(int, int))dlsym(h, "plugin_add");
    long long (*mul)(long long, long long) = (long long (*)(long long, long long))dlsym(h, "plugin_mul64");
    int (*bump)(void) = (int (*)(void))dlsym(h, "plugin_bump");
    int *counter = dlsym(h, "plugin_counter");
    tls_addr = (int *(*)(void))dlsym(h, "plugin_tls_addr");
    REQUIRE(add && mul && bump && counter && tls_addr);
    CHECK_EQ(add(40, 2), 42);
    CHECK_EQ(mul(0x100000000LL, 3), 0x300000000LL);
    CHECK_EQ(*counter, 41);
    CHECK_EQ(bump(), 42);
    CHECK_EQ(*counter, 42);

    int *mine = tls_addr();
    CHECK_EQ(*mine, 7);
    *mine = 99;
    pthread_t t;
    void *r;
    REQUIRE(pthread_create(&t, NULL, other_thread, NULL) == 0);
    pthread_join(t, &r);
    CHECK(r != NULL && r != (void *)mine);
    CHECK_EQ(*tls_addr(), 99);

    Dl_info info;
    CHECK(dladdr((void *)add, &info) != 0);
    CHECK(info.dli_fname && strstr(info.dli_fname, "libplugin.so"));
    CHECK(dlsym(h, "no_such_symbol") == NULL);
    const char *err = dlerror();
    CHECK(err && strstr(err, "no_such_symbol"));
    CHECK_EQ(dlclose(h), 0);
    CHECK(dlopen("/nonexistent/libnothing.so", RTLD_NOW) == NULL);
    CHECK(dlerror() != NULL);
    /* libm from the system, by soname. */
    void *m = dlopen("libm.so.6", RTLD_NOW);
    CHECK(m != NULL);
    if (m) {
        double (*cosp)(double) = (double (*)(double))dlsym(m, "cos");
        CHECK(cosp && cosp(0.0) == 1.0);
        dlclose(m);
    }
    return check_done();
}
