/* The gdb stub's start-up and command loop.  A guest thread that stops
 * (SIGTRAP from a breakpoint or a step, or a signal the runner is about to
 * deliver) takes the stub's lock, stops the other threads, tells gdb why,
 * and serves packets on its own altstack until gdb resumes it. */
#include "gdb.h"
#include "proc_self.h"
#include "raw_syscall.h"
#include "signals.h"
#include "util.h"
#include <sys/syscall.h>
#include <time.h>

#define EFLAGS_TF 0x100
#define MAX_BREAKPOINTS 256
#define PKT_MAX 0x4000

int gdb_active;
extern char __executable_start[], __etext[];
extern void host_restorer(void);

struct breakpoint {
    uint64_t addr;
    unsigned char orig;
    int used, internal;
};
static struct breakpoint bps[MAX_BREAKPOINTS];
static volatile int stub_owner; /* tid holding the stub, 0 when free */
static int first_stop_done;
static volatile int passing_tid; /* a thread delivering what gdb passed */
static int g_tid;               /* Hg: the thread g/G/p/P/m work on */
static char pkt[PKT_MAX], reply[PKT_MAX];
static char exec_path[4096]; /* for qXfer:exec-file: gdb loads the symbols itself */

/* Linux signal numbers -> gdb's (gdb/signals.def); 143 is GDB_SIGNAL_UNKNOWN. */
static const unsigned char to_gdb[32] = {0,  1,  2,  3,  4,  5,  6,  10, 8,  9,  30,
                                         11, 31, 13, 14, 15, 143, 20, 19, 17, 18, 21,
                                         22, 16, 24, 25, 26, 27, 28, 23, 32, 12};

static int gdb_sig(int sig)
{
    if (sig < 32)
        return to_gdb[sig];
    return sig == 32 ? 77 : sig < 64 ? sig + 12 : 78;
}

static int host_sig(int g)
{
    for (int s = 1; s < 32; s++)
        if (to_gdb[s] == g)
            return s;
    if (g == 77)
        return 32;
    if (g >= 45 && g <= 75)
        return g - 12;
    return g == 78 ? 64 : 0;
}

static int self_tid(void) { return (int)raw_syscall0(SYS_gettid); }

int gdb_owns_signal(int sig) { return gdb_active && (sig == SIGTRAP || sig == GDB_STOP_SIGNAL); }

static struct breakpoint *find_bp(uint64_t addr)
{
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used && bps[i].addr == addr)
            return &bps[i];
    return 0;
}

static int insert_bp(uint64_t addr, int internal)
{
    struct breakpoint *b = find_bp(addr);
    if (b) {
        b->internal &= internal;
        return 0;
    }
    for (int i = 0; i < MAX_BREAKPOINTS; i++) {
        if (bps[i].used)
            continue;
        unsigned char int3 = 0xcc;
        if (gdb_mem_read(addr, &bps[i].orig, 1) || gdb_mem_write(addr, &int3, 1))
            return -1;
        bps[i] = (struct breakpoint){addr, bps[i].orig, 1, internal};
        return 0;
    }
    return -1;
}

static int remove_bp(struct breakpoint *b)
{
    if (!b)
        return -1;
    b->used = 0;
    return gdb_mem_write(b->addr, &b->orig, 1);
}

static void remove_all_bps(void)
{
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used)
            remove_bp(&bps[i]);
}

/* Memory reads show the original bytes under breakpoints, as ptrace-based
 * stubs do after removing them, so gdb's prologue analysis sees real code. */
static int read_clean(uint64_t addr, unsigned char *buf, size_t n)
{
    if (gdb_mem_read(addr, buf, n))
        return -1;
    for (int i = 0; i < MAX_BREAKPOINTS; i++)
        if (bps[i].used && bps[i].addr >= addr && bps[i].addr < addr + n)
            buf[bps[i].addr - addr] = bps[i].orig;
    return 0;
}

static void lock_stub(ucontext_t *uc)
{
    int me = self_tid();
    int parked = 0;
    struct timespec tick = {0, 200 * 1000};
    while (!__atomic_compare_exchange_n(&stub_owner, &(int){0}, me, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST)) {
        if (!parked) {
            gdb_thread_parked(me, uc); /* stopped already, as far as gdb goes */
            parked = 1;
        }
        raw_syscall2(SYS_nanosleep, &tick, 0);
    }
    if (parked)
        gdb_thread_unparked(me);
}

static void unlock_stub(void) { __atomic_store_n(&stub_owner, 0, __ATOMIC_SEQ_CST); }

static ucontext_t *context_of(int tid, int me, ucontext_t *mine)
{
    if (tid <= 0 || tid == me)
        return mine;
    ucontext_t *uc = gdb_thread_context(tid);
    return uc ? uc : mine;
}

/* "W" + exit status or "X" + signal, two hex digits. */
static void put_code(char kind, int code)
{
    static const char hex[] = "0123456789abcdef";
    char r[3] = {kind, hex[(code >> 4) & 15], hex[code & 15]};
    gdb_put_packet(r, 3);
}

static void stop_reply(int gsig, int tid)
{
    char *p = reply;
    static const char hex[] = "0123456789abcdef";
    *p++ = 'T';
    *p++ = hex[(gsig >> 4) & 15];
    *p++ = hex[gsig & 15];
    p += gdb_fmt(p, 64, "thread:%x;", (unsigned)tid);
    gdb_put_packet(reply, (size_t)(p - reply));
}

/* Sends an escaped qXfer chunk of data[off, off+len). */
static void xfer_reply(const char *data, size_t total, uint64_t off, uint64_t len)
{
    size_t n = 0;
    if (off >= total) {
        gdb_put_str("l");
        return;
    }
    reply[n++] = off + len >= total ? 'l' : 'm';
    for (uint64_t i = off; i < total && i < off + len && n < PKT_MAX - 3; i++) {
        char c = data[i];
        if (c == '$' || c == '#' || c == '}' || c == '*') {
            reply[n++] = '}';
            c ^= 0x20;
        }
        reply[n++] = c;
    }
    gdb_put_packet(reply, n);
}

static void gone(void)
{
    /* gdb disconnected: the program dies with it, as under QEMU's stub. */
    raw_syscall2(SYS_kill, raw_syscall0(SYS_getpid), SIGKILL);
}

enum { RESUME_CONT = 1, RESUME_STEP = 2 };
struct resume {
    int how, sig, others_run;
};

/* vCont;ACTION[:TID]...: this thread's action, and whether the rest run. */
static void parse_vcont(const char *p, int me, struct resume *r)
{
    r->how = 0;
    r->others_run = 0;
    while (*p == ';') {
        p++;
        char a = *p++;
        int sig = 0;
        if (a == 'C' || a == 'S')
            sig = (int)gdb_parse_hex(&p);
        int tid = -1;
        if (*p == ':') {
            p++;
            tid = (int)gdb_parse_hex(&p);
        }
        while (*p && *p != ';')
            p++;
        int how = (a == 's' || a == 'S') ? RESUME_STEP : (a == 'c' || a == 'C') ? RESUME_CONT : 0;
        if (!how)
            continue;
        if (tid == me && !r->how) {
            r->how = how;
            r->sig = sig;
        } else if (tid == -1) {
            if (!r->how) {
                r->how = how;
                r->sig = sig;
            }
            r->others_run = 1;
        }
    }
    if (!r->how)
        r->how = RESUME_CONT;
}

/* Serves packets until gdb resumes this thread; returns the signal to
 * deliver to it (host number) or 0. */
static int command_loop(ucontext_t *uc, int me, int stop_gsig)
{
    for (;;) {
        int n = gdb_get_packet(pkt, sizeof pkt);
        if (n < 0)
            gone();
        const char *p = pkt + 1;
        ucontext_t *cur = context_of(g_tid, me, uc);
        struct resume r = {0, 0, 1};
        switch (pkt[0]) {
        case '?':
            stop_reply(stop_gsig, me);
            continue;
        case 'g':
            gdb_put_packet(reply, gdb_regs_to_hex(reply, cur));
            continue;
        case 'G':
            gdb_put_str(gdb_regs_from_hex(cur, p) ? "E01" : "OK");
            continue;
        case 'p': {
            int reg = (int)gdb_parse_hex(&p);
            gdb_put_str(gdb_reg_to_hex(reply, cur, reg) ? "E01" : reply);
            continue;
        }
        case 'P': {
            int reg = (int)gdb_parse_hex(&p);
            gdb_put_str(*p == '=' && !gdb_reg_from_hex(cur, reg, p + 1) ? "OK" : "E01");
            continue;
        }
        case 'm': {
            uint64_t addr = gdb_parse_hex(&p), len = *p == ',' ? (p++, gdb_parse_hex(&p)) : 0;
            static unsigned char mem[PKT_MAX / 2];
            if (len > sizeof mem - 1)
                len = sizeof mem - 1;
            if (read_clean(addr, mem, len))
                gdb_put_str("E14");
            else
                gdb_put_packet(reply, gdb_to_hex(reply, mem, len));
            continue;
        }
        case 'M':
        case 'X': {
            uint64_t addr = gdb_parse_hex(&p), len = *p == ',' ? (p++, gdb_parse_hex(&p)) : 0;
            static unsigned char mem[PKT_MAX];
            size_t got;
            if (*p++ != ':') {
                gdb_put_str("E01");
                continue;
            }
            if (pkt[0] == 'X') {
                got = gdb_unescape((char *)p, (size_t)(n - (p - pkt)));
                mem_copy(mem, p, got < sizeof mem ? got : sizeof mem);
            } else {
                got = gdb_from_hex(mem, p, sizeof mem);
            }
            gdb_put_str(got >= len && len <= sizeof mem && !gdb_mem_write(addr, mem, len)
                            ? "OK" : "E14");
            continue;
        }
        case 'Z':
        case 'z':
            if (pkt[1] != '0' || pkt[2] != ',') {
                gdb_put_str(""); /* watchpoints: gdb falls back to software ones */
                continue;
            }
            p = pkt + 3;
            {
                uint64_t addr = gdb_parse_hex(&p);
                int bad = pkt[0] == 'Z' ? insert_bp(addr, 0) : remove_bp(find_bp(addr));
                gdb_put_str(bad ? "E01" : "OK");
            }
            continue;
        case 'H':
            if (pkt[1] == 'g') {
                p = pkt + 2;
                int tid = (int)gdb_parse_hex(&p);
                g_tid = (p[0] == '-' || tid == 0) ? 0 : tid;
                gdb_put_str(g_tid && !gdb_thread_alive(g_tid) ? "E01" : "OK");
            } else {
                gdb_put_str("OK");
            }
            continue;
        case 'T': {
            int tid = (int)gdb_parse_hex(&p);
            gdb_put_str(gdb_thread_alive(tid) ? "OK" : "E01");
            continue;
        }
        case 'k':
            gone();
            continue;
        case 'D':
            gdb_put_str("OK");
            remove_all_bps();
            gdb_active = 0;
            uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
            gdb_release_others(1);
            return 0;
        case 'c':
        case 's':
        case 'C':
        case 'S':
            r.how = (pkt[0] == 's' || pkt[0] == 'S') ? RESUME_STEP : RESUME_CONT;
            if (pkt[0] == 'C' || pkt[0] == 'S')
                r.sig = (int)gdb_parse_hex(&p);
            break;
        case 'v':
            if (str_starts(pkt, "vCont?")) {
                gdb_put_str("vCont;c;C;s;S");
                continue;
            }
            if (str_starts(pkt, "vCont;")) {
                parse_vcont(pkt + 5, me, &r);
                break;
            }
            if (str_starts(pkt, "vKill"))
                gone();
            gdb_put_str("");
            continue;
        case 'q':
            if (str_starts(pkt, "qSupported")) {
                gdb_put_str("PacketSize=3fff;qXfer:features:read+;qXfer:auxv:read+;qXfer:exec-file:read+;"
                            "vContSupported+");
            } else if (str_starts(pkt, "qXfer:features:read:target.xml:") ||
                       str_starts(pkt, "qXfer:auxv:read::")) {
                p = pkt[6] == 'f' ? pkt + 31 : pkt + 17;
                uint64_t off = gdb_parse_hex(&p), len = *p == ',' ? (p++, gdb_parse_hex(&p)) : 0;
                const void *data;
                unsigned long total;
                if (pkt[6] == 'f')
                    data = gdb_target_xml(&total);
                else if (proc_self_get_auxv(&data, &total))
                    total = 0;
                xfer_reply(data, total, off, len);
            } else if (str_starts(pkt, "qXfer:exec-file:read:")) {
                p = pkt + 21;
                while (*p && *p != ':')
                    p++; /* the annex: a pid, or empty for the current one */
                p += *p == ':';
                uint64_t off = gdb_parse_hex(&p), len = *p == ',' ? (p++, gdb_parse_hex(&p)) : 0;
                xfer_reply(exec_path, str_len(exec_path), off, len);
            } else if (str_starts(pkt, "qXfer:")) {
                gdb_put_str(str_starts(pkt, "qXfer:features:read:") ? "E00" : "");
            } else if (str_eq(pkt, "qfThreadInfo")) {
                int tids[256], k = gdb_thread_list(tids, 256);
                char *o = reply;
                *o++ = 'm';
                for (int i = 0; i < k; i++)
                    o += gdb_fmt(o, 32, i ? ",%x" : "%x", (unsigned)tids[i]);
                gdb_put_packet(reply, (size_t)(o - reply));
            } else if (str_eq(pkt, "qsThreadInfo")) {
                gdb_put_str("l");
            } else if (str_eq(pkt, "qC")) {
                gdb_fmt(reply, 32, "QC%x", (unsigned)me);
                gdb_put_str(reply);
            } else if (str_starts(pkt, "qAttached")) {
                gdb_put_str("0"); /* started for gdb: quitting gdb kills it */
            } else {
                gdb_put_str("");
            }
            continue;
        default:
            gdb_put_str("");
            continue;
        }
        /* Resume. */
        greg_t *g = uc->uc_mcontext.gregs;
        if (r.how == RESUME_STEP)
            g[REG_EFL] |= EFLAGS_TF;
        else
            g[REG_EFL] &= ~EFLAGS_TF;
        gdb_release_others(r.others_run || r.how == RESUME_CONT);
        return host_sig(r.sig);
    }
}

/* Fatal by default (gdb must hear X, the process dies of the signal). */
static int kills(int sig)
{
    return sig != SIGCHLD && sig != SIGURG && sig != SIGWINCH && sig != SIGCONT &&
           sig != SIGSTOP && sig != SIGTSTP && sig != SIGTTIN && sig != SIGTTOU;
}

/* One stop of thread `me`, reported as signal sig; returns what to deliver. */
static int stop_and_serve(ucontext_t *uc, int sig)
{
    int me = self_tid();
    lock_stub(uc);
    if (!gdb_active) {
        unlock_stub();
        return sig == SIGTRAP ? 0 : sig;
    }
    gdb_stop_others(me);
    g_tid = 0;
    /* The start-up stop is asked for with '?'; later ones answer a resume. */
    if (!first_stop_done)
        first_stop_done = 1;
    else
        stop_reply(gdb_sig(sig), me);
    int deliver = command_loop(uc, me, gdb_sig(sig));
    if (deliver && kills(deliver)) {
        struct thread_state *t = current_thread();
        uint32_t h = t->sighand->act[deliver].handler;
        if (h == (uint32_t)(uintptr_t)SIG_DFL) {
            put_code('X', gdb_sig(deliver));
        }
    }
    unlock_stub();
    return deliver;
}

static int in_runner(uint64_t pc)
{
    return pc >= (uint64_t)__executable_start && pc < (uint64_t)__etext;
}

static void sigtrap_handler(int sig, siginfo_t *si, void *ctx)
{
    ucontext_t *uc = ctx;
    greg_t *g = uc->uc_mcontext.gregs;
    uint64_t pc = (uint64_t)g[REG_RIP];
    if (!gdb_active || in_runner(pc)) {
        host_signal_handler(sig, si, ctx);
        return;
    }
    if (si->si_code == SI_KERNEL) { /* int3: ours, once ours, or the guest's */
        struct breakpoint *b = find_bp(pc - 1);
        unsigned char now = 0;
        if (b || (gdb_mem_read(pc - 1, &now, 1) == 0 && now != 0xcc)) {
            g[REG_RIP] = (greg_t)(pc - 1); /* back onto the instruction */
            if (b && b->internal)
                remove_bp(b);
            else if (!b)
                return; /* removed while this thread waited: just run it */
            si = 0;
        }
    } else if (si->si_code == TRAP_TRACE || si->si_code == TRAP_BRKPT) {
        g[REG_EFL] &= ~EFLAGS_TF;
        si = 0;
    }
    int deliver = stop_and_serve(uc, SIGTRAP);
    if (deliver) {
        siginfo_t info = {0};
        if (si)
            info = *si;
        info.si_signo = deliver;
        if (!si)
            info.si_code = SI_KERNEL;
        passing_tid = self_tid();
        host_signal_handler(deliver, &info, ctx);
        passing_tid = 0;
    }
}

int gdb_signal_stop(int sig, const siginfo_t *si, ucontext_t *uc)
{
    (void)si;
    if (!gdb_active || passing_tid == self_tid())
        return sig; /* reported already (sigtrap_handler passes it on) */
    return stop_and_serve(uc, sig);
}

void gdb_report_exit(int status)
{
    if (!gdb_active)
        return;
    lock_stub(0);
    put_code('W', status & 0xff);
    gdb_active = 0;
    unlock_stub();
}

void gdb_forked_child(ucontext_t *uc)
{
    /* follow-fork-mode parent: the child runs free, without our breakpoints. */
    if (!gdb_active)
        return;
    remove_all_bps();
    gdb_active = 0;
    uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
}

void gdb_stub_start(const char *where, uint64_t entry, const char *exe)
{
    str_copy(exec_path, sizeof exec_path, exe);
    if (gdb_conn_open(where))
        die(2, "gdb stub not started (see the line above)");
    struct kernel_sigaction k = {
        .handler = (void *)sigtrap_handler,
        .flags = SA_SIGINFO | SA_ONSTACK | SA_RESTORER,
        .restorer = (void *)host_restorer,
        .mask = ~0ULL,
    };
    raw_syscall4(SYS_rt_sigaction, SIGTRAP, &k, 0, 8);
    gdb_threads_install();
    gdb_active = 1;
    if (insert_bp(entry, 1))
        die(126, "gdb stub: cannot place the start-up breakpoint at 0x%lx", (unsigned long)entry);
}
