/* What X32_RUN_TRAP asks for, read from the environment at start-up (libc: never
 * on the trap path); an unknown value ends the run with one line. */
#ifndef X32RUN_TRAP_CHOICE_H
#define X32RUN_TRAP_CHOICE_H

enum trap_choice { TRAP_CHOICE_REWRITE, TRAP_CHOICE_SUD, TRAP_CHOICE_SECCOMP };
enum trap_choice trap_choice(void);

#endif
