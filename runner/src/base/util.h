/* Small freestanding helpers: strings, memory, formatted output to a fd.
 * None of them uses glibc state reached through %fs (errno, locale, stdio
 * buffers), so they are safe inside the trap handler. */
#ifndef X32RUN_UTIL_H
#define X32RUN_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>

size_t str_len(const char *s);
int str_eq(const char *a, const char *b);
int str_starts(const char *s, const char *prefix);
/* Copies at most cap-1 bytes and always terminates; returns the length the
 * full result would have had, so callers can detect truncation. */
size_t str_copy(char *dst, size_t cap, const char *src);
size_t str_cat(char *dst, size_t cap, const char *src);
/* Writes v in decimal (always terminated); returns its length. */
size_t str_from_long(char *buf, size_t cap, long v);
void mem_copy(void *dst, const void *src, size_t n);
void mem_set(void *dst, int c, size_t n);
int mem_eq(const void *a, const void *b, size_t n);
/* Hex, the one home for /proc/self/maps, gdb's packets and traces. */
extern const char hex_digits[]; /* "0123456789abcdef" */
/* A hex digit's value (either case), or -1. */
int hex_val(int c);
/* Reads hex digits at *p and leaves *p on the first other character. */
uint64_t parse_hex(const char **p);
/* n bytes as 2n lower-case digits, terminated; returns 2n. */
size_t hex_encode(char *out, const void *in, size_t n);
/* Decodes up to max bytes of hex; stops at the first non-hex pair. */
size_t hex_decode(void *out, const char *in, size_t max);

/* Tiny printf: %s %d %u %ld %lu %lx %x %p %c %%.  Writes with one write(2). */
int fmt_buf(char *buf, size_t cap, const char *fmt, va_list ap);
void fd_printf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* fmt_buf with arguments; returns the length written (without the NUL). */
int str_fmt(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Diagnostics switched on by X32_RUN_DEBUG / X32_RUN_TRACE. */
extern int debug_enabled;
extern int trace_enabled;
void debug_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print "x32-run: <message>" and exit the process with `status`. */
void die(int status, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));

#endif
