// The C++ twin of which.c, with an exception and a std::string from libstdc++.
#include <cstdio>
#include <stdexcept>
#include <string>
int main()
{
#ifdef __clang__
    std::string cc = "clang";
#else
    std::string cc = "gcc";
#endif
    try { throw std::runtime_error(cc); }
    catch (const std::exception &e) { std::printf("%s %zu\n", e.what(), sizeof(void *)); }
    return 0;
}
