/* static_pie_basic: a static-pie program (ET_DYN, no interpreter) is loaded,
 * relocates itself, and runs with working TLS, malloc and stdio. */
// build: -static-pie
#include "check.h"
#include <elf.h>
#include <link.h>
#include <sys/auxv.h>

static __thread int tls_value = 17;
static int *data_ptr;
static const char *str_ptr = "relocated";                       /* needs a relocation */

int main(void)
{
    CHECK_STR(str_ptr, "relocated");
    CHECK(data_ptr == NULL);
    CHECK_EQ(tls_value, 17);
    tls_value++;
    CHECK_EQ(tls_value, 18);
    char *p = malloc(1 << 20);
    CHECK(p != NULL);
    free(p);
    /* No interpreter: AT_BASE is 0, and the program headers say ET_DYN. */
    CHECK_EQ(getauxval(AT_BASE), 0);
    const ElfW(Phdr) *ph = (const ElfW(Phdr) *)getauxval(AT_PHDR);
    int interp = 0;
    for (unsigned long i = 0; ph && i < getauxval(AT_PHNUM); i++)
        interp |= ph[i].p_type == PT_INTERP;
    CHECK(!interp);
    return check_done();
}
