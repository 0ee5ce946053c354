/*
 * The same TTL handling on <stdint.h>: int64_t is 64-bit by definition, on
 * every ABI, so nothing has to be decided by architecture name. When code
 * really must know the data model, ask for it (__LP64__, __ILP32__,
 * __SIZEOF_LONG__, __SIZEOF_POINTER__), never for the CPU.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NSEC_PER_SEC INT64_C(1000000000)

/* Entries older than a week are never served, whatever the config says. */
static const int64_t max_ttl_ns = 7 * 24 * 3600 * NSEC_PER_SEC;

/* "ttl=SECONDS" from the config file, in nanoseconds, clamped. */
static int64_t parse_ttl(const char *line)
{
    int64_t ttl_ns;

    if (strncmp(line, "ttl=", 4) != 0)
        return -1;
    /* strtoll: strtol would stop at 2^31 on x32 */
    ttl_ns = (int64_t)strtoll(line + 4, NULL, 10) * NSEC_PER_SEC;
    return ttl_ns > max_ttl_ns ? max_ttl_ns : ttl_ns;
}

int main(void)
{
    static const char *const config[] = { "ttl=30", "ttl=3600", "ttl=2592000" };

    printf("max ttl %" PRId64 " ns\n", max_ttl_ns);
    for (size_t i = 0; i < sizeof config / sizeof config[0]; i++)
        printf("%s -> %" PRId64 " ns\n", config[i], parse_ttl(config[i]));
    return 0;
}
