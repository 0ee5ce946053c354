// The C++ half: throws an exception that the other compiler's code catches, and uses
// libstdc++ (one library for both compilers).
#include <stdexcept>
#include <string>
#include "mix.h"

extern "C" void mix_throw(int code)
{
    throw std::runtime_error("code " + std::to_string(code));
}
