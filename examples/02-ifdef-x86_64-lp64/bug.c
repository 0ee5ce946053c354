/*
 * A cache's TTL handling, with the project's own fixed-width types from
 * before <stdint.h> was trusted. The header decides by architecture name:
 * "x86_64 and aarch64 are 64-bit, so long is 64-bit there".
 *
 * On x32 __x86_64__ is defined but long is 32-bit, so i64 is 32 bits wide.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- compat.h ---- */
#if defined(__x86_64__) || defined(__aarch64__)
typedef long i64;
# define I64_FMT "%ld"
# define I64_C(c) c##L
#else
typedef long long i64;
# define I64_FMT "%lld"
# define I64_C(c) c##LL
#endif
/* ---- end of compat.h ---- */

#define NSEC_PER_SEC I64_C(1000000000)

/* Entries older than a week are never served, whatever the config says. */
static const i64 max_ttl_ns = 7 * 24 * 3600 * NSEC_PER_SEC;

/* "ttl=SECONDS" from the config file, in nanoseconds, clamped. */
static i64 parse_ttl(const char *line)
{
    i64 ttl_ns;

    if (strncmp(line, "ttl=", 4) != 0)
        return -1;
    ttl_ns = (i64)strtol(line + 4, NULL, 10) * NSEC_PER_SEC;
    return ttl_ns > max_ttl_ns ? max_ttl_ns : ttl_ns;
}

int main(void)
{
    static const char *const config[] = { "ttl=30", "ttl=3600", "ttl=2592000" };

    printf("max ttl " I64_FMT " ns\n", max_ttl_ns);
    for (size_t i = 0; i < sizeof config / sizeof config[0]; i++)
        printf("%s -> " I64_FMT " ns\n", config[i], parse_ttl(config[i]));
    return 0;
}
