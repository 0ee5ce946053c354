/* x32-run --tree's entry points for the rest of the runner (tree/). */
#ifndef X32RUN_TREE_H
#define X32RUN_TREE_H
/* x32-run --tree: a process tree in which every x32 program, however it is
 * started, runs under x32-run.  Mechanisms, tried in order (X32_RUN_TREE_WITH or
 * --tree=LIST): "binfmt" (binfmt_misc mounted in a private user namespace, Linux
 * 6.7+) and "preload" (an exec-interposition library in LD_PRELOAD); by default
 * binfmt first only where its namespace changes no ids (a privileged root).  "kernel"
 * is what a kernel with x32 support gets: nothing to do. */
#include <stddef.h>

/* Sets the tree up and execs cmd[0] with cmd as its argv; returns only to say
 * that it failed, with the exit status to use (the message is printed). */
int tree_main(const char *with, char **cmd);

/* x32-run --probe: which mechanism --tree would use here, and why not the others. */
void tree_print_probe(void);

/* The environment an x32 guest sees: LD_PRELOAD without the tree's x86-64
 * library (the x32 ld.so would complain about it).  Returns envp itself when
 * there is nothing to strip. */
char **tree_guest_env(char **envp);

#endif
