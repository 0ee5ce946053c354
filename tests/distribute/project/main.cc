// Prints the pointer size and exits 0 only when the table holds the right areas.
#include <cstdio>
#include "registry.h"
int main()
{
    std::map<std::string, long> r = make_registry();
    bool ok = r.size() == 2 && r["door"] == 10 && r["sheet"] == 12;
    std::printf("calc_cxx pointer=%zu %s\n", sizeof(void *), ok ? "ok" : "WRONG");
    return ok ? 0 : 1;
}
