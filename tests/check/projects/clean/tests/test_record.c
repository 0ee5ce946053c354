/* Saves a record and loads it back: passes on both ABIs, because each side reads its
   own files. The layout check, not this test, finds that the two cannot share them. */
#include <stdio.h>
#include "planted.h"

int main(void)
{
    struct record r = { 1, 0, 42, 1700000000 }, back;
    if (save_records("records.bin", &r, 1) != 0 || load_first("records.bin", &back) != 0
        || back.id != 42 || back.when != 1700000000) {
        fprintf(stderr, "record did not survive a save and load\n");
        return 1;
    }
    return 0;
}
