/* base/util.h's helpers, written out so that none of them touches glibc state
 * reached through %fs: strings and memory, a printf subset over one write(2),
 * hex, and the X32_RUN_DEBUG / X32_RUN_TRACE output. */
#include "base/util.h"
#include "base/raw_syscall.h"
#include <sys/syscall.h>

int debug_enabled;
int trace_enabled;

size_t str_len(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

int str_eq(const char *a, const char *b)
{
    while (*a && *a == *b)
        a++, b++;
    return *a == *b;
}

int str_starts(const char *s, const char *prefix)
{
    while (*prefix)
        if (*s++ != *prefix++)
            return 0;
    return 1;
}

size_t str_copy(char *dst, size_t cap, const char *src)
{
    size_t n = str_len(src);
    if (cap) {
        size_t k = n < cap - 1 ? n : cap - 1;
        mem_copy(dst, src, k);
        dst[k] = 0;
    }
    return n;
}

size_t str_cat(char *dst, size_t cap, const char *src)
{
    size_t have = str_len(dst);
    if (have >= cap)
        return have + str_len(src);
    return have + str_copy(dst + have, cap - have, src);
}

size_t str_from_long(char *buf, size_t cap, long v)
{
    char tmp[24];
    size_t n = 0, k = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[n++] = '-';
    while (n && k + 1 < cap)
        buf[k++] = tmp[--n];
    if (cap)
        buf[k] = 0;
    return k;
}

/* No glibc memcpy or memset here, nor vector registers (this is trap-path code,
 * runner/Makefile's TRAP_PATH_CFLAGS): a byte loop for a few bytes, and above
 * that `rep movsb`/`rep stosb`, which fast-string CPUs (ERMS) run at cache speed
 * (signal frames copy 1-3 KB of FP state, /proc/self/maps whole lines). */
#define REP_STRING_FROM 64

void mem_copy(void *dst, const void *src, size_t n)
{
    if (n >= REP_STRING_FROM) {
        __asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
        return;
    }
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--)
        *d++ = *s++;
}

void mem_set(void *dst, int c, size_t n)
{
    if (n >= REP_STRING_FROM) {
        __asm__ volatile("rep stosb" : "+D"(dst), "+c"(n) : "a"(c) : "memory");
        return;
    }
    unsigned char *d = dst;
    while (n--)
        *d++ = (unsigned char)c;
}

int mem_eq(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    while (n--)
        if (*x++ != *y++)
            return 0;
    return 1;
}

static size_t put_unsigned(char *buf, size_t pos, size_t cap,
                           unsigned long v, unsigned base)
{
    char tmp[24];
    int n = 0;
    do {
        tmp[n++] = hex_digits[v % base];
        v /= base;
    } while (v);
    while (n--)
        if (pos + 1 < cap)
            buf[pos++] = tmp[n];
    return pos;
}

int fmt_buf(char *buf, size_t cap, const char *fmt, va_list ap)
{
    size_t pos = 0;
    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            if (pos + 1 < cap)
                buf[pos++] = *fmt;
            continue;
        }
        fmt++;
        int is_long = 0;
        if (*fmt == 'l') {
            is_long = 1;
            fmt++;
        }
        switch (*fmt) {
        case 's': {
            const char *s = va_arg(ap, const char *);
            if (!s)
                s = "(null)";
            while (*s && pos + 1 < cap)
                buf[pos++] = *s++;
            break;
        }
        case 'c':
            if (pos + 1 < cap)
                buf[pos++] = (char)va_arg(ap, int);
            break;
        case 'd': {
            long v = is_long ? va_arg(ap, long) : va_arg(ap, int);
            if (v < 0) {
                if (pos + 1 < cap)
                    buf[pos++] = '-';
                v = -v;
            }
            pos = put_unsigned(buf, pos, cap, (unsigned long)v, 10);
            break;
        }
        case 'u':
            pos = put_unsigned(buf, pos, cap,
                               is_long ? va_arg(ap, unsigned long)
                                       : va_arg(ap, unsigned), 10);
            break;
        case 'x':
            pos = put_unsigned(buf, pos, cap,
                               is_long ? va_arg(ap, unsigned long)
                                       : va_arg(ap, unsigned), 16);
            break;
        case 'p':
            if (pos + 2 < cap) {
                buf[pos++] = '0';
                buf[pos++] = 'x';
            }
            pos = put_unsigned(buf, pos, cap,
                               (unsigned long)va_arg(ap, void *), 16);
            break;
        case '%':
            if (pos + 1 < cap)
                buf[pos++] = '%';
            break;
        default:
            break;
        }
    }
    if (cap)
        buf[pos] = 0;
    return (int)pos;
}

void fd_printf(int fd, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = fmt_buf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    raw_syscall3(SYS_write, fd, buf, n);
}

/* "x32-run: <message>\n" on stderr, in one write. */
static void say(const char *fmt, va_list ap)
{
    char buf[1024];
    size_t n = str_copy(buf, sizeof buf, "x32-run: ");
    n += fmt_buf(buf + n, sizeof buf - n - 1, fmt, ap);
    buf[n++] = '\n';
    raw_syscall3(SYS_write, 2, buf, n);
}

void debug_log(const char *fmt, ...)
{
    if (!debug_enabled)
        return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

void die(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    raw_syscall1(SYS_exit_group, status);
    __builtin_unreachable();
}

const char hex_digits[] = "0123456789abcdef";

int hex_val(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

uint64_t parse_hex(const char **p)
{
    uint64_t v = 0;
    int d;
    while ((d = hex_val(**p)) >= 0) {
        v = v * 16 + (uint64_t)d;
        (*p)++;
    }
    return v;
}

size_t hex_encode(char *out, const void *in, size_t n)
{
    const unsigned char *p = in;
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex_digits[p[i] >> 4];
        out[2 * i + 1] = hex_digits[p[i] & 15];
    }
    out[2 * n] = 0;
    return 2 * n;
}

size_t hex_decode(void *out, const char *in, size_t max)
{
    unsigned char *o = out;
    size_t n = 0;
    while (n < max && hex_val(in[0]) >= 0 && hex_val(in[1]) >= 0) {
        o[n++] = (unsigned char)(hex_val(in[0]) * 16 + hex_val(in[1]));
        in += 2;
    }
    return n;
}

int str_fmt(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fmt_buf(buf, cap, fmt, ap);
    va_end(ap);
    return (int)str_len(buf);
}
