/* Control: byte streaming with no pointers in the data.  A table-driven CRC-32
 * and an Adler-32 over a buffer; the pointer size should not matter here. */
#include "workload.h"

int main(int argc, char **argv)
{
    int megabytes = size_arg(argc, argv, 8);
    size_t size = (size_t)megabytes << 20;
    uint32_t table[256], seed = 99, crc = 0, a = 1, b = 0;
    unsigned char *data = must_malloc(size);

    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    for (size_t i = 0; i < size; i++)
        data[i] = (unsigned char)next_random(&seed);
    for (int round = 0; round < 16; round++) {
        crc = ~crc;
        for (size_t i = 0; i < size; i++)
            crc = table[(crc ^ data[i]) & 0xff] ^ (crc >> 8);
        crc = ~crc;
        for (size_t i = 0; i < size; i++) {
            a += data[i];
            b += a;
            /* Reduce often enough that 32-bit sums never wrap. */
            if ((i & 4095) == 4095) {
                a %= 65521;
                b %= 65521;
            }
        }
        a %= 65521;
        b %= 65521;
        data[round] ^= (unsigned char)crc;
    }
    printf("checksum bytes=%zu crc=%08x adler=%08x\n", size, (unsigned)crc,
           (unsigned)(b << 16 | a));
    return 0;
}
