/* A tiny bytecode interpreter whose values are tagged words, as in Scheme and
 * Emacs Lisp implementations: a fixnum or a pointer to a cons cell.  The word
 * is pointer-sized, so x32 halves cells and the stack. */
#include "workload.h"

typedef intptr_t value;              /* odd: fixnum << 1 | 1; 0: nil; else cell */

struct cell {
    value car, cdr;
};

#define FIXNUM(n) ((value)(n) * 2 + 1)
#define FIXNUM_OF(v) ((v) >> 1)
#define NIL ((value)0)

enum op { PUSHI, LOAD, STORE, ADD, MUL, AND, LT, JZ, JNIL, JMP, CONS, CAR, CDR,
          DUP, HALT };

/* The masks keep fixnums inside 31 bits, so 32-bit words never overflow.
 * sum = 0; list = nil; for (i = 0; i < n; i++) list = cons(i & 0x3fff, list);
 * while (list) { sum = (sum + car*car) & 0xfffff; list = cdr(list); } */
static const int program[] = {
    PUSHI, 0, STORE, 0,                     /* 0: list = nil (fixnum 0 stands in) */
    PUSHI, 0, STORE, 1,                     /* 4: i = 0 */
    LOAD, 1, LOAD, 2, LT, JZ, 34,           /* 8: while (i < n) */
    LOAD, 1, PUSHI, 0x3fff, AND,            /* 15: list = cons(i & 0x3fff, list) */
    LOAD, 0, CONS, STORE, 0,                /* 20 */
    LOAD, 1, PUSHI, 1, ADD, STORE, 1,       /* 25: i = i + 1 */
    JMP, 8,                                 /* 32 */
    PUSHI, 0, STORE, 3,                     /* 34: sum = 0 */
    LOAD, 0, JNIL, 64,                      /* 38: while (list is a cell) */
    LOAD, 0, CAR, DUP, MUL, LOAD, 3, ADD,   /* 42: sum + car*car */
    PUSHI, 0xfffff, AND, STORE, 3,          /* 50 */
    LOAD, 0, CDR, STORE, 0, JMP, 38,        /* 55: list = cdr(list) */
    0,                                      /* 62: unused */
    0,                                      /* 63: unused */
    LOAD, 3, HALT                           /* 64 */
};

static value run(const int *code, value *locals, struct cell *heap)
{
    value stack[64], *sp = stack;
    const int *pc = code;
    for (;;) {
        switch (*pc++) {
        case PUSHI: *sp++ = FIXNUM(*pc++); break;
        case LOAD: *sp++ = locals[*pc++]; break;
        case STORE: locals[*pc++] = *--sp; break;
        case ADD: sp--; sp[-1] = FIXNUM(FIXNUM_OF(sp[-1]) + FIXNUM_OF(sp[0])); break;
        case MUL: sp--; sp[-1] = FIXNUM(FIXNUM_OF(sp[-1]) * FIXNUM_OF(sp[0])); break;
        case AND: sp--; sp[-1] = FIXNUM(FIXNUM_OF(sp[-1]) & FIXNUM_OF(sp[0])); break;
        case LT: sp--; sp[-1] = FIXNUM(FIXNUM_OF(sp[-1]) < FIXNUM_OF(sp[0])); break;
        case JZ: if (*--sp == FIXNUM(0)) pc = code + *pc; else pc++; break;
        /* Fixnum 0 is the list terminator the program starts with. */
        case JNIL: if (*--sp & 1) pc = code + *pc; else pc++; break;
        case JMP: pc = code + *pc; break;
        case CONS:
            heap->car = sp[-2];
            heap->cdr = sp[-1];
            sp[-2] = (value)heap++;
            sp--;
            break;
        case CAR: sp[-1] = ((struct cell *)sp[-1])->car; break;
        case CDR: sp[-1] = ((struct cell *)sp[-1])->cdr; break;
        case DUP: sp[0] = sp[-1]; sp++; break;
        case HALT: return sp[-1];
        default: fputs("interp: bad opcode\n", stderr); exit(1);
        }
    }
}

int main(int argc, char **argv)
{
    int length = size_arg(argc, argv, 100000);
    uint32_t sum = 0;
    /* One arena, reused each round: a nursery that is emptied, never freed.
     * It is larger than the caches, as a Lisp heap is. */
    struct cell *heap = must_malloc(sizeof *heap * (size_t)length);

    for (int round = 0; round < 96; round++) {
        value locals[4] = { NIL, NIL, FIXNUM(length - round % 7), NIL };
        sum = sum * 31 + (uint32_t)FIXNUM_OF(run(program, locals, heap));
    }
    printf("interp length=%d sum=%08x\n", length, (unsigned)sum);
    return 0;
}
