/* exit-only.c (native only, built -nostdlib -static): a program that only exits. Its
 * start-up is what any exec costs here (fork, exec, exit, wait) before a C library
 * runs: the part of a start that x32-run cannot take away or add to. */
void _start(void)
{
    __asm__ volatile("mov $60, %eax\n\txor %edi, %edi\n\tsyscall");
    __builtin_unreachable();
}
