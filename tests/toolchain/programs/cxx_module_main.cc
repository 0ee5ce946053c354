// Imports the module of cxx_module_greet.cc; prints 42 on x32 (4-byte long).
import greet;

#include <cstdio>

int main() { std::printf("module_answer=%d\n", module_answer()); return 0; }
