#include "CKernels.h"
#include <string.h>
#if defined(__SSE2__)
#include <cpuid.h>
#include <emmintrin.h>
#include <tmmintrin.h>

/* Sixteen pixels a step with SSSE3's byte shuffle: each 16-byte load of four pixels packed to its low 12 bytes and
   stored whole, the next store 12 bytes on writing over the 4 left over. The last store of a step writes 4 bytes past
   the step's 48, so a step is taken only while two more pixels follow it in the row. */
__attribute__((target("ssse3")))
static size_t rgbSixteens(const uint8_t *from, size_t width, uint8_t *to) {
    const __m128i pack = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    size_t x = 0;
    for (; x + 18 <= width; x += 16) {
        for (int part = 0; part < 4; part++) {
            __m128i v = _mm_loadu_si128((const __m128i *)(from + (x + 4 * (size_t)part) * 4));
            _mm_storeu_si128((__m128i *)(to + x * 3 + 12 * (size_t)part), _mm_shuffle_epi8(v, pack));
        }
    }
    return x;
}

/* Whether the processor has SSSE3 (CPUID leaf 1, ECX bit 9): asked once a page, no state shared between threads. */
static int ssse3(void) {
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) ? 1 : 0;
}
#endif

void CKernels_rgbRows(const uint8_t *rgba, size_t width, size_t height, uint8_t *rows) {
    const size_t rowBytes = width * 3 + 1;
#if defined(__SSE2__)
    const int shuffles = ssse3();
#endif
    for (size_t y = 0; y < height; y++) {
        const uint8_t *from = rgba + y * width * 4;
        uint8_t *to = rows + y * rowBytes;
        *to++ = 0;
        size_t x = 0;
#if defined(__SSE2__)
        if (shuffles) {
            x = rgbSixteens(from, width, to);
            to += x * 3;
        }
        /* Four pixels a step: each 64-bit lane's two pixels packed into its low six bytes (the second pixel's RGB
           shifted down over the first's alpha), the low lane stored at `to`, the high at `to + 6`. Each store writes
           two bytes past its six, which the next step (a fifth pixel is left for it) writes over. */
        const __m128i low = _mm_set1_epi64x(0x0000000000FFFFFFll), high = _mm_set1_epi64x(0x00FFFFFF00000000ll);
        for (; x + 5 <= width; x += 4) {
            __m128i v = _mm_loadu_si128((const __m128i *)(from + x * 4));
            __m128i packed = _mm_or_si128(_mm_and_si128(v, low), _mm_srli_epi64(_mm_and_si128(v, high), 8));
            _mm_storel_epi64((__m128i *)to, packed);
            _mm_storel_epi64((__m128i *)(to + 6), _mm_unpackhi_epi64(packed, packed));
            to += 12;
        }
#endif
        for (; x < width; x++) {
            memcpy(to, from + x * 4, 3);
            to += 3;
        }
    }
}

void CKernels_paletteRows(const uint8_t *indices, size_t stride, size_t width, size_t height, const uint32_t *palette,
                          int channels, uint8_t *rows) {
    const size_t step = channels == 4 ? 4 : 3, rowBytes = width * step + 1;
    for (size_t y = 0; y < height; y++) {
        const uint8_t *line = indices + y * stride;
        uint8_t *to = rows + y * rowBytes;
        *to++ = 0;
        size_t x = 0;
        /* Each colour stored as a whole word: an RGB pixel's fourth byte is written over by the next pixel, so the
           last pixel of a row is stored as three bytes. */
        for (; x + 1 < width; x++) {
            memcpy(to, &palette[line[x]], 4);
            to += step;
        }
        for (; x < width; x++) {
            memcpy(to, &palette[line[x]], step);
            to += step;
        }
    }
}
