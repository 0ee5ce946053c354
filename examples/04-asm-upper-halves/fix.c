/*
 * BMP stores its pixel rows bottom-up. The loader turns them top-down by
 * starting at the last stored row and walking backwards, with a negative
 * stride, through a hand-written assembly row copier (fix.S).
 *
 * The C side is unchanged from bug.c; fix.S widens its 32-bit arguments
 * itself instead of trusting the upper halves of the registers.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

void copy_rows(uint8_t *dst, const uint8_t *src, ptrdiff_t src_stride,
               size_t width, size_t rows);

#define ROWS 4
#define WIDTH 8

int main(void)
{
    /* A 4-row, 8-byte-wide 8-bit image as the file stores it: bottom row first. */
    static const uint8_t stored[ROWS][WIDTH] = { "row 3..", "row 2..", "row 1..", "row 0.." };
    const ptrdiff_t stride = (ptrdiff_t)sizeof stored[0];
    uint8_t image[ROWS][WIDTH];

    copy_rows(&image[0][0], &stored[ROWS - 1][0], -stride, WIDTH, ROWS);
    for (int y = 0; y < ROWS; y++)
        printf("%.*s\n", WIDTH, (const char *)image[y]);
    return 0;
}
