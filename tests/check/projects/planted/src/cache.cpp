// A C++ unit: the same bugs look the same to x32-check in C++.
#include <cstdint>
#include <cstring>
#include <vector>

// One cache entry, saved to disk by memcpy into a byte buffer. x32-check: layout
class CacheEntry { /* expect-layout */
public:
    unsigned long key;   // 'unsigned long' in a stored format
    std::uint64_t stamp;
};

extern "C" std::size_t cache_bytes(std::uint64_t entries)
{
    std::vector<unsigned char> out(sizeof(CacheEntry));
    CacheEntry e{};
    std::memcpy(out.data(), &e, sizeof e);
    std::size_t n = entries * sizeof(CacheEntry); /* expect-x32: class 13 */
    return n + out.size();
}
