/* One check per argument, run by the DejaGnu suite (testsuite/wordsum.sum/sum.exp):
 * "empty", "even" and "odd" sum 0, 4 and 5 words; "hex" prints a digest. */
#include <stdio.h>
#include <string.h>

#include "wordsum.h"

static int expect_sum(size_t count, uint64_t want)
{
    static const unsigned long words[5] = { 1, 2, 3, 4, 5 };
    uint64_t got = wordsum(words, count);

    printf("wordsum of %zu words: %llu (want %llu)\n", count, (unsigned long long)got,
           (unsigned long long)want);
    return got == want ? 0 : 1;
}

int main(int argc, char **argv)
{
    char hex[17];

    if (argc != 2)
        return 2;
    if (strcmp(argv[1], "empty") == 0)
        return expect_sum(0, 0);
    if (strcmp(argv[1], "even") == 0)
        return expect_sum(4, 10);
    if (strcmp(argv[1], "odd") == 0)
        return expect_sum(5, 15);
    if (strcmp(argv[1], "hex") == 0) {
        wordsum_hex(UINT64_C(0x123456789abcdef0), hex);
        printf("digest %s\n", hex);
        return strcmp(hex, "123456789abcdef0") == 0 ? 0 : 1;
    }
    return 2;
}
