/* A C frame between two Rust frames. Built with -fexceptions, so it has unwind tables
 * and its cleanup (the cleanup attribute, C's destructor) runs when a Rust panic
 * unwinds through it. */
static int cleanups_run;

static void count_cleanup(int *unused)
{
    (void)unused;
    cleanups_run++;
}

int c_cleanups_run(void)
{
    return cleanups_run;
}

/* Calls back into Rust (an extern "C-unwind" function, which may panic). */
int c_call_through(int (*callback)(int), int value)
{
    int guard __attribute__((cleanup(count_cleanup))) = 0;
    (void)guard;
    return callback(value) + 1;
}
