#include "CKernels.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Adler-32's modulus, and the longest stretch whose sums are reduced once, at its end: zlib's NMAX (5552, the
   largest n with 255 n (n + 1) / 2 + (n + 1) (65521 - 1) below 2^32) rounded down to whole 32-byte steps. */
#define ADLER_BASE 65521u
#define ADLER_STRETCH 5536

#if defined(__SSE2__)
/* The sums of `steps` 32-byte steps added to *s1 and *s2. Over a step s2 gains 32 × (s1 before it) plus the step's
   bytes weighted 32 … 1: `prefix` adds up the byte sums before each step, `weighted` the weighted bytes. 32-bit lanes
   suffice: the stretch's bound keeps every true total, and so every partial one, below 2^32. */
static void adler32Steps(uint32_t *s1, uint32_t *s2, const uint8_t *bytes, size_t steps) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i w1 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
    const __m128i w2 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i w3 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i w4 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    __m128i sum = zero, prefix = zero, weighted = zero;
    for (size_t step = 0; step < steps; step++) {
        __m128i a = _mm_loadu_si128((const __m128i *)(bytes + step * 32));
        __m128i b = _mm_loadu_si128((const __m128i *)(bytes + step * 32 + 16));
        prefix = _mm_add_epi32(prefix, sum);
        sum = _mm_add_epi32(sum, _mm_add_epi32(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)));
        __m128i wa = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(a, zero), w1), _mm_madd_epi16(_mm_unpackhi_epi8(a, zero), w2));
        __m128i wb = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(b, zero), w3), _mm_madd_epi16(_mm_unpackhi_epi8(b, zero), w4));
        weighted = _mm_add_epi32(weighted, _mm_add_epi32(wa, wb));
    }
    uint32_t lanes[4];
    _mm_storeu_si128((__m128i *)lanes, prefix);
    uint32_t prefixSum = lanes[0] + lanes[2];  /* _mm_sad_epu8 leaves its sums in lanes 0 and 2 */
    _mm_storeu_si128((__m128i *)lanes, weighted);
    *s2 += *s1 * (uint32_t)(steps * 32) + 32 * prefixSum + lanes[0] + lanes[1] + lanes[2] + lanes[3];
    _mm_storeu_si128((__m128i *)lanes, sum);
    *s1 += lanes[0] + lanes[2];
}
#endif

uint32_t CKernels_adler32(uint32_t adler, const uint8_t *bytes, size_t count) {
    if (bytes == NULL) return 1;
    uint32_t s1 = adler & 0xFFFF, s2 = adler >> 16;
    while (count > 0) {
        size_t n = count < ADLER_STRETCH ? count : ADLER_STRETCH;
        count -= n;
#if defined(__SSE2__)
        size_t steps = n / 32;
        adler32Steps(&s1, &s2, bytes, steps);
        bytes += steps * 32;
        n -= steps * 32;
#endif
        for (; n > 0; n--) {
            s1 += *bytes++;
            s2 += s1;
        }
        s1 %= ADLER_BASE;
        s2 %= ADLER_BASE;
    }
    return s1 | (s2 << 16);
}
