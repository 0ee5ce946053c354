#include "registry.h"
#include "shapes.h"
std::map<std::string, long> make_registry()
{
    std::map<std::string, long> r;
    r["door"] = rect_area(2, 5);
    r["sheet"] = rect_area(3, 4);
    return r;
}
