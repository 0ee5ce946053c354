/* A shared object for dlopen_plugin.c. */
long plugin_scale(long x) { return x * (long)sizeof(void *); }
