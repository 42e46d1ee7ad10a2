#include <zlib.h>

/* deflateInit2 is a function-like macro (it passes the library version and stream size), which Swift cannot import. */
static inline int CZlib_deflateInit2(z_streamp stream, int level, int method, int windowBits, int memLevel, int strategy) {
    return deflateInit2(stream, level, method, windowBits, memLevel, strategy);
}
