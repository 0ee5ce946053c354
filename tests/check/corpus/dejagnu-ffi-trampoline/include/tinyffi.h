/* tinyffi: call a C function whose signature is known only at run time (libffi's job,
 * in miniature). Up to six integer-class arguments, in registers (src/call.S). */
#ifndef TINYFFI_H
#define TINYFFI_H

#include <stdint.h>

enum tinyffi_type { TINYFFI_SINT32, TINYFFI_SINT64, TINYFFI_POINTER, TINYFFI_DOUBLE };

#define TINYFFI_MAX_ARGS 6

/* Calls fn with nargs arguments of the given types, values[i] pointing at each; stores
 * the raw contents of the return register in *result. 0 on success, -1 for an argument
 * it cannot pass. */
int tinyffi_call(void (*fn)(void), int nargs, const enum tinyffi_type *types,
                 void *const *values, int64_t *result);

#endif
