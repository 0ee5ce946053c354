/* Every x32 program's LD_PRELOAD at start-up (front/guest_preload.c). */
#ifndef X32RUN_GUEST_PRELOAD_H
#define X32RUN_GUEST_PRELOAD_H

/* Entries that are ELF files but not x32 (pseudo's libpseudo.so, sanitizer
 * runtimes, x32-run --tree's library...) are removed, since the x32 ld.so could
 * only complain about them, and remembered in X32_RUN_NATIVE_PRELOAD for
 * syscalls/native_env.c's give-back.  Returns envp when unchanged. */
char **filter_foreign_preload(char **envp);

#endif
