// CMemory: the prefetch hint is inline (include/CMemory.h); the heap tuning calls glibc.
#include "CMemory.h"

#include <malloc.h>

void typeset_tuneHeap(int mmapThreshold, int trimThreshold) {
    mallopt(M_MMAP_THRESHOLD, mmapThreshold);
    mallopt(M_TRIM_THRESHOLD, trimThreshold);
}
