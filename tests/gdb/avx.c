/* tests/gdb's gdb-avx-registers: gdb reads ymm3 (upper half included) at the
 * `nop` after it is loaded, writes its top element, and the program returns
 * what it then finds there (42 when the write reached the register). */
#include <immintrin.h>

__attribute__((target("avx"), noinline)) static float load_and_read(void)
{
    __m256 v = _mm256_set_ps(8, 7, 6, 5, 4, 3, 2, 1);
    __asm__ volatile("vmovaps %0, %%ymm3\n"
                     ".globl after_load\n"
                     "after_load: nop" ::"x"(v) : "xmm3");
    __asm__ volatile("vmovaps %%ymm3, %0" : "=x"(v));
    float out[8];
    _mm256_storeu_ps(out, v);
    return out[7];
}

int main(void)
{
    return (int)load_and_read();
}
