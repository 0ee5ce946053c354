/*
 * Marshalling: every argument into the 64-bit register slot that call.S loads.
 *
 * Written for x86-64, where a pointer fills its register as a 64-bit integer does, so
 * both are copied whole. On x32 a pointer is 4 bytes: the copy takes the 4 bytes after
 * it too, and the register's upper half is whatever they were. GCC's x32 callees
 * assume it is zero (at -O2 they test the whole register for NULL), as libffi learnt
 * in its issue #887.
 */
#include <string.h>

#include "tinyffi.h"

uint64_t tinyffi_call_registers(void (*fn)(void), const uint64_t *slots);   /* call.S */

static int to_slot(enum tinyffi_type type, const void *value, uint64_t *slot)
{
    int32_t i32;

    switch (type) {
    case TINYFFI_SINT32:
        memcpy(&i32, value, sizeof i32);
        *slot = (uint64_t)(int64_t)i32;
        return 0;
    case TINYFFI_POINTER:      /* a whole register, like a 64-bit integer */
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
