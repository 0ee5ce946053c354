/* tests/gdb's gdb-rewritten-site-bytes: after a hundred calls x32-run's fast
 * path has rewritten raw_getpid's `mov $nr,%eax` into a jump; gdb must still
 * disassemble the program's own instruction there, and a breakpoint set on it
 * afterwards must stop and leave the call working (the runner puts the
 * original bytes back before gdb writes its int3). */
__asm__(".text\n"
        ".p2align 4\n"
        ".globl raw_getpid\n"
        "raw_getpid:\n"
        "    movl $0x40000027, %eax\n" /* x32's getpid: __X32_SYSCALL_BIT | 39 */
        "    syscall\n"
        "    ret\n");
int raw_getpid(void);

void done(void);
void done(void) {}

int main(void)
{
    int pid = raw_getpid(), bad = 0;
    for (int i = 0; i < 100; i++)
        bad += raw_getpid() != pid;
    done();
    for (int i = 0; i < 3; i++)
        bad += raw_getpid() != pid;
    return bad ? 1 : 0;
}
