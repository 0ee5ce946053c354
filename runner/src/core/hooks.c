/* The hook tables (hooks.h): empty until front/ fills them at start-up. */
#include "core/hooks.h"

struct trap_hooks trap_hooks;
struct fastpath_hooks fastpath_hooks;
struct debugger_hooks debugger_hooks;

/* call_table.h: syscalls/'s rows, from syscalls_install on. */
const struct call_row *call_table;
