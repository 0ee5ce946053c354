/* plugin: the shared library misc_dlopen.c loads with dlopen. */
int plugin_counter = 41;
__thread int plugin_tls = 7;

int plugin_add(int a, int b)
{
    return a + b + (int)sizeof(void *) * 0;
}

long long plugin_mul64(long long a, long long b)
{
    return a * b;
}

int *plugin_tls_addr(void)
{
    return &plugin_tls;
}

int plugin_bump(void)
{
    return ++plugin_counter;
}
