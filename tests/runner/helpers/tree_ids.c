/* tree_ids DIR [ROOT_FILE]: what a program sees of ids and ownership, one line
 * per fact, for tests/runner/tree_ids.sh (issue 35).  Built both as x32 and
 * natively; run outside and inside x32-run --tree, the outputs must be equal
 * (the tree changes nothing), so every line holds only what does not vary
 * between two runs: no pids, no times.
 *
 * DIR is a writable directory for a scratch file; ROOT_FILE, when given, is a
 * file that some other user owns with mode 0600 (the access check). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *err_name(int e)
{
    switch (e) {
    case 0: return "ok";
    case EPERM: return "EPERM";
    case EINVAL: return "EINVAL";
    case EACCES: return "EACCES";
    case ENOENT: return "ENOENT";
    default: return strerror(e);
    }
}

static const char *result(int r) { return err_name(r == 0 ? 0 : errno); }

static void owner(const char *label, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("%s: stat %s\n", label, err_name(errno));
        return;
    }
    struct passwd *pw = getpwuid(st.st_uid);
    struct group *gr = getgrgid(st.st_gid);
    printf("%s: uid %u (%s) gid %u (%s)\n", label, (unsigned)st.st_uid,
           pw ? pw->pw_name : "no name", (unsigned)st.st_gid, gr ? gr->gr_name : "no name");
}

/* An id change that, on success, would change this process for good: in a child. */
enum { SETUID, SETGID, SETGROUPS, SETRESUID };
static void in_child(const char *label, int what, unsigned id)
{
    pid_t pid = fork();
    if (pid == 0) {
        gid_t g = id;
        int r = what == SETUID ? setuid(id)
              : what == SETGID ? setgid(id)
              : what == SETGROUPS ? setgroups(1, &g)
              : setresuid(id, id, id);
        _exit(r == 0 ? 0 : errno);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    printf("%s: %s\n", label, WIFEXITED(st) ? err_name(WEXITSTATUS(st)) : "killed");
}

/* /proc/self/FILE with runs of blanks as one: the kernel pads the columns. */
static void proc_file(const char *file, const char *only)
{
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/self/%s", file);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("%s: %s\n", file, err_name(errno));
        return;
    }
    while (fgets(line, sizeof line, f)) {
        if (only && strncmp(line, only, strlen(only)) != 0)
            continue;
        printf("%s:", file);
        for (char *t = strtok(line, " \t\n"); t; t = strtok(0, " \t\n"))
            printf(" %s", t);
        printf("\n");
    }
    fclose(f);
}

static void peer_credentials(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) {
        printf("socketpair: %s\n", err_name(errno));
        return;
    }
    struct ucred c;
    socklen_t len = sizeof c;
    if (getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &c, &len) != 0)
        printf("SO_PEERCRED: %s\n", err_name(errno));
    else
        printf("SO_PEERCRED: uid %u gid %u pid %s\n", (unsigned)c.uid, (unsigned)c.gid,
               c.pid == getpid() ? "self" : "other");
    close(sv[0]);
    close(sv[1]);
}

/* SCM_CREDENTIALS: our own ids as received, and whether root's may be claimed. */
static void scm_credentials(uid_t claim_uid, gid_t claim_gid, const char *label)
{
    int sv[2], on = 1;
    if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) != 0
        || setsockopt(sv[1], SOL_SOCKET, SO_PASSCRED, &on, sizeof on) != 0) {
        printf("%s: setup %s\n", label, err_name(errno));
        return;
    }
    union { char buf[CMSG_SPACE(sizeof(struct ucred))]; struct cmsghdr align; } u;
    memset(&u, 0, sizeof u);
    char byte = 'x';
    struct iovec iov = {&byte, 1};
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                       .msg_controllen = sizeof u.buf};
    struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
    cm->cmsg_level = SOL_SOCKET;
    cm->cmsg_type = SCM_CREDENTIALS;
    cm->cmsg_len = CMSG_LEN(sizeof(struct ucred));
    struct ucred c = {getpid(), claim_uid, claim_gid};
    memcpy(CMSG_DATA(cm), &c, sizeof c);
    if (sendmsg(sv[0], &m, 0) != 1) {
        printf("%s: send %s\n", label, err_name(errno));
    } else {
        memset(&u, 0, sizeof u);
        m.msg_controllen = sizeof u.buf;
        cm = recvmsg(sv[1], &m, 0) == 1 ? CMSG_FIRSTHDR(&m) : 0;
        if (cm && cm->cmsg_type == SCM_CREDENTIALS) {
            memcpy(&c, CMSG_DATA(cm), sizeof c);
            printf("%s: uid %u gid %u\n", label, (unsigned)c.uid, (unsigned)c.gid);
        } else {
            printf("%s: nothing received\n", label);
        }
    }
    close(sv[0]);
    close(sv[1]);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: tree_ids DIR [ROOT_FILE]\n");
        return 2;
    }
    printf("ids: uid %u euid %u gid %u egid %u\n", (unsigned)getuid(), (unsigned)geteuid(),
           (unsigned)getgid(), (unsigned)getegid());
    gid_t groups[64];
    int n = getgroups(64, groups);
    printf("groups:");
    for (int i = 0; i < n; i++)
        printf(" %u", (unsigned)groups[i]);
    printf("\n");
    owner("owner of /", "/");
    owner("owner of /etc/passwd", "/etc/passwd");
    if (argc > 2) {
        owner("owner of ROOT_FILE", argv[2]);
        printf("open ROOT_FILE: %s\n", err_name(open(argv[2], O_RDONLY) >= 0 ? 0 : errno));
        printf("access ROOT_FILE: %s\n", result(access(argv[2], R_OK)));
    }

    /* A tar-like restore: a scratch file given back the owner of "/". */
    char scratch[4096];
    snprintf(scratch, sizeof scratch, "%s/tree_ids.XXXXXX", argv[1]);
    int fd = mkstemp(scratch);
    if (fd < 0) {
        printf("scratch file: %s\n", err_name(errno));
    } else {
        struct stat root;
        stat("/", &root);
        printf("chown to the owner of /: %s\n", result(fchown(fd, root.st_uid, root.st_gid)));
        printf("chown to uid 0: %s\n", result(chown(scratch, 0, (gid_t)-1)));
        printf("chown to gid 0: %s\n", result(chown(scratch, (uid_t)-1, 0)));
        printf("chown to uid 1: %s\n", result(chown(scratch, 1, (gid_t)-1)));
        printf("chown to own ids: %s\n", result(chown(scratch, geteuid(), getegid())));
        owner("owner of scratch", scratch);
        close(fd);
        unlink(scratch);
    }
    in_child("setuid(0)", SETUID, 0);
    in_child("setgid(0)", SETGID, 0);
    in_child("setuid(1)", SETUID, 1);
    in_child("setresuid(1)", SETRESUID, 1);
    in_child("setgroups(0)", SETGROUPS, 0);
    proc_file("uid_map", 0);
    proc_file("gid_map", 0);
    proc_file("setgroups", 0);
    proc_file("status", "Uid:");
    proc_file("status", "Gid:");
    proc_file("status", "Groups:");
    peer_credentials();
    scm_credentials(geteuid(), getegid(), "SCM_CREDENTIALS own");
    scm_credentials(0, 0, "SCM_CREDENTIALS claiming root");
    return 0;
}
