#include "CImmortal.h"
#include <stdint.h>

// A native Swift object starts with its metadata pointer and then its counts, one 64-bit word on
// 64-bit platforms. The word an immortal object has is the one the compiler writes into the
// objects it lays out statically (arrays of constants): the "slow" bit, every bit of the unowned
// count, and an extra strong count of 2, so that a release seen before a retain cannot clear the
// slow bit. swift_retain and swift_release read that word, see it is immortal and return without
// writing. These bits are in every binary built with static objects, so the runtime keeps them.
#if defined(__LP64__) && (defined(__x86_64__) || defined(__aarch64__) || defined(__arm64__))
static const uint64_t immortal = 0x80000004FFFFFFFFull;

int questlog_make_immortal(void *object) {
    if (object == 0) return 0;
    uint64_t *word = (uint64_t *)((char *)object + sizeof(void *));
    uint64_t old = __atomic_load_n(word, __ATOMIC_RELAXED);
    do {
        // Immortal already, or counted in a side table: the slow bit is set.
        if (old >> 63) return 0;
    } while (!__atomic_compare_exchange_n(word, &old, immortal, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return 1;
}

unsigned long long questlog_count_word(const void *object) {
    return __atomic_load_n((const uint64_t *)((const char *)object + sizeof(void *)), __ATOMIC_RELAXED);
}

unsigned long long questlog_immortal_word(void) {
    return immortal;
}
#else
int questlog_make_immortal(void *object) {
    (void)object;
    return 0;
}

unsigned long long questlog_count_word(const void *object) {
    (void)object;
    return 0;
}

unsigned long long questlog_immortal_word(void) {
    return 0;
}
#endif
