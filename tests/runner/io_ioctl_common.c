/* io_ioctl_common: the everyday ioctls: FIONREAD and FIONBIO on a pipe,
 * terminal attributes and window size on a pseudo-terminal (TCGETS/TCSETS,
 * TIOCGWINSZ/TIOCSWINSZ, TIOCGPTN), and ENOTTY for a non-terminal. */
#include "check.h"
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>

int main(void)
{
    int p[2];
    REQUIRE_SYS(pipe(p));
    CHECK_EQ(write(p[1], "12345", 5), 5);
    int n = -1;
    CHECK_SYS(ioctl(p[0], FIONREAD, &n));
    CHECK_EQ(n, 5);
    int on = 1;
    CHECK_SYS(ioctl(p[0], FIONBIO, &on));
    CHECK(fcntl(p[0], F_GETFL) & O_NONBLOCK);

    int m = posix_openpt(O_RDWR | O_NOCTTY);
    REQUIRE_SYS(m);
    CHECK_SYS(grantpt(m));
    CHECK_SYS(unlockpt(m));
    unsigned ptn = 0xffffffff;
    CHECK_SYS(ioctl(m, TIOCGPTN, &ptn));
    CHECK(ptn < 100000);
    char *name = ptsname(m);
    REQUIRE(name != NULL);
    int s = open(name, O_RDWR | O_NOCTTY);
    REQUIRE_SYS(s);
    CHECK(isatty(s));
    CHECK(!isatty(p[0]));

    struct winsize ws = { 24, 80, 0, 0 }, wg;
    CHECK_SYS(ioctl(m, TIOCSWINSZ, &ws));
    memset(&wg, 0, sizeof wg);
    CHECK_SYS(ioctl(s, TIOCGWINSZ, &wg));
    CHECK_EQ(wg.ws_row, 24);
    CHECK_EQ(wg.ws_col, 80);

    struct termios t;
    CHECK_SYS(tcgetattr(s, &t));
    cfmakeraw(&t);
    cfsetospeed(&t, B38400);
    CHECK_SYS(tcsetattr(s, TCSANOW, &t));
    struct termios t2;
    CHECK_SYS(tcgetattr(s, &t2));
    CHECK_EQ(t2.c_lflag & ICANON, 0);
    CHECK_EQ(cfgetospeed(&t2), B38400);

    /* Raw mode: bytes pass straight through. */
    CHECK_EQ(write(m, "abc", 3), 3);
    char buf[8] = "";
    CHECK_EQ(read(s, buf, sizeof buf), 3);
    CHECK(memcmp(buf, "abc", 3) == 0);
    n = -1;
    CHECK_EQ(write(s, "xyz!", 4), 4);
    sleep_ms(20);
    CHECK_SYS(ioctl(m, FIONREAD, &n));
    CHECK_EQ(n, 4);

    struct winsize w3;
    CHECK_ERR(ioctl(p[0], TIOCGWINSZ, &w3), ENOTTY);
    CHECK_ERR(tcgetattr(p[0], &t), ENOTTY);
    return check_done();
}
