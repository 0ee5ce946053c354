/* What a program needs to start in the guest exactly as it would have on the host:
 * encoded by x32-vm from its own process state, decoded by the agent. */
#ifndef X32VM_RUN_REQUEST_H
#define X32VM_RUN_REQUEST_H

#include <stdint.h>
#include <sys/types.h>

#define RUN_MAX_GROUPS 64
#define RUN_NUM_RLIMITS 9

struct run_request {
    uint32_t flags;                      /* RUN_* in protocol.h */
    uint32_t uid, gid, umask;
    uint32_t ngroups;
    uint32_t groups[RUN_MAX_GROUPS];
    uint64_t rlimit_cur[RUN_NUM_RLIMITS], rlimit_max[RUN_NUM_RLIMITS];
    uint64_t signals_ignored, signals_blocked; /* bit N-1 stands for signal N (1..64) */
    const char *cwd, *path, *hostname;
    char **argv, **envp;                 /* NULL-terminated */
};

/* The resource limits in rlimit_cur/rlimit_max, in order. */
extern const int run_rlimit_ids[RUN_NUM_RLIMITS];

/* encode_run_request R OUT LEN: a malloc'd payload for a RUN frame, NULL on ENOMEM. */
unsigned char *encode_run_request(const struct run_request *r, uint32_t *len);

/* decode_run_request PAYLOAD LEN R: fills R with pointers into PAYLOAD (which must stay
 * alive and be NUL-terminated past LEN) and two malloc'd vectors, argv and envp.
 * 0 on success, -1 when the payload is malformed. */
int decode_run_request(const unsigned char *payload, uint32_t len, struct run_request *r);
void free_run_request(struct run_request *r);

#endif
