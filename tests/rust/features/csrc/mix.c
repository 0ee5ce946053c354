/* A C library that Rust links (build.rs): a checksum both sides compute, and the C
 * compiler's idea of the data model, which must be x32's. */
#include <stddef.h>
#include <stdint.h>

uint32_t mix_checksum(const unsigned char *data, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ data[i]) * 16777619u;
    return h;
}

/* sizeof(long) * 100 + sizeof(void *) * 10 + sizeof(long long) / 8 */
unsigned mix_data_model(void)
{
    return (unsigned)(sizeof(long) * 100 + sizeof(void *) * 10 + sizeof(long long) / 8);
}
