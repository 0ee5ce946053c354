/* X32_RUN_EVIDENCE=DIR: every x32 program start appends one line to DIR/starts,
 *   x32-run <TAB> unix time <TAB> pid <TAB> via <TAB> tree <TAB> tag <TAB> program
 * (via: "binfmt" when the kernel handed the program over, "runner" otherwise; tree:
 * $X32_TREE or "-"; tag: $X32_RUN_EVIDENCE_TAG, set by a harness per test).  It is
 * how x32-check tells a test whose x32 program ran from one that never started it:
 * a line is written only once the file is known to be an x32 program. */
#include "front/evidence.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Tabs and newlines would break the line format. */
static void flatten(char *s)
{
    for (; *s; s++)
        if (*s == '\t' || *s == '\n' || *s == '\r')
            *s = ' ';
}

void evidence_record(const char *program, const char *via)
{
    const char *dir = getenv("X32_RUN_EVIDENCE");
    if (!dir || !*dir)
        return;
    char path[4200], line[8800], tag[2048], prog[4096];
    snprintf(path, sizeof path, "%s/starts", dir);
    mkdir(dir, 0777); /* usually there already */
    const char *t = getenv("X32_RUN_EVIDENCE_TAG"), *tree = getenv("X32_TREE");
    snprintf(tag, sizeof tag, "%s", t && *t ? t : "-");
    snprintf(prog, sizeof prog, "%s", program);
    flatten(tag);
    flatten(prog);
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    int n = snprintf(line, sizeof line, "x32-run\t%lld.%09ld\t%d\t%s\t%s\t%s\t%s\n",
                     (long long)ts.tv_sec, ts.tv_nsec, (int)getpid(), via,
                     tree && *tree ? tree : "-", tag, prog);
    if (n <= 0 || (size_t)n >= sizeof line)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0)
        return;
    /* One write of an O_APPEND file: lines of concurrent starts do not mix. */
    if (write(fd, line, (size_t)n) < 0)
        n = 0; /* nothing to do: a missing line means "not proven" */
    close(fd);
}
