/*
 * The value type of a small embedded scripting language: one machine word,
 * a type tag in the top 16 bits and the payload below (x86-64 user-space
 * pointers fit in 47 bits, so the top 16 are free). uintptr_t is "the
 * machine word that can hold a pointer".
 *
 * On x32 uintptr_t is 32-bit: there are no top 16 bits above a pointer, the
 * tag shifts by 48 are out of range, and every tag folds to 0.
 */
#include <stdint.h>
#include <stdio.h>

typedef uintptr_t value;

#define TAG_SHIFT 48
#define TAG_INT    ((uintptr_t)1 << TAG_SHIFT)
#define TAG_STRING ((uintptr_t)2 << TAG_SHIFT)
#define TAG_MASK   ((uintptr_t)0xffff << TAG_SHIFT)

static value make_int(int32_t i) { return TAG_INT | (uint32_t)i; }
static value make_string(const char *s) { return TAG_STRING | (uintptr_t)s; }

static void print_value(value v)
{
    const value tag = v & TAG_MASK;

    if (tag == TAG_INT)
        printf("int %d\n", (int32_t)(uint32_t)(v & ~TAG_MASK));
    else if (tag == TAG_STRING)
        printf("string \"%s\"\n", (const char *)(v & ~TAG_MASK));
    else
        printf("corrupt value\n");
}

int main(void)
{
    const value stack[] = { make_int(42), make_string("hello"), make_int(-7), make_string("world") };

    for (unsigned i = 0; i < sizeof stack / sizeof stack[0]; i++)
        print_value(stack[i]);
    return 0;
}
