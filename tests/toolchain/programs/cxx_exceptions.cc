// C++ exceptions, RTTI, iostreams and the standard containers on x32.
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct parse_error : std::runtime_error {
    explicit parse_error(const std::string &what) : std::runtime_error(what) {}
};

static int parse_positive(const std::string &text)
{
    std::istringstream in(text);
    int value = 0;
    if (!(in >> value) || value <= 0) throw parse_error("not a positive number: " + text);
    return value;
}

int main()
{
    std::vector<std::string> inputs = {"12", "x", "-3", "40"};
    std::map<std::string, int> good;
    int errors = 0;
    for (const auto &s : inputs) {
        try {
            good[s] = parse_positive(s);
        } catch (const std::exception &e) {
            ++errors;
            if (dynamic_cast<const parse_error *>(&e) == nullptr) return 2;
        }
    }
    std::ostringstream out;
    for (const auto &kv : good) out << kv.first << '=' << kv.second << ';';
    std::cout << out.str() << " errors=" << errors << " sizeof(void*)=" << sizeof(void *) << '\n';
    return (errors == 2 && out.str() == "12=12;40=40;" && sizeof(void *) == 4) ? 0 : 1;
}
