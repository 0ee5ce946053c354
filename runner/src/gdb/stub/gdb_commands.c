/* The gdb stub's command loop: the packets gdb sends while a thread is
 * stopped (registers, memory, breakpoints, threads, qXfer objects) and the
 * resume packets (c, s, C, S, vCont) that end it.  Unknown packets get the
 * empty reply, as the protocol asks. */
#include "gdb/stub/stub.h"
#include "procfs/procfs.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include "base/x32_abi.h"
#include "base/x32_syscalls.h"
#include <sys/syscall.h>

#define EFLAGS_TF 0x100
#define PKT_MAX 0x4000

static int g_tid;               /* Hg: the thread g/G/p/P/m work on */
static char pkt[PKT_MAX], reply[PKT_MAX];
static char exec_path[4096]; /* for qXfer:exec-file: gdb loads the symbols itself */

void gdb_set_exec_path(const char *path) { str_copy(exec_path, sizeof exec_path, path); }

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

int gdb_signal_to_gdb(int sig) { return gdb_sig(sig); }

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
    char r[3] = {kind, hex_digits[(code >> 4) & 15], hex_digits[code & 15]};
    gdb_put_packet(r, 3);
}

static void stop_reply(int gsig, int tid)
{
    char *p = reply;
    *p++ = 'T';
    *p++ = hex_digits[(gsig >> 4) & 15];
    *p++ = hex_digits[gsig & 15];
    p += str_fmt(p, 64, "thread:%x;", (unsigned)tid);
    gdb_put_packet(reply, (size_t)(p - reply));
}

/* Sends an escaped qXfer chunk of data[off, off+len). */
void gdb_put_xfer(const char *data, size_t total, uint64_t off, uint64_t len)
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

void gdb_kill_program(void)
{
    /* gdb disconnected: the program dies with it, as under QEMU's stub. */
    raw_syscall2(SYS_kill, raw_syscall0(SYS_getpid), SIGKILL);
}

/* `detach`, or a hang-up after `attach`: the program runs on, as it was. */
static void detach(ucontext_t *uc)
{
    gdb_bp_remove_all();
    gdb_active = 0;
    gdb_attached = 0;
    uc->uc_mcontext.gregs[REG_EFL] &= ~EFLAGS_TF;
    gdb_conn_close();
    gdb_restore_signal_actions();
    gdb_release_others(1);
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
            sig = (int)parse_hex(&p);
        int tid = -1;
        if (*p == ':') {
            p++;
            tid = (int)parse_hex(&p);
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

/* A `syscall` traps into the runner, whose sigreturn would bring the trap
 * flag back only after one more guest instruction; a step over one is a
 * breakpoint just after it instead.  (rt_sigreturn goes elsewhere: there the
 * trap flag's extra instruction is the lesser evil.) */
static int step_over_syscall(const greg_t *g)
{
    unsigned char insn[2];
    uint64_t pc = (uint64_t)g[REG_RIP];
    if (gdb_mem_read(pc, insn, 2) || insn[0] != 0x0f || insn[1] != 0x05)
        return 0;
    uint64_t nr = (uint64_t)g[REG_RAX];
    if (nr == (X32_SYSCALL_BIT | X32_NR_rt_sigreturn)) {
        /* x32's rt_sigreturn does not come back after its syscall instruction: the
         * step ends where the frame returns to, as a kernel's single-step over it stops
         * there. The handler's ret has popped pretcode, so the frame's ucontext starts
         * at rsp; its saved rip is where the breakpoint goes. */
        uint64_t rip;
        uint64_t at = (uint64_t)g[REG_RSP] + __builtin_offsetof(struct x32_ucontext, gregs) +
                      (uint64_t)REG_RIP * sizeof(uint64_t);
        if (gdb_mem_read(at, &rip, sizeof rip))
            return 0;
        return gdb_bp_insert(rip, 1) == 0;
    }
    if (nr == SYS_rt_sigreturn) /* x86-64's, made by hand: the trap flag it keeps */
        return 0;
    return gdb_bp_insert(pc + 2, 1) == 0;
}

/* Serves packets until gdb resumes this thread; returns the signal to
 * deliver to it (host number) or 0. */
static int command_loop(ucontext_t *uc, int me, int stop_gsig)
{
    for (;;) {
        int n = gdb_get_packet(pkt, sizeof pkt);
        if (n < 0 && gdb_attached) {
            detach(uc); /* as a native gdb that dies detaches from what it attached */
            return 0;
        }
        if (n < 0)
            gdb_kill_program();
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
            int reg = (int)parse_hex(&p);
            gdb_put_str(gdb_reg_to_hex(reply, cur, reg) ? "E01" : reply);
            continue;
        }
        case 'P': {
            int reg = (int)parse_hex(&p);
            gdb_put_str(*p == '=' && !gdb_reg_from_hex(cur, reg, p + 1) ? "OK" : "E01");
            continue;
        }
        case 'm': {
            uint64_t addr = parse_hex(&p), len = *p == ',' ? (p++, parse_hex(&p)) : 0;
            static unsigned char mem[PKT_MAX / 2];
            if (len > sizeof mem - 1)
                len = sizeof mem - 1;
            if (gdb_bp_read(addr, mem, len))
                gdb_put_str("E14");
            else
                gdb_put_packet(reply, hex_encode(reply, mem, len));
            continue;
        }
        case 'M':
        case 'X': {
            uint64_t addr = parse_hex(&p), len = *p == ',' ? (p++, parse_hex(&p)) : 0;
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
                got = hex_decode(mem, p, sizeof mem);
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
                uint64_t addr = parse_hex(&p);
                int bad = pkt[0] == 'Z' ? gdb_bp_insert(addr, 0) : gdb_bp_remove(addr);
                gdb_put_str(bad ? "E01" : "OK");
            }
            continue;
        case 'H':
            if (pkt[1] == 'g') {
                p = pkt + 2;
                int tid = (int)parse_hex(&p);
                g_tid = (p[0] == '-' || tid == 0) ? 0 : tid;
                gdb_put_str(g_tid && !gdb_thread_alive(g_tid) ? "E01" : "OK");
            } else {
                gdb_put_str("OK");
            }
            continue;
        case 'T': {
            int tid = (int)parse_hex(&p);
            gdb_put_str(gdb_thread_alive(tid) ? "OK" : "E01");
            continue;
        }
        case 'k':
            gdb_kill_program();
            continue;
        case 'D':
            gdb_put_str("OK");
            detach(uc);
            return 0;
        case 'c':
        case 's':
        case 'C':
        case 'S':
            r.how = (pkt[0] == 's' || pkt[0] == 'S') ? RESUME_STEP : RESUME_CONT;
            if (pkt[0] == 'C' || pkt[0] == 'S')
                r.sig = (int)parse_hex(&p);
            break;
        case 'Q':
            if (str_eq(pkt, "QStartNoAckMode")) {
                gdb_put_str("OK"); /* still acknowledged; the next ones are not */
                gdb_conn_no_ack();
            } else {
                gdb_put_str("");
            }
            continue;
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
                gdb_kill_program();
            gdb_put_str("");
            continue;
        case 'q':
            if (str_starts(pkt, "qSupported")) {
                gdb_put_str(GDB_STUB_FEATURES);
            } else if (str_starts(pkt, "qXfer:features:read:target.xml:") ||
                       str_starts(pkt, "qXfer:auxv:read::")) {
                p = pkt[6] == 'f' ? pkt + 31 : pkt + 17;
                uint64_t off = parse_hex(&p), len = *p == ',' ? (p++, parse_hex(&p)) : 0;
                const void *data;
                unsigned long total;
                if (pkt[6] == 'f')
                    data = gdb_target_xml(&total);
                else if (proc_self_get_auxv(&data, &total))
                    total = 0;
                gdb_put_xfer(data, total, off, len);
            } else if (str_starts(pkt, "qXfer:exec-file:read:")) {
                p = pkt + 21;
                while (*p && *p != ':')
                    p++; /* the annex: a pid, or empty for the current one */
                p += *p == ':';
                uint64_t off = parse_hex(&p), len = *p == ',' ? (p++, parse_hex(&p)) : 0;
                gdb_put_xfer(exec_path, str_len(exec_path), off, len);
            } else if (str_starts(pkt, "qXfer:")) {
                gdb_put_str(str_starts(pkt, "qXfer:features:read:") ? "E00" : "");
            } else if (str_eq(pkt, "qfThreadInfo")) {
                int tids[256], k = gdb_thread_list(tids, 256);
                char *o = reply;
                *o++ = 'm';
                for (int i = 0; i < k; i++)
                    o += str_fmt(o, 32, i ? ",%x" : "%x", (unsigned)tids[i]);
                gdb_put_packet(reply, (size_t)(o - reply));
            } else if (str_eq(pkt, "qsThreadInfo")) {
                gdb_put_str("l");
            } else if (str_eq(pkt, "qC")) {
                str_fmt(reply, 32, "QC%x", (unsigned)me);
                gdb_put_str(reply);
            } else if (str_starts(pkt, "qAttached")) {
                /* 0: started for gdb, quitting gdb kills it; 1: attached, detached */
                gdb_put_str(gdb_attached ? "1" : "0");
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
        g[REG_EFL] &= ~EFLAGS_TF;
        if (r.how == RESUME_STEP && !step_over_syscall(g))
            g[REG_EFL] |= EFLAGS_TF;
        /* vCont naming only this thread (scheduler-locking) leaves the rest parked. */
        gdb_release_others(r.others_run);
        return host_sig(r.sig);
    }
}


int gdb_serve(ucontext_t *uc, int me, int stop_gsig, int report)
{
    g_tid = 0;
    if (report)
        stop_reply(stop_gsig, me);
    return command_loop(uc, me, stop_gsig);
}

void gdb_put_code(char kind, int code) { put_code(kind, code); }
