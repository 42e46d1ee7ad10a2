#include "CKernels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

size_t CKernels_printableRun(const uint16_t *units, size_t count) {
    size_t i = 0;
#if defined(__SSE2__)
    /* A unit is in U+0020…U+009F exactly when it minus 0x20 (wrapping) has no bit above the low seven. */
    const __m128i space = _mm_set1_epi16(0x20), high = _mm_set1_epi16((short)0xFF80), zero = _mm_setzero_si128();
    for (; i + 8 <= count; i += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(units + i));
        unsigned inside = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(_mm_sub_epi16(v, space), high), zero));
        if (inside != 0xFFFF) return i + (size_t)__builtin_ctz(~inside) / 2;
    }
#endif
    while (i < count && (uint16_t)(units[i] - 0x20) < 0x80) i++;
    return i;
}

size_t CKernels_lineBreakCount(const uint16_t *units, size_t count) {
    size_t total = 0, i = 0;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi16(0x0A), cr = _mm_set1_epi16(0x0D), separator = _mm_set1_epi16(0x2029);
    const __m128i ones = _mm_set1_epi16(1);
    while (i + 8 <= count) {
        /* Each 16-bit lane counts at most 32,767 line ends, so that _mm_madd_epi16 (signed) adds them up exactly. */
        size_t end = count - i > (size_t)8 * 32767 ? i + (size_t)8 * 32767 : count;
        __m128i lanes = _mm_setzero_si128();
        for (; i + 8 <= end; i += 8) {
            __m128i v = _mm_loadu_si128((const __m128i *)(units + i));
            __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi16(v, lf), _mm_cmpeq_epi16(v, cr)), _mm_cmpeq_epi16(v, separator));
            lanes = _mm_sub_epi16(lanes, hits);  /* a hit is -1 */
        }
        uint32_t sums[4];
        _mm_storeu_si128((__m128i *)sums, _mm_madd_epi16(lanes, ones));
        total += (size_t)sums[0] + sums[1] + sums[2] + sums[3];
    }
#endif
    for (; i < count; i++) total += units[i] == 0x0A || units[i] == 0x0D || units[i] == 0x2029;
    return total;
}

size_t CKernels_firstUnit(const uint16_t *units, size_t count, uint16_t unit) {
    size_t i = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi16((short)unit);
    for (; i + 8 <= count; i += 8) {
        unsigned found = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_loadu_si128((const __m128i *)(units + i)), wanted));
        if (found != 0) return i + (size_t)__builtin_ctz(found) / 2;
    }
#endif
    while (i < count && units[i] != unit) i++;
    return i;
}

size_t CKernels_firstAtLeast(const uint16_t *units, size_t count, uint16_t bound) {
    if (bound == 0) return 0;
    size_t i = 0;
#if defined(__SSE2__)
    /* A unit is at least `bound` exactly when it minus (bound - 1), saturating at zero, is not zero. */
    const __m128i below = _mm_set1_epi16((short)(bound - 1)), zero = _mm_setzero_si128();
    for (; i + 8 <= count; i += 8) {
        __m128i v = _mm_loadu_si128((const __m128i *)(units + i));
        unsigned under = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_subs_epu16(v, below), zero));
        if (under != 0xFFFF) return i + (size_t)__builtin_ctz(~under) / 2;
    }
#endif
    while (i < count && units[i] < bound) i++;
    return i;
}
