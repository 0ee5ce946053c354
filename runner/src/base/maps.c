/* The /proc/self/maps reader (maps.h). */
#include "base/maps.h"
#include "base/raw_syscall.h"
#include "base/util.h"
#include <fcntl.h>
#include <sys/syscall.h>

static int is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }

int maps_parse_range(const char *line, uint64_t *start, uint64_t *end)
{
    if (!is_hex(*line))
        return 0;
    *start = parse_hex(&line);
    if (*line++ != '-')
        return 0;
    *end = parse_hex(&line);
    return *line == ' ';
}

static uint64_t decimal(const char **p)
{
    uint64_t v = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++)
        v = v * 10 + (uint64_t)(**p - '0');
    return v;
}

int maps_parse(const char *line, struct maps_line *out)
{
    if (!maps_parse_range(line, &out->start, &out->end))
        return 0;
    const char *p = line;
    while (*p && *p != ' ')
        p++;
    p++;
    for (int i = 0; i < 4; i++)
        out->perms[i] = p[i] ? p[i] : '-';
    out->perms[4] = 0;
    if (str_len(p) < 5)
        return 0;
    p += 5;
    out->offset = parse_hex(&p);
    p++;
    out->dev_major = (unsigned)parse_hex(&p);
    p++;
    out->dev_minor = (unsigned)parse_hex(&p);
    p++;
    out->inode = decimal(&p);
    while (*p == ' ')
        p++;
    out->name = p;
    return 1;
}

/* One complete line in head (terminated): parse it and hand it on. */
static int deliver(const char *head, int (*each)(const struct maps_line *, void *), void *arg)
{
    struct maps_line l;
    return maps_parse(head, &l) ? each(&l, arg) : 0;
}

long maps_each(int (*each)(const struct maps_line *l, void *arg), void *arg)
{
    long fd = raw_syscall4(SYS_openat, AT_FDCWD, "/proc/self/maps", O_RDONLY | O_CLOEXEC, 0);
    if (raw_failed(fd))
        return fd;
    char buf[1024], head[MAPS_HEAD_MAX];
    unsigned used = 0;
    long r = 0, n;
    while (!r && (n = raw_syscall3(SYS_read, fd, buf, sizeof buf)) > 0) {
        for (long i = 0; i < n && !r; i++) {
            if (buf[i] != '\n') {
                if (used < sizeof head - 1)
                    head[used++] = buf[i];
                continue;
            }
            head[used] = 0;
            used = 0;
            r = deliver(head, each, arg);
        }
    }
    raw_syscall1(SYS_close, fd);
    return r;
}

long maps_each_text(const char *text, int (*each)(const struct maps_line *l, void *arg), void *arg)
{
    char head[MAPS_HEAD_MAX];
    long r = 0;
    while (*text && !r) {
        unsigned used = 0;
        for (; *text && *text != '\n'; text++)
            if (used < sizeof head - 1)
                head[used++] = *text;
        head[used] = 0;
        if (*text)
            text++;
        r = deliver(head, each, arg);
    }
    return r;
}
