/* A self-test in the style of a compression library's example program: it checks a
 * checksum over a buffer it builds. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t adler32(const unsigned char *p, size_t n)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < n; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

int main(void)
{
    const char *text = "hello, hello!";
    uint32_t sum = adler32((const unsigned char *)text, strlen(text));
    if (sum != 0x21700496u) {
        printf("adler32 error: %08x\n", (unsigned)sum);
        return 1;
    }
    printf("adler32 ok (pointer %u bytes)\n", (unsigned)sizeof(void *));
    return 0;
}
