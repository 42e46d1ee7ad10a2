#ifndef TYPESET_CKERNELS_H
#define TYPESET_CKERNELS_H

#include <stddef.h>
#include <stdint.h>

/* Loops over every byte of a page or every unit of a book, written with SSE2 (x86-64's baseline, so no check at run
   time; elsewhere the same loops one element at a time): Swift did not vectorise them (its SIMD types' comparisons
   were scalar), and they ran at 3.5 to 11 instructions an element (callgrind, the first page of War and Peace). */

/// zlib's adler32(adler, bytes, count), the same value for every input (a NULL `bytes` gives 1, as zlib's does):
/// 32 bytes a step instead of one, about a third of zlib 1.2.13's instructions.
uint32_t CKernels_adler32(uint32_t adler, const uint8_t *bytes, size_t count);

/// The number of leading units of `units[0..<count]` from U+0020 to U+009F (printable ASCII, space, C1 controls):
/// each one column wide, none a line end or a surrogate.
size_t CKernels_printableRun(const uint16_t *units, size_t count);

/// The number of LF (U+000A), CR (U+000D) and U+2029 among `units[0..<count]`.
size_t CKernels_lineBreakCount(const uint16_t *units, size_t count);

/// The index of the first `unit` in `units[0..<count]`, else `count`.
size_t CKernels_firstUnit(const uint16_t *units, size_t count, uint16_t unit);

/// The index of the first unit of `units[0..<count]` at or above `bound`, else `count`.
size_t CKernels_firstAtLeast(const uint16_t *units, size_t count, uint16_t bound);

/// PNG's rows of an opaque RGBA image (`width` × `height` pixels, 4 bytes each, row-major) as 8-bit RGB: each row a
/// filter byte 0 (none) then its pixels' R, G, B, into `rows` (`(width * 3 + 1) * height` bytes). Sixteen pixels a step
/// with SSSE3 (asked of the processor), else four.
void CKernels_rgbRows(const uint8_t *rgba, size_t width, size_t height, uint8_t *rows);

/// PNG's rows of an image of palette indices as 8-bit RGB (`channels` 3) or RGBA (4): `height` rows of `width`
/// indices, row `y` at `indices + y * stride`, each turned into a filter byte 0 (none) then every pixel's colour,
/// `palette[index]` (a 32-bit word holding the bytes R, G, B, A in memory order), into `rows`
/// (`(width * channels + 1) * height` bytes).
void CKernels_paletteRows(const uint8_t *indices, size_t stride, size_t width, size_t height, const uint32_t *palette,
                          int channels, uint8_t *rows);

#endif
