/* The fork registry (fork.h). */
#include "core/fork.h"
#include "base/util.h"

#define FORK_HOOKS_MAX 8

static const struct fork_hooks *registered[FORK_HOOKS_MAX];
static int count;

void fork_register(const struct fork_hooks *h)
{
    int whole = h->policy == FORK_HOLD ? h->prepare && h->parent && h->child
                                       : !h->prepare && !h->parent && h->child;
    if (!whole || count == FORK_HOOKS_MAX)
        die(126, "internal error: fork hooks of %s do not match their policy", h->name);
    registered[count++] = h;
}

void fork_prepare(void)
{
    for (int i = 0; i < count; i++)
        if (registered[i]->prepare)
            registered[i]->prepare();
}

void fork_parent(void)
{
    for (int i = count - 1; i >= 0; i--)
        if (registered[i]->parent)
            registered[i]->parent();
}

void fork_child(struct thread_state *self, ucontext_t *uc)
{
    for (int i = count - 1; i >= 0; i--)
        registered[i]->child(self, uc);
}
