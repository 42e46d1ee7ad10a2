#ifndef TYPESET_CMEMORY_H
#define TYPESET_CMEMORY_H

/// A hint that `address` will be read soon (GCC/Clang's __builtin_prefetch, which Swift does not expose):
/// the layout loop asks for the paragraphs a few places ahead, whose data is not in the cache.
static inline void typeset_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
