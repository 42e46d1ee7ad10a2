#ifndef TYPESET_CMEMORY_H
#define TYPESET_CMEMORY_H

/// A hint that `address` will be read soon (GCC/Clang's __builtin_prefetch, which Swift does not expose):
/// the layout loop asks for the paragraphs a few places ahead, whose data is not in the cache.
static inline void typeset_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/// glibc's mallopt (malloc.h, which Swift's Glibc module leaves out): blocks up to `mmapThreshold` bytes come
/// from the heap rather than a mapping of their own, and up to `trimThreshold` bytes free at its top stay
/// mapped. For a command that runs once and exits (typeset's HeapTuning says why).
void typeset_tuneHeap(int mmapThreshold, int trimThreshold);

#endif
