/*
 * The slot bitmap of a connection table: 128 slots, one bit each, stored in
 * `unsigned long` words because that is the machine word, with the word
 * size written as 64. Slot 63 is reserved for the admin connection.
 *
 * On x32 `unsigned long` is 32-bit: the array holds 64 bits instead of 128,
 * `1UL << 40` is undefined (x86 masks the count, so it sets bit 8), and
 * the reserved-slot constant `1UL << 63` does not fit at all.
 */
#include <stdio.h>

#define SLOTS 128
#define BITS_PER_WORD 64
#define ADMIN_SLOT_BIT (1UL << 63)      /* slot 63: the admin connection */

static unsigned long used[SLOTS / BITS_PER_WORD];

static void slot_free(unsigned slot)
{
    used[slot / BITS_PER_WORD] &= ~(1UL << (slot % BITS_PER_WORD));
}

static int slot_alloc(void)
{
    for (unsigned w = 0; w < SLOTS / BITS_PER_WORD; w++) {
        if (~used[w] != 0) {
            unsigned bit = (unsigned)__builtin_ctzl(~used[w]);

            used[w] |= 1UL << bit;
            return (int)(w * BITS_PER_WORD + bit);
        }
    }
    return -1;
}

static unsigned slots_used(void)
{
    unsigned n = 0;

    for (unsigned w = 0; w < SLOTS / BITS_PER_WORD; w++)
        n += (unsigned)__builtin_popcountl(used[w]);
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
