/*
 * The same slot bitmap on uint64_t words: the word size, the constants and
 * the builtins (the `ll` variants) all say 64 bits on every ABI. If the
 * native word is wanted instead, derive everything from it: words of
 * `unsigned long`, BITS_PER_WORD = sizeof(unsigned long) * CHAR_BIT, and no
 * constant that assumes a width.
 */
#include <stdint.h>
#include <stdio.h>

#define SLOTS 128
#define BITS_PER_WORD 64
#define ADMIN_SLOT_BIT (UINT64_C(1) << 63)      /* slot 63: the admin connection */

static uint64_t used[SLOTS / BITS_PER_WORD];

static void slot_free(unsigned slot)
{
    used[slot / BITS_PER_WORD] &= ~(UINT64_C(1) << (slot % BITS_PER_WORD));
}

static int slot_alloc(void)
{
    for (unsigned w = 0; w < SLOTS / BITS_PER_WORD; w++) {
        if (~used[w] != 0) {
            unsigned bit = (unsigned)__builtin_ctzll(~used[w]);

            used[w] |= UINT64_C(1) << bit;
            return (int)(w * BITS_PER_WORD + bit);
        }
    }
    return -1;
}

static unsigned slots_used(void)
{
    unsigned n = 0;

    for (unsigned w = 0; w < SLOTS / BITS_PER_WORD; w++)
        n += (unsigned)__builtin_popcountll(used[w]);
    return n;
}

int main(void)
{
    int last = -1;

    used[0] = ADMIN_SLOT_BIT;
    for (int i = 0; i < 100; i++)
        last = slot_alloc();
    printf("100 connections: last slot %d, %u slots in use\n", last, slots_used());
    for (unsigned s = 40; s < 50; s++)
        slot_free(s);
    printf("closed slots 40-49: %u slots in use\n", slots_used());
    printf("next connections get slots");
    for (int i = 0; i < 3; i++)
        printf(" %d", slot_alloc());
    printf("\n");
    return 0;
}
