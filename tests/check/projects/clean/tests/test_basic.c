/* Passes on both ABIs: the bits that do not depend on the data model. */
#include <stdio.h>
#include "planted.h"

int main(void)
{
    if (before_end(1, 2) != 1 || buffer_size(100) != 100) {
        fprintf(stderr, "basic arithmetic is wrong\n");
        return 1;
    }
    report_total(42);
    return 0;
}
