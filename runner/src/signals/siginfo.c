/* Converting siginfo between the native layout (fields at 16, 8-byte sigval
 * and pointers) and x32's compat_siginfo (fields at 12, 4-byte sigval and
 * pointers, and x32's own SIGCHLD layout with 64-bit utime/stime at 0x18 and
 * 0x20), following the kernel's siginfo_layout(). */
#include "base/x32_abi.h"
#include "base/util.h"

enum layout { L_KILL, L_TIMER, L_RT, L_CHLD, L_FAULT, L_POLL, L_SYS };

/* The kernel's siginfo_layout(): kernel-generated codes (0 < code <
 * SI_KERNEL) pick a per-signal layout within that signal's code range, and
 * any other small positive code is a SIGPOLL-style one (F_SETSIG). */
static enum layout layout_of(int sig, int code)
{
    if (code > SI_USER && code < SI_KERNEL) {
        switch (sig) {
        case SIGILL: if (code <= 11) return L_FAULT; break;  /* NSIGILL */
        case SIGFPE: if (code <= 15) return L_FAULT; break;  /* NSIGFPE */
        case SIGSEGV: if (code <= 10) return L_FAULT; break; /* NSIGSEGV */
        case SIGBUS: if (code <= 5) return L_FAULT; break;   /* NSIGBUS */
        case SIGTRAP: if (code <= 6) return L_FAULT; break;  /* NSIGTRAP */
        case SIGCHLD: if (code <= 6) return L_CHLD; break;   /* NSIGCHLD */
        case SIGPOLL: if (code <= 6) return L_POLL; break;   /* NSIGPOLL */
        case SIGSYS: if (code <= 2) return L_SYS; break;     /* NSIGSYS */
        default: break;
        }
        return code <= 6 ? L_POLL : L_KILL;
    }
    if (code == SI_TIMER)
        return L_TIMER;
    if (code == SI_SIGIO)
        return L_POLL;
    if (code < 0 && code != SI_TKILL)
        return L_RT;
    return L_KILL;
}

static uint32_t get32(const unsigned char *p) { uint32_t v; mem_copy(&v, p, 4); return v; }
static void put32(unsigned char *p, uint32_t v) { mem_copy(p, &v, 4); }
static void copy_n(unsigned char *d, const unsigned char *s, int n) { mem_copy(d, s, (size_t)n); }

void siginfo_to_x32(const siginfo_t *in, unsigned char out[X32_SIGINFO_SIZE])
{
    const unsigned char *n = (const unsigned char *)in;
    mem_set(out, 0, X32_SIGINFO_SIZE);
    copy_n(out, n, 12); /* signo, errno, code */
    switch (layout_of(in->si_signo, in->si_code)) {
    case L_KILL:
        copy_n(out + 12, n + 16, 8);
        break;
    case L_TIMER: /* tid, overrun, low half of sigval */
    case L_RT:    /* pid, uid, low half of sigval */
        copy_n(out + 12, n + 16, 8);
        put32(out + 20, get32(n + 24));
        break;
    case L_CHLD:
        copy_n(out + 12, n + 16, 12); /* pid, uid, status */
        copy_n(out + 24, n + 32, 16); /* utime, stime as s64 */
        break;
    case L_FAULT:
        put32(out + 12, get32(n + 16)); /* si_addr */
        copy_n(out + 16, n + 24, 2);    /* si_addr_lsb */
        if (in->si_code == SEGV_BNDERR) {
            put32(out + 20, get32(n + 32));
            put32(out + 24, get32(n + 40));
        } else if (in->si_code == SEGV_PKUERR) {
            put32(out + 20, get32(n + 32));
        }
        break;
    case L_POLL:
        put32(out + 12, get32(n + 16)); /* band */
        put32(out + 16, get32(n + 24)); /* fd */
        break;
    case L_SYS:
        put32(out + 12, get32(n + 16)); /* call_addr */
        put32(out + 16, get32(n + 24)); /* syscall */
        put32(out + 20, get32(n + 28)); /* arch */
        break;
    }
}

/* For rt_sigqueueinfo and friends: the sender fills kill/rt fields, which are
 * the x32 ones shifted by four bytes, with a 4-byte sigval widened. */
void siginfo_from_x32(const unsigned char in[X32_SIGINFO_SIZE], siginfo_t *out)
{
    unsigned char *n = (unsigned char *)out;
    mem_set(n, 0, sizeof *out);
    copy_n(n, in, 12);
    int code = (int)get32(in + 8);
    switch (layout_of((int)get32(in), code)) {
    case L_CHLD:
        copy_n(n + 16, in + 12, 12);
        copy_n(n + 32, in + 24, 16);
        break;
    case L_FAULT: case L_POLL: case L_SYS:
        put32(n + 16, get32(in + 12));
        put32(n + 24, get32(in + 16));
        put32(n + 28, get32(in + 20));
        break;
    default:
        copy_n(n + 16, in + 12, 8);
        put32(n + 24, get32(in + 20));
        break;
    }
}
