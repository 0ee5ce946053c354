/* Shared by the mixed-compiler program's objects. */
#ifndef MIX_H
#define MIX_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
struct mix_record { long id; void *p; long long when; };
long mix_sum(const long *v, size_t n);
size_t mix_record_size(void);
size_t mix_when_offset(void);
void mix_throw(int code);                 /* C++: throws std::runtime_error */
#ifdef __cplusplus
}
#endif
#endif
