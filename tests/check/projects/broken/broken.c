/* Deliberately not C. */
int broken(void) { return missing_symbol + ; }
