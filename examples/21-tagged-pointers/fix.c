/*
 * The same value type with its width chosen by the format, not by the
 * pointer: a value is a uint64_t on every ABI, a pointer enters it through
 * uintptr_t (zero-extended) and leaves the same way. The tag layout is then
 * identical on x86-64, x32 and i386. (The alternative, where memory matters:
 * keep a word-sized value but tag the low bits that pointer alignment
 * leaves free, which works at any pointer width.)
 */
#include <stdint.h>
#include <stdio.h>

typedef uint64_t value;

#define TAG_SHIFT 48
#define TAG_INT    (UINT64_C(1) << TAG_SHIFT)
#define TAG_STRING (UINT64_C(2) << TAG_SHIFT)
#define TAG_MASK   (UINT64_C(0xffff) << TAG_SHIFT)

static value make_int(int32_t i) { return TAG_INT | (uint32_t)i; }
static value make_string(const char *s) { return TAG_STRING | (uint64_t)(uintptr_t)s; }

static void print_value(value v)
{
    const value tag = v & TAG_MASK;

    if (tag == TAG_INT)
        printf("int %d\n", (int32_t)(uint32_t)(v & ~TAG_MASK));
    else if (tag == TAG_STRING)
        printf("string \"%s\"\n", (const char *)(uintptr_t)(v & ~TAG_MASK));
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
