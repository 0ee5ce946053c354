// A C++ unit: fixed-width fields and an explicit, checked narrowing.
#include <cstdint>
#include <cstring>
#include <vector>

// One cache entry, saved to disk by memcpy into a byte buffer. x32-check: layout
class CacheEntry {
public:
    std::uint64_t key;
    std::uint64_t stamp;
};

extern "C" std::size_t cache_bytes(std::uint64_t entries)
{
    std::vector<unsigned char> out(sizeof(CacheEntry));
    CacheEntry e{};
    std::memcpy(out.data(), &e, sizeof e);
    std::uint64_t total = entries * sizeof(CacheEntry);
    return total > SIZE_MAX - out.size() ? SIZE_MAX : static_cast<std::size_t>(total) + out.size();
}
