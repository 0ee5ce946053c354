// std::thread, mutex, condition_variable, futures and an exception carried from a
// worker thread to main through std::exception_ptr: libstdc++'s threading on x32.
#include <condition_variable>
#include <cstdio>
#include <future>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

int main()
{
    std::mutex m;
    std::condition_variable cv;
    long long total = 0;
    int done = 0;
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; t++)
        workers.emplace_back([&, t] {
            long long local = 0;
            for (int i = 0; i < 100000; i++) local += (long long)t << 32;
            std::lock_guard<std::mutex> g(m);
            total += local;
            done++;
            cv.notify_one();
        });
    {
        std::unique_lock<std::mutex> l(m);
        cv.wait(l, [&] { return done == 4; });
    }
    for (auto &w : workers) w.join();

    auto f = std::async(std::launch::async, [] () -> int { throw std::logic_error("from a thread"); });
    std::string caught;
    try { f.get(); } catch (const std::logic_error &e) { caught = e.what(); }

    bool ok = total == 600000LL << 32 && caught == "from a thread";
    std::printf("%s total=%lld caught='%s'\n", ok ? "ok" : "BAD", total, caught.c_str());
    return ok ? 0 : 1;
}
