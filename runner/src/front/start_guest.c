/* User mode's start-up: the sysroot and path redirection, the address space,
 * the main thread's block and signal table, the program and its interpreter
 * mapped below 4 GiB, the x32 stack and auxv, then the trap (Syscall User
 * Dispatch, else seccomp) and the jump into the guest. */
#include "base/self_path.h"
#include "core/core.h"
#include "front/cli.h"
#include "loader/loader.h"
#include "syscalls/syscalls.h"
#include "gdb/gdb.h"
#include "procfs/procfs.h"
#include "front/qemu_options.h"
#include "base/raw_syscall.h"
#include "signals/signals.h"
#include "front/trap_plan.h"
#include "fastpath/fastpath.h"
#include "base/util.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/rseq.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

/* glibc registered an rseq area for the runner's main thread; the kernel
 * allows one per thread, and the guest's glibc wants to register its own. */
static void unregister_runner_rseq(void)
{
    if (!__rseq_size)
        return;
    void *area = (char *)__builtin_thread_pointer() + __rseq_offset;
    const unsigned sizes[] = {__rseq_size, 32, 20};
    for (unsigned i = 0; i < 3; i++)
        if (raw_syscall4(SYS_rseq, area, sizes[i], 1 /*RSEQ_FLAG_UNREGISTER*/, 0x53053053) == 0)
            return;
}

/* "/dev/fd/N": the kernel's name for execveat(N, "", AT_EMPTY_PATH). */
static int is_fd_only_name(const char *name)
{
    if (!str_starts(name, "/dev/fd/") || !name[8])
        return 0;
    for (const char *p = name + 8; *p; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return 1;
}

void run_x32(const char *path, int fd, const struct options *o, char **envp)
{
    char sysroot[PATH_BUF], guest_abs[PATH_BUF], fdlink[64];
    const char *self = runner_path();
    if (!self)
        die(126, "cannot find my own executable through /proc/self/exe (is /proc mounted?)");
    snprintf(fdlink, sizeof fdlink, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(fdlink, guest_abs, sizeof guest_abs - 1);
    if (n <= 0)
        snprintf(guest_abs, sizeof guest_abs, "%s", path);
    else
        guest_abs[n] = 0;
    paths_init(chosen_sysroot(o), guest_abs);
    exec_init(self, !str_eq(current_sysroot(), "/"));
    debug_log("sysroot %s, program %s", current_sysroot(), guest_abs);

    /* Before address_space_init takes every free range above 4 GiB. */
    fastpath_fs_reserve();
    address_space_init();
    struct thread_state *t = thread_alloc();
    if (!t)
        die(126, "cannot allocate the runner's thread state");
    /* The floors above core plug in (core/hooks.h, core/fork.h); the fast
     * path's hooks wait for the trap plan below. */
    signals_init(t);
    syscalls_install();
    procfs_install();
    gdb_install();
    /* An exec'ing x32 parent may have passed a mask with SIGSYS in it; a
     * blocked dispatch SIGSYS would kill us, so that bit becomes virtual. */
    uint64_t live = 0, sigsys_bit = 1ULL << (SIGSYS - 1);
    raw_syscall4(SYS_rt_sigprocmask, SIG_BLOCK, 0, &live, 8);
    if (live & sigsys_bit) {
        t->sigsys_blocked = 1;
        raw_syscall4(SYS_rt_sigprocmask, SIG_UNBLOCK, &sigsys_bit, 0, 8);
    }
    map_guest_stack();

    struct loaded_elf exe;
    static struct loaded_elf interp;
    load_elf32(fd, path, pie_load_base(), &exe);
    close(fd);
    uint64_t entry = exe.entry, interp_base = 0;
    if (exe.interp[0] && !o->sysroot &&
        default_musl_root(self, exe.interp, sysroot, sizeof sysroot)) {
        paths_init(sysroot, guest_abs);
        paths_use_whole_root();
        debug_log("musl program: whole root %s", current_sysroot());
    }
    if (exe.interp[0]) {
        char buf[PATH_BUF];
        const char *ipath = redirect_interp(exe.interp, buf, sizeof buf);
        int ifd = open(ipath, O_RDONLY | O_CLOEXEC);
        if (ifd < 0 && qemu_rootfs())
            die(EXIT_QEMU_NO_INTERP, "%s: its interpreter %s is not under -L %s: %s (install "
                "glibc into that root)", path, exe.interp, qemu_rootfs(), strerror(errno));
        if (ifd < 0)
            die(127, "%s: cannot open its interpreter %s: %s (install an x32 libc or pass --sysroot)",
                path, exe.interp, strerror(errno));
        unsigned char hdr[64];
        uint64_t size;
        long hn = read_exec_header(ifd, hdr, sizeof hdr, &size);
        if (hn < 0 || elf_classify(hdr, (size_t)hn) != ELF_KIND_X32)
            die(126, "%s: interpreter %s is not an x32 ELF file", path, ipath);
        load_elf32(ifd, ipath, 0, &interp);
        close(ifd);
        entry = interp.entry;
        interp_base = interp.bias;
    }
    if (!exe.phdr)
        die(126, "%s: program headers are not in a loaded segment", path);
    if (exe.exec_stack)
        make_guest_stack_executable();
    /* ps, top and /proc/self/comm show the program, not the runner: as the kernel
     * does, the base name of the name it was exec'd by (a script's own name), not
     * argv[0]; for a descriptor exec'd by itself ("/dev/fd/N": fexecve), the name
     * of the file that runs. */
    const char *cpath = o->comm ? o->comm : path;
    if (o->execfn && !is_fd_only_name(o->execfn))
        cpath = o->execfn;
    const char *base = strrchr(cpath, '/');
    prctl(PR_SET_NAME, base ? base + 1 : cpath, 0, 0, 0);

    struct auxv_info ai = {
        .phdr = exe.phdr, .phnum = exe.phnum, .entry = exe.entry,
        .interp_base = interp_base, .vdso_base = map_vdso_shim(getauxval(AT_SYSINFO_EHDR)),
        .execfn = o->execfn ? o->execfn : path,
    };
    guest_brk_init(exe.end);
    guest_mm.start_code = exe.start_code;
    guest_mm.end_code = exe.end_code;
    guest_mm.start_data = exe.start_data;
    guest_mm.end_data = exe.end_data;
    guest_mm.start_brk = (exe.end + 4095) & ~4095ULL; /* guest_brk_init's start */
    guest_mm.vdso_base = ai.vdso_base;
    int gargc = o->nargs + 1;
    char **gargv = alloc_argv((size_t)gargc + 1);
    gargv[0] = (char *)(o->argv0 ? o->argv0 : o->program);
    for (int i = 0; i < o->nargs; i++)
        gargv[i + 1] = o->args[i];
    uint64_t sp = build_initial_stack(gargc, gargv, envp, &ai);

    unregister_runner_rseq();
    thread_install_altstack(t);
    t->tid = (int)raw_syscall0(SYS_gettid);
    t->tgid = (int)raw_syscall0(SYS_getpid);
    install_sigsys_handler();
    /* The trap plan, once: SUD is turned on here unless X32_RUN_TRAP=seccomp;
     * the rewrite fast path, the default, builds on SUD's traps and is
     * installed before the guest's first trap could rewrite a site. */
    struct trap_plan plan = plan_trap(enable_syscall_dispatch);
    trap_mode = plan.mode;
    debug_log("trap plan: %s (%s)", trap_mode_name(plan.mode), plan.reason);
    if (plan.mode == TRAP_SECCOMP) {
        long r = install_seccomp_trap();
        if (r)
            die(126, "neither syscall user dispatch nor seccomp is available (error %ld): "
                     "this kernel cannot run x32 programs in user mode (see x32-run --probe)", -r);
    } else if (plan.mode != TRAP_SUD) {
        fastpath_install(plan.mode);
    }
    if (o->gdb) {
        if (gdb_conn_open(o->gdb))
            exit(2); /* it said why, in one line */
        gdb_stub_start(entry, guest_abs);
    }
    enter_guest(entry, sp);
}
