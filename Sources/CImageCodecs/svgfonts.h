/* Private to the facade: the fonts an SVG's text is drawn with (see svgfonts.c). */
#ifndef CIMAGE_SVGFONTS_PRIVATE_H
#define CIMAGE_SVGFONTS_PRIVATE_H

#include "CImageCodecs.h"
#include "libraries.h"

/* Makes `fonts` the calling thread's fonts for librsvg (pango's per-thread default font map) and returns what to give
   CImage_svgFontsEnd afterwards; NULL fonts change nothing. pango is called through librsvg's table (libraries.h):
   it is loaded with librsvg, never linked. */
void *CImage_svgFontsBegin(const SVGFunctions *svg, const CImageSVGFonts *fonts);
void CImage_svgFontsEnd(const SVGFunctions *svg, void *state);

#endif
