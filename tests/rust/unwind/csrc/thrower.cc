// A C++ exception thrown into Rust: Rust may not catch it and must say it is foreign.
#include <stdexcept>

extern "C" void cxx_throw(void)
{
    throw std::runtime_error("thrown by C++");
}
