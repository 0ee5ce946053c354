int only(void) { return 64; }
