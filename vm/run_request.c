#include "run_request.h"
#include "protocol.h"
#include "wire.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

const int run_rlimit_ids[RUN_NUM_RLIMITS] = {RUN_RLIMITS_LIST};

static uint32_t count_strings(char *const *v)
{
    uint32_t n = 0;
    while (v[n])
        n++;
    return n;
}

unsigned char *encode_run_request(const struct run_request *r, uint32_t *len)
{
    struct wbuf b = {0};
    wbuf_u32(&b, r->flags);
    wbuf_u32(&b, r->uid);
    wbuf_u32(&b, r->gid);
    wbuf_u32(&b, r->umask);
    wbuf_u32(&b, r->ngroups);
    for (uint32_t i = 0; i < r->ngroups; i++)
        wbuf_u32(&b, r->groups[i]);
    for (int i = 0; i < RUN_NUM_RLIMITS; i++) {
        wbuf_u64(&b, r->rlimit_cur[i]);
        wbuf_u64(&b, r->rlimit_max[i]);
    }
    wbuf_u64(&b, r->signals_ignored);
    wbuf_u64(&b, r->signals_blocked);
    wbuf_str(&b, r->cwd);
    wbuf_str(&b, r->path);
    wbuf_str(&b, r->hostname);
    uint32_t argc = count_strings(r->argv), envc = count_strings(r->envp);
    wbuf_u32(&b, argc);
    for (uint32_t i = 0; i < argc; i++)
        wbuf_str(&b, r->argv[i]);
    wbuf_u32(&b, envc);
    for (uint32_t i = 0; i < envc; i++)
        wbuf_str(&b, r->envp[i]);
    if (b.failed || b.len > FRAME_MAX) {
        free(b.data);
        return NULL;
    }
    *len = (uint32_t)b.len;
    return b.data;
}

/* A vector of COUNT strings; the count is checked against what is left so a corrupt
 * count cannot make us allocate gigabytes. */
static char **decode_strings(struct rbuf *b)
{
    uint32_t n = rbuf_u32(b);
    if (b->failed || n > b->left)
        return NULL;
    char **v = calloc((size_t)n + 1, sizeof *v);
    if (!v)
        return NULL;
    for (uint32_t i = 0; i < n; i++)
        v[i] = (char *)rbuf_str(b);
    return v;
}

int decode_run_request(const unsigned char *payload, uint32_t len, struct run_request *r)
{
    struct rbuf b = {.p = payload, .left = len};
    memset(r, 0, sizeof *r);
    r->flags = rbuf_u32(&b);
    r->uid = rbuf_u32(&b);
    r->gid = rbuf_u32(&b);
    r->umask = rbuf_u32(&b);
    r->ngroups = rbuf_u32(&b);
    if (r->ngroups > RUN_MAX_GROUPS)
        return -1;
    for (uint32_t i = 0; i < r->ngroups; i++)
        r->groups[i] = rbuf_u32(&b);
    for (int i = 0; i < RUN_NUM_RLIMITS; i++) {
        r->rlimit_cur[i] = rbuf_u64(&b);
        r->rlimit_max[i] = rbuf_u64(&b);
    }
    r->signals_ignored = rbuf_u64(&b);
    r->signals_blocked = rbuf_u64(&b);
    r->cwd = rbuf_str(&b);
    r->path = rbuf_str(&b);
    r->hostname = rbuf_str(&b);
    r->argv = decode_strings(&b);
    r->envp = r->argv ? decode_strings(&b) : NULL;
    if (b.failed || !r->argv || !r->envp || !r->argv[0]) {
        free_run_request(r);
        return -1;
    }
    return 0;
}

void free_run_request(struct run_request *r)
{
    free(r->argv);
    free(r->envp);
    r->argv = r->envp = NULL;
}
