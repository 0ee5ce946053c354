/* Adds b to a with one instruction; 'q' hard-codes a 64-bit long. */
long add_long(long a, long b)
{
    __asm__("addq %1, %0" : "+r"(a) : "r"(b)); /* expect-x32: class 3 */
    return a;
}
