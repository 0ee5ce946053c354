/*
 * Marshalling: every argument into the 64-bit register slot that call.S loads.
 *
 * The fixed version (libffi's fix for its issue #887): a pointer is as wide as the ABI
 * makes it, 4 bytes on x32, and is zero-extended into its slot, since GCC's x32
 * callees assume the register's upper half is zero (at -O2 they test the whole
 * register for NULL).
 */
#include <string.h>

#include "tinyffi.h"

uint64_t tinyffi_call_registers(void (*fn)(void), const uint64_t *slots);   /* call.S */

static int to_slot(enum tinyffi_type type, const void *value, uint64_t *slot)
{
    int32_t i32;
    void *pointer;

    switch (type) {
    case TINYFFI_SINT32:
        memcpy(&i32, value, sizeof i32);
        *slot = (uint64_t)(int64_t)i32;
        return 0;
    case TINYFFI_POINTER:
        memcpy(&pointer, value, sizeof pointer);
        *slot = (uint64_t)(uintptr_t)pointer;
        return 0;
    case TINYFFI_SINT64:
        memcpy(slot, value, sizeof *slot);
        return 0;
    case TINYFFI_DOUBLE:       /* SSE registers: not implemented yet */
    default:
        return -1;
    }
}

int tinyffi_call(void (*fn)(void), int nargs, const enum tinyffi_type *types,
                 void *const *values, int64_t *result)
{
    uint64_t slots[TINYFFI_MAX_ARGS] = { 0 };

    if (nargs < 0 || nargs > TINYFFI_MAX_ARGS)
        return -1;
    for (int i = 0; i < nargs; i++)
        if (to_slot(types[i], values[i], &slots[i]) != 0)
            return -1;
    *result = (int64_t)tinyffi_call_registers(fn, slots);
    return 0;
}
