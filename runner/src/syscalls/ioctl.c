/* x32 ioctl (compat_sys_ioctl).  Commands whose argument is a plain int, a
 * fixed-size struct without pointers or longs (termios, winsize, most _IO*
 * numbers) pass through.  The ifreq family differs only in size (32 bytes
 * on x32, 40 natively), so it is bounced through a native-sized buffer.
 * Known pointer-carrying families are refused with ENOTTY and named under
 * X32_RUN_DEBUG=1, instead of letting the kernel misread them. */
#include "syscalls/emulation.h"
#include "base/guest_mem.h"
#include "base/raw_syscall.h"
#include "core/core.h"
#include "base/util.h"
#include <errno.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

#define X32_IFREQ_SIZE 32

static int is_ifreq_cmd(unsigned cmd)
{
    if (cmd < 0x8910 || cmd > 0x89ff)
        return 0;
    switch (cmd) {
    case 0x8912: /* SIOCGIFCONF: ifconf holds a pointer */
    case 0x8946: /* SIOCETHTOOL: ifr_data pointer */
    case 0x894a: /* SIOCWANDEV */
    case 0x8970: case 0x8971: /* SIOCG/SIFMAP: struct ifmap has longs */
    case 0x890b: case 0x890c: /* SIOCADDRT/DELRT: rtentry has pointers */
        return 0;
    default:
        return cmd < 0x89e0; /* below SIOCDEVPRIVATE/SIOCPROTOPRIVATE */
    }
}

static const char *refused_family(unsigned cmd)
{
    unsigned type = (cmd >> 8) & 0xff;
    if (cmd == 0x8912 || cmd == 0x8946 || cmd == 0x894a || cmd == 0x8970 ||
        cmd == 0x8971 || cmd == 0x890b || cmd == 0x890c || (cmd >= 0x89e0 && cmd <= 0x89ff))
        return "socket ioctl with pointers or longs";
    if (cmd == 0x2285)
        return "SG_IO (sg_io_hdr holds pointers)";
    switch (type) {
    case 'U': return "USB device filesystem";
    case 'V': return "V4L2";
    case 'A': return "ALSA PCM";
    case 'L': return "loop device";
    case 0xAE: return "KVM";
    case 'd': return "DRM";
    default: return 0;
    }
}

/* SIOCGIFCONF: x32 struct ifconf is {int len; u32 buf}, and the records
 * it returns are 32-byte x32 ifreqs (name + address, which is all the kernel
 * fills in) instead of 40-byte native ones. */
#define IFCONF_MAX 256
static long x32_ifconf(long fd, uint64_t arg)
{
    uint32_t words[2]; /* read once: the length checked is the length used */
    copy_from_guest(words, arg, sizeof words);
    int32_t len = (int32_t)words[0];
    uint32_t buf = words[1];
    struct ifreq native[IFCONF_MAX];
    struct ifconf nc;
    long n = len < 0 ? 0 : len / X32_IFREQ_SIZE;
    if (n > IFCONF_MAX)
        n = IFCONF_MAX;
    nc.ifc_len = buf ? (int)(n * (long)sizeof(struct ifreq)) : 0;
    nc.ifc_req = buf ? native : 0;
    long r = raw_syscall3(SYS_ioctl, fd, SIOCGIFCONF, &nc);
    if (raw_failed(r))
        return r;
    long got = nc.ifc_len / (long)sizeof(struct ifreq);
    if (buf && got > n)
        got = n; /* the kernel fills at most what it was given */
    if (buf)
        for (long i = 0; i < got; i++)
            copy_to_guest(buf + (uint64_t)i * X32_IFREQ_SIZE, &native[i], X32_IFREQ_SIZE);
    int32_t out = (int32_t)(got * X32_IFREQ_SIZE);
    copy_to_guest(arg, &out, 4);
    return r;
}

/* Commands whose number encodes sizeof(long) or sizeof(size_t), so x32
 * sends a different number, while the data the kernel moves is the same
 * (the kernel's compat_ioctl maps them the same way). */
static unsigned native_number(unsigned cmd)
{
    switch (cmd) {
    case 0x80046601: return 0x80086601; /* FS_IOC_GETFLAGS (an int in practice) */
    case 0x40046602: return 0x40086602; /* FS_IOC_SETFLAGS */
    case 0x80047601: return 0x80087601; /* FS_IOC_GETVERSION */
    case 0x40047602: return 0x40087602; /* FS_IOC_SETVERSION */
    case 0x80041272: return 0x80081272; /* BLKGETSIZE64: writes a u64 either way */
    default: return cmd;
    }
}

long sys_x32_ioctl(struct thread_state *t, const greg_t *g)
{
    unsigned cmd = (unsigned)ARG2(g);
    if (native_number(cmd) != cmd)
        return raw_syscall3(SYS_ioctl, ARG1(g), native_number(cmd), ARG3(g));
    if (cmd == 0x1260 /* BLKGETSIZE: an unsigned long of sectors */ && ARG3(g)) {
        uint64_t sectors = 0;
        long r = raw_syscall3(SYS_ioctl, ARG1(g), cmd, &sectors);
        if (!raw_failed(r)) {
            if (sectors > 0xffffffffULL)
                return -EFBIG;
            uint32_t v = (uint32_t)sectors;
            copy_to_guest(ARG3(g), &v, 4);
        }
        return r;
    }
    if (cmd == SIOCGIFCONF && ARG3(g))
        return x32_ifconf((long)ARG1(g), ARG3(g));
    if (is_ifreq_cmd(cmd) && ARG3(g)) {
        struct ifreq native;
        mem_set(&native, 0, sizeof native);
        copy_from_guest(&native, ARG3(g), X32_IFREQ_SIZE);
        long r = raw_syscall3(SYS_ioctl, ARG1(g), cmd, &native);
        if (!raw_failed(r))
            copy_to_guest(ARG3(g), &native, X32_IFREQ_SIZE);
        return r;
    }
    const char *family = refused_family(cmd);
    if (family) {
        debug_log("unsupported: ioctl(%ld, 0x%x): %s is not translated",
                  (long)ARG1(g), cmd, family);
        return -ENOTTY;
    }
    return forward(t, SYS_ioctl, g);
}
