/* Number parsing checks in the style of a JSON parser's test program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    static const struct { const char *text; double want; } cases[] = {
        {"0", 0}, {"-1", -1}, {"3.5", 3.5}, {"1e3", 1000}, {"-2.25e-2", -0.0225}, {"42", 42},
    };
    int failures = 0, n = (int)(sizeof cases / sizeof cases[0]);
    for (int i = 0; i < n; i++) {
        char *end;
        double got = strtod(cases[i].text, &end);
        if (*end || got != cases[i].want) {
            printf("parse_number: %s gave %g\n", cases[i].text, got);
            failures++;
        }
    }
    printf("%d tests, %d failures\n", n, failures);
    return failures != 0;
}
