// A name-to-area table in C++ (templates and the standard library reach cc1plus).
#ifndef REGISTRY_H
#define REGISTRY_H
#include <map>
#include <string>
std::map<std::string, long> make_registry();
#endif
