#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_SIZES_H
#include FT_BITMAP_H

/* Function-like macros are not imported into Swift; re-export the few we need. */
static inline FT_Int32 CFreeType_loadTargetLight(void) { return FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 CFreeType_loadTargetNormal(void) { return FT_LOAD_TARGET_NORMAL; }
#include FT_TRUETYPE_TABLES_H
