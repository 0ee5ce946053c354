/* The agent's two halves of one run: agent_start.c starts the program (namespaces,
 * credentials, signal state) under a shepherd process; agent_run.c relays its stdio and
 * signals and reports its end. */
#ifndef X32VM_AGENT_H
#define X32VM_AGENT_H

#include "run_request.h"

/* What the shepherd (see start_shepherd) tells the agent, in order: STARTED with the
 * program's pid, then DONE with its wait status; or FAILED alone. */
enum shepherd_news { NEWS_STARTED, NEWS_DONE, NEWS_FAILED };
struct shepherd_msg {
    int news;
    int value;     /* pid, wait status or errno */
    int step_is_exec;
};

/* start_shepherd R IN OUT ERR NEWS: the child side of the agent's fork; starts the
 * program R asks for with IN, OUT, ERR as its stdio, and tells the agent how it went
 * through NEWS (struct shepherd_msg). Never returns. */
_Noreturn void start_shepherd(const struct run_request *r, int in, int out, int err,
                              int news);

#endif
