/* A heap buffer overflow that ASan must report on x32 (built with -fsanitize=address). */
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    (void)argv;
    char *buf = malloc(16);
    memset(buf, 'x', 16 + (size_t)argc);   /* one byte past the end */
    int r = buf[3];
    free(buf);
    return r == 'x' ? 0 : 1;
}
