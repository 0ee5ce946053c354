/* helper_prog: a small program the process tests exec (as x32 in x32 mode).
 * Usage: helper_prog exit N | signal N | args... | sigstate | exe
 *   exit N     exit with status N
 *   signal N   die by signal N (default action, unblocked)
 *   args ...   print each argument on its own line, then $X32_HELPER_VAR
 *   sigstate   print "blocked=<0|1> ignored=<0|1> default=<0|1>" for
 *              SIGUSR1 (blocked?), SIGUSR2 (ignored?), SIGTERM (default?)
 *   exe        print the target of /proc/self/exe
 */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "exit") == 0)
        return atoi(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "signal") == 0) {
        int sig = atoi(argv[2]);
        sigset_t set;
        signal(sig, SIG_DFL);
        sigemptyset(&set);
        sigaddset(&set, sig);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(sig);
        return 100;
    }
    if (argc >= 2 && strcmp(argv[1], "args") == 0) {
        const char *v = getenv("X32_HELPER_VAR");
        for (int i = 2; i < argc; i++)
            printf("%s\n", argv[i]);
        printf("%s\n", v ? v : "(unset)");
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "sigstate") == 0) {
        sigset_t cur;
        struct sigaction usr2, term;
        sigprocmask(SIG_BLOCK, NULL, &cur);
        sigaction(SIGUSR2, NULL, &usr2);
        sigaction(SIGTERM, NULL, &term);
        printf("blocked=%d ignored=%d default=%d\n", sigismember(&cur, SIGUSR1),
               usr2.sa_handler == SIG_IGN, term.sa_handler == SIG_DFL);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "exe") == 0) {
        char buf[PATH_MAX];
        ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
        if (n < 0)
            return 2;
        buf[n] = 0;
        printf("%s\n", buf);
        return 0;
    }
    fprintf(stderr, "helper_prog: bad usage\n");
    return 99;
}
