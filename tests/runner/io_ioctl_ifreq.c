/* io_ioctl_ifreq: interface ioctls whose struct ifreq/ifconf contain
 * pointers or differ in size between ABIs: SIOCGIFINDEX, SIOCGIFNAME,
 * SIOCGIFFLAGS, SIOCGIFMTU, SIOCGIFADDR and SIOCGIFCONF on loopback. */
#include "check.h"
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

int main(void)
{
    int s = socket(AF_INET, SOCK_DGRAM, 0);
    REQUIRE_SYS(s);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.ifr_name, "lo");
    CHECK_SYS(ioctl(s, SIOCGIFINDEX, &ifr));
    int index = ifr.ifr_ifindex;
    CHECK(index > 0);
    CHECK_EQ(index, (int)if_nametoindex("lo"));

    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_ifindex = index;
    CHECK_SYS(ioctl(s, SIOCGIFNAME, &ifr));
    CHECK_STR(ifr.ifr_name, "lo");

    memset(&ifr, 0, sizeof ifr);
    strcpy(ifr.ifr_name, "lo");
    CHECK_SYS(ioctl(s, SIOCGIFFLAGS, &ifr));
    CHECK(ifr.ifr_flags & IFF_LOOPBACK);
    CHECK(ifr.ifr_flags & IFF_UP);
    CHECK_SYS(ioctl(s, SIOCGIFMTU, &ifr));
    CHECK(ifr.ifr_mtu >= 1500);
    CHECK_SYS(ioctl(s, SIOCGIFADDR, &ifr));
    struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
    CHECK_EQ(sin->sin_family, AF_INET);
    CHECK_EQ(sin->sin_addr.s_addr, htonl(INADDR_LOOPBACK));

    /* SIOCGIFCONF: an array of ifreq through an ifconf pointer. */
    struct ifreq reqs[32];
    memset(reqs, 0, sizeof reqs);
    struct ifconf ifc = { .ifc_len = sizeof reqs, .ifc_req = reqs };
    CHECK_SYS(ioctl(s, SIOCGIFCONF, &ifc));
    CHECK(ifc.ifc_len > 0 && ifc.ifc_len <= (int)sizeof reqs);
    CHECK_EQ(ifc.ifc_len % (int)sizeof(struct ifreq), 0);
    int found = 0;
    for (int i = 0; i < ifc.ifc_len / (int)sizeof(struct ifreq); i++)
        if (strcmp(reqs[i].ifr_name, "lo") == 0) {
            struct sockaddr_in *a = (struct sockaddr_in *)&reqs[i].ifr_addr;
            found = a->sin_addr.s_addr == htonl(INADDR_LOOPBACK);
        }
    CHECK(found);
    /* The size query form (NULL buffer) reports the needed length. */
    struct ifconf q = { .ifc_len = 0, .ifc_req = NULL };
    CHECK_SYS(ioctl(s, SIOCGIFCONF, &q));
    CHECK_EQ(q.ifc_len, ifc.ifc_len);
    strcpy(ifr.ifr_name, "nosuchif0");
    CHECK_ERR(ioctl(s, SIOCGIFINDEX, &ifr), ENODEV);
    return check_done();
}
