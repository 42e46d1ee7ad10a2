#include <png.h>

/* PNG_IMAGE_ROW_STRIDE and friends are function-like macros; only the simplified png_image API is used,
   because the classic API reports errors through setjmp/longjmp, which Swift cannot use. */
static inline png_uint_32 CLibPNG_versionOne(void) { return PNG_IMAGE_VERSION; }
