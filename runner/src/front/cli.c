/* x32-run's command line: the options, --help and --version. */
#include "front/cli.h"
#include "front/binfmt.h"
#include "host/host.h"
#include "gdb/gdb.h"
#include "front/qemu_options.h"
#include "tree/tree.h"
#include "base/util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define X32RUN_VERSION "0.1.0"


static void usage(FILE *f)
{
    fprintf(f,
            "usage: x32-run [--mode native|user|vm] [--sysroot DIR] [--argv0 NAME] PROGRAM [ARGS...]\n"
            "       x32-run --tree[=binfmt|preload] -- COMMAND [ARGS...]\n"
            "       x32-run --probe | --register | --unregister | --help | --version\n"
            "\n"
            "Runs an x32 (x86_64-linux-gnux32) program.  In user mode the program runs\n"
            "natively on the CPU while its system calls are trapped and translated, so no\n"
            "kernel x32 support is needed.\n"
            "\n"
            "  --mode M       native: let the kernel run it; user: emulate the x32 ABI;\n"
            "                 vm: run it on a real x32 kernel in QEMU (execs x32-vm, found\n"
            "                 next to x32-run or at $X32_VM).\n"
            "                 Default: native if the kernel runs x32, else user. (X32_RUN_MODE)\n"
            "  --sysroot DIR  take /libx32 and /usr/libx32 files from DIR when present there.\n"
            "                 Default: $X32_SYSROOT, else <bindir>/../x86_64-linux-gnux32/sysroot,\n"
            "                 else the host's own files.  A dynamic musl program with none\n"
            "                 of them given runs under <bindir>/../x86_64-linux-muslx32/sysroot\n"
            "                 as its whole root (as -L DIR would).\n"
            "  --argv0 NAME   the program's argv[0] (default: PROGRAM)\n"
            "  --execfn NAME  the name it was exec'd by, for AT_EXECFN and its process name\n"
            "                 (default: PROGRAM; x32-run sets it when an x32 program execs)\n"
            "  --probe        show what this host supports and which mode would be used\n"
            "  --register     register with binfmt_misc so x32 programs run directly (root,\n"
            "                 machine-wide); --unregister removes the entry\n"
            "  --tree         run COMMAND so that every x32 program it or its descendants\n"
            "                 start runs under x32-run, without root (binfmt_misc in a user\n"
            "                 namespace, else an exec-interposition library; --probe says\n"
            "                 which).  --tree=preload forces one (X32_RUN_TREE_WITH).\n"
            "  -g PORT|-      user mode, stopped before the first instruction, waiting for\n"
            "                 gdb on 127.0.0.1:PORT (HOST:PORT too), or on stdin/stdout for\n"
            "                 gdb's `target remote | x32-run -g - PROG` (X32_RUN_GDB=PORT;\n"
            "                 x32-gdb PROG ARGS does it all).  Without a PROGRAM: a server\n"
            "                 for gdb's `target extended-remote | x32-run -g -`, whose `run`\n"
            "                 starts x32 programs and `attach PID` debugs one already running\n"
            "\n"
            "Environment: X32_RUN_DEBUG=1 names unsupported calls; X32_RUN_TRACE=1 prints\n"
            "every system call; X32_RUN_TRAP=rewrite (the default) traps with syscall user\n"
            "dispatch and rewrites busy call sites to skip the trap, =sud only traps, =seccomp\n"
            "uses the seccomp fallback; X32_SYSROOT and X32_RUN_MODE as the options above.\n");
    qemu_options_usage(f);
}

void parse_args(int argc, char **argv, struct options *o)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (str_eq(a, "--")) {
            i++;
            break;
        }
        if (a[0] != '-' || a[1] == 0)
            break;
        if (str_eq(a, "--help") || str_eq(a, "-h")) {
            usage(stdout);
            exit(0);
        } else if (str_eq(a, "--version")) {
            print_sdk_version("x32-run", X32RUN_VERSION);
            exit(0);
        } else if (str_eq(a, "--probe")) {
            o->probe = 1;
        } else if (str_eq(a, "--tree") || str_starts(a, "--tree=")) {
            o->tree = 1;
            o->tree_with = a[6] ? a + 7 : 0;
        } else if (str_eq(a, "--register") || str_eq(a, "--unregister")) {
            exit(a[2] == 'r' ? register_binfmt() : unregister_binfmt());
        } else if ((str_eq(a, "--mode") || str_eq(a, "--sysroot") || str_eq(a, "--argv0") ||
                    str_eq(a, "--execfn")) && i + 1 < argc) {
            const char *v = argv[++i];
            if (str_eq(a, "--mode"))
                o->mode = v;
            else if (str_eq(a, "--sysroot"))
                o->sysroot = v;
            else if (str_eq(a, "--execfn"))
                o->execfn = v;
            else
                o->argv0 = v;
        } else if (str_eq(a, "-g")) {
            /* QEMU user mode's -g PORT, and -g - for a pipe */
            if (i + 1 >= argc) {
                fprintf(stderr, "x32-run: -g needs a port (or - for stdin/stdout)\n");
                exit(2);
            }
            o->gdb = argv[++i];
        } else if (str_starts(a, "--mode=")) {
            o->mode = a + 7;
        } else if (str_starts(a, "--sysroot=")) {
            o->sysroot = a + 10;
        } else if (str_starts(a, "--argv0=")) {
            o->argv0 = a + 8;
        } else if (qemu_option(argc, argv, &i)) {
            /* QEMU user mode's -L -E -U -r -cpu -0, for OpenEmbedded */
        } else {
            fprintf(stderr, "x32-run: unknown option '%s' (try --help)\n", a);
            exit(2);
        }
    }
    qemu_options_finish(&o->sysroot, &o->argv0);
    if (o->probe)
        return;
    if (o->tree)
        exit(tree_main(o->tree_with, argv + i));
    if (i >= argc && o->gdb)
        exit(gdb_multi_main(o->gdb)); /* gdb's extended-remote: run and attach */
    if (i >= argc) {
        usage(stderr);
        exit(2);
    }
    o->program = argv[i];
    o->args = argv + i + 1;
    o->nargs = argc - i - 1;
}
