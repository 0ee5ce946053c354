/* bench/gdb-costs' program: a function called often enough to count
 * breakpoint hits per second, and a loop to single-step through. */
static volatile int total;

__attribute__((noinline)) static void tick(int i)
{
    total += i;
}

int main(void)
{
    for (int i = 0; i < 100000; i++)
        tick(i);
    return total == 0;
}
