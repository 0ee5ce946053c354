// Main of the mixed program: calls C and C++ objects built by the other compiler.
#include <cstdio>
#include <cstddef>
#include <stdexcept>
#include "mix.h"

int main()
{
    long v[] = {1, 2, 3, 4};
    int bad = 0;
    if (mix_sum(v, 4) != 10) { std::puts("mix_sum wrong"); bad = 1; }
    if (mix_record_size() != sizeof(mix_record) || mix_when_offset() != offsetof(mix_record, when)) {
        std::printf("layout disagrees: %zu/%zu here, %zu/%zu there\n", sizeof(mix_record),
                    offsetof(mix_record, when), mix_record_size(), mix_when_offset());
        bad = 1;
    }
    try {
        mix_throw(42);
        std::puts("no exception");
        bad = 1;
    } catch (const std::runtime_error &e) {
        if (std::string(e.what()) != "code 42") { std::printf("caught '%s'\n", e.what()); bad = 1; }
    }
    std::printf("%s record=%zu\n", bad ? "BAD" : "ok", sizeof(mix_record));
    return bad;
}
