/* The fonts an SVG's <text> is drawn with: librsvg lays text out with pango, which finds fonts through fontconfig.
   A book's embedded fonts live in memory, under the family names its @font-face rules give them, which fontconfig
   has never heard of. So a font set here is a private fontconfig configuration (the system's, so that characters the
   book's fonts lack still fall back as before) whose application fonts are the book's faces, each written once to a
   private temporary folder (pango >= 1.44 shapes with HarfBuzz from the font's file, so a face from memory alone is not
   enough) and registered under its @font-face family, weight and style. While an SVG is drawn, a pango font map over
   that configuration is the drawing thread's default (pango_cairo_font_map_set_default is per thread), so other
   threads drawing other books are not disturbed; the previous default is restored after. */

#include "svgfonts.h"

#include <errno.h>
#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* pango's font-map calls and glib's reference counting go through librsvg's table (libraries.h): pango is loaded
   with librsvg when the first SVG is measured, never linked. The font set itself needs only fontconfig. */

struct CImageSVGFonts {
    FcConfig *config;
    char folder[256];
    int files;
};

static void setMessage(char *error, size_t capacity, const char *message) {
    if (error && capacity > 0) snprintf(error, capacity, "%s", message ? message : "unknown error");
}

CImageSVGFonts *CImage_svgFontsCreate(char *error, size_t errorCapacity) {
    CImageSVGFonts *fonts = calloc(1, sizeof *fonts);
    if (!fonts) { setMessage(error, errorCapacity, "out of memory"); return NULL; }
    const char *base = getenv("TMPDIR");
    snprintf(fonts->folder, sizeof fonts->folder, "%s/typeset-svg-fonts-XXXXXX", base && *base && strlen(base) < 200 ? base : "/tmp");
    if (!mkdtemp(fonts->folder)) {
        setMessage(error, errorCapacity, strerror(errno));
        free(fonts);
        return NULL;
    }
    fonts->config = FcInitLoadConfigAndFonts();
    if (!fonts->config) {
        setMessage(error, errorCapacity, "fontconfig could not load its configuration");
        rmdir(fonts->folder);
        free(fonts);
        return NULL;
    }
    return fonts;
}

int CImage_svgFontsAdd(CImageSVGFonts *fonts, const uint8_t *data, size_t length, const char *family, int weight,
                       int italic, char *error, size_t errorCapacity) {
    if (!fonts || !data || length == 0 || !family) { setMessage(error, errorCapacity, "no font"); return -1; }
    char path[320];
    snprintf(path, sizeof path, "%s/face-%d.otf", fonts->folder, fonts->files);
    FILE *file = fopen(path, "wbx");
    if (!file) { setMessage(error, errorCapacity, strerror(errno)); return -1; }
    size_t written = fwrite(data, 1, length, file);
    int closed = fclose(file);
    if (written != length || closed != 0) {
        setMessage(error, errorCapacity, "the font could not be written to a temporary file");
        unlink(path);
        return -1;
    }
    fonts->files += 1;
    if (!FcConfigAppFontAddFile(fonts->config, (const FcChar8 *)path)) {
        setMessage(error, errorCapacity, "fontconfig cannot read the font");
        return -1;
    }
    /* The faces of the file just added are the application set's last: each takes the book's name for it (what the
       SVG's CSS asks for), weight and style. */
    FcFontSet *set = FcConfigGetFonts(fonts->config, FcSetApplication);
    for (int index = set ? set->nfont - 1 : -1; index >= 0; index--) {
        FcPattern *pattern = set->fonts[index];
        FcChar8 *file = NULL;
        if (FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch || strcmp((const char *)file, path) != 0) break;
        FcPatternDel(pattern, FC_FAMILY);
        FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
        FcPatternDel(pattern, FC_WEIGHT);
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(weight));
        FcPatternDel(pattern, FC_SLANT);
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    }
    return 0;
}

void CImage_svgFontsDestroy(CImageSVGFonts *fonts) {
    if (!fonts) return;
    if (fonts->config) FcConfigDestroy(fonts->config);
    for (int index = 0; index < fonts->files; index++) {
        char path[320];
        snprintf(path, sizeof path, "%s/face-%d.otf", fonts->folder, index);
        unlink(path);
    }
    rmdir(fonts->folder);
    free(fonts);
}

struct FontsState { PangoFontMap *previous; PangoFontMap *current; };

void *CImage_svgFontsBegin(const SVGFunctions *svg, const CImageSVGFonts *fonts) {
    if (!svg || !fonts || !fonts->config) return NULL;
    struct FontsState *state = calloc(1, sizeof *state);
    if (!state) return NULL;
    state->previous = svg->pango_cairo_font_map_get_default();
    if (state->previous) svg->g_object_ref(state->previous);
    state->current = svg->pango_cairo_font_map_new();
    if (!state->current) {
        if (state->previous) svg->g_object_unref(state->previous);
        free(state);
        return NULL;
    }
    svg->pango_fc_font_map_set_config(state->current, fonts->config);
    svg->pango_cairo_font_map_set_default(state->current);
    return state;
}

void CImage_svgFontsEnd(const SVGFunctions *svg, void *opaque) {
    struct FontsState *state = opaque;
    if (!svg || !state) return;
    svg->pango_cairo_font_map_set_default(state->previous);
    if (state->previous) svg->g_object_unref(state->previous);
    svg->g_object_unref(state->current);
    free(state);
}
