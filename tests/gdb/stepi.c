/* tests/gdb's gdb-stepi-syscall: one `stepi` over a `syscall` instruction
 * must stop right after it, with the call's result in rax (the runner traps
 * the call, so a naive trap flag would stop one instruction late). */
__asm__(".globl raw_getpid\n"
        "raw_getpid:\n"
        "    movl $0x40000027, %eax\n" /* x32's getpid: __X32_SYSCALL_BIT | 39 */
        "    syscall\n"
        "    ret\n");
int raw_getpid(void);

int main(void)
{
    return raw_getpid() > 0 ? 0 : 1;
}
