// A C++ test program: libstdc++ (strings, streams, exceptions) must work under the runner.
#include <iostream>
#include <stdexcept>
#include <string>

int main()
{
    std::string where = sizeof(long) == 4 ? "ILP32" : "LP64";
    try {
        throw std::runtime_error(where);
    } catch (const std::exception &e) {
        std::cout << "hello from C++ (" << e.what() << ")" << std::endl;
    }
    return 0;
}
