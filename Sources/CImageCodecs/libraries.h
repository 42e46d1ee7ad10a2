#ifndef CIMAGECODECS_LIBRARIES_H
#define CIMAGECODECS_LIBRARIES_H

/* The image libraries the facade calls, opened at their first use rather than linked (issue 32).

   Linking them made every run of the command-line tool load 70-odd libraries it almost never used: libavif pulls
   in three AV1 encoders, libjxl libhwy (whose static initializer alone was 12 % of `typeset help`), librsvg cairo,
   pango and GIO. Now a library is opened with dlopen the first time an image of its format is measured or
   decoded, under its Debian soname (the one the headers below describe), and the functions the facade uses are
   looked up with dlsym into a table typed from the library's own header, so a table that no longer matches the
   header does not compile. A library that is missing, or lacks a function, makes that format's calls fail with
   a message naming the library and its Debian package; every other format still works.

   Each table is filled once (pthread_once) and only read afterwards, so the facade stays safe to call from
   several threads, as before. Libraries are never closed: their code may have started threads or registered
   handlers, and a book that used a format once will likely use it again. pixman (scaling, for every format,
   PNG included) stays linked: it is one small library with no dependencies. */

#include <avif/avif.h>
#include <fontconfig/fontconfig.h>
#include <gif_lib.h>
#include <jxl/decode.h>
#include <stddef.h>
#include <stdint.h>
#include <turbojpeg.h>
#include <webp/decode.h>

/* The sonames, for the versions of the headers above: a build against other versions must say which file to
   open, rather than open one whose ABI differs. */
#if GIFLIB_MAJOR != 5
#error "giflib: only giflib 5 (libgif.so.7) is known to the loader in libraries.c"
#endif
#if WEBP_DECODER_ABI_VERSION >> 8 != 2
#error "libwebp: only decoder ABI 2.x (libwebp.so.7) is known to the loader in libraries.c"
#endif
#if AVIF_VERSION_MAJOR != 0 || AVIF_VERSION_MINOR != 11
#error "libavif: only 0.11 (libavif.so.15) is known to the loader in libraries.c"
#endif
#if JPEGXL_MAJOR_VERSION != 0 || JPEGXL_MINOR_VERSION != 7
#error "libjxl: only 0.7 (libjxl.so.0.7) is known to the loader in libraries.c"
#endif

/* librsvg 2.54 and the parts of cairo, glib and pango the SVG path uses (pango's for the font map that gives an
   SVG's text the book's fonts, svgfonts.c). Their headers pull in gio, gdk-pixbuf and glib's, whose pkg-config
   flags would link cairo and glib again (and SwiftPM refuses some of them), so the few functions and types are
   declared here as their stable C APIs have them. Never called directly: only through the table, filled from
   librsvg's handle (dlsym on a handle searches the library's own dependencies, where librsvg 2.54 has cairo,
   gobject, pangocairo and pangoft2). */
typedef struct _RsvgHandle RsvgHandle;
typedef struct { double x, y, width, height; } RsvgRectangle;
typedef struct { double length; int unit; } RsvgLength;
typedef struct { uint32_t domain; int code; char *message; } GError;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
enum { CAIRO_FORMAT_ARGB32 = 0, CAIRO_STATUS_SUCCESS = 0 };
extern RsvgHandle *rsvg_handle_new_from_data(const uint8_t *data, size_t dataLength, GError **error);
extern int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
extern void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, int *hasWidth, RsvgLength *width,
                                                 int *hasHeight, RsvgLength *height, int *hasViewBox,
                                                 RsvgRectangle *viewBox);
extern int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
extern void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
extern void g_object_unref(void *object);
extern void g_error_free(GError *error);
extern cairo_surface_t *cairo_image_surface_create(int format, int width, int height);
extern int cairo_surface_status(cairo_surface_t *surface);
extern const char *cairo_status_to_string(int status);
extern void cairo_surface_destroy(cairo_surface_t *surface);
extern void cairo_surface_flush(cairo_surface_t *surface);
extern cairo_t *cairo_create(cairo_surface_t *target);
extern void cairo_destroy(cairo_t *cr);
extern unsigned char *cairo_image_surface_get_data(cairo_surface_t *surface);
extern int cairo_image_surface_get_stride(cairo_surface_t *surface);
extern void cairo_scale(cairo_t *cr, double sx, double sy);
extern void *g_object_ref(void *object);
typedef struct _PangoFontMap PangoFontMap;
extern PangoFontMap *pango_cairo_font_map_new(void);
extern PangoFontMap *pango_cairo_font_map_get_default(void);
extern void pango_cairo_font_map_set_default(PangoFontMap *fontmap);
extern void pango_fc_font_map_set_config(PangoFontMap *fcfontmap, FcConfig *fcconfig);

/* The functions used, library by library (an X-macro: each list makes a table's members and its lookups). */
#define TURBOJPEG_FUNCTIONS(X) \
    X(tjInitDecompress) X(tjDecompressHeader3) X(tjDecompress2) X(tjDestroy) X(tjGetErrorStr2) X(tjGetErrorCode)
#define GIF_FUNCTIONS(X) \
    X(DGifOpen) X(DGifCloseFile) X(DGifGetRecordType) X(DGifGetExtension) X(DGifGetExtensionNext) \
    X(DGifGetImageDesc) X(DGifGetLine) X(GifErrorString)
#define WEBP_FUNCTIONS(X) X(WebPGetInfo) X(WebPDecodeRGBAInto)
#define AVIF_FUNCTIONS(X) \
    X(avifDecoderCreate) X(avifDecoderDestroy) X(avifDecoderSetIOMemory) X(avifDecoderParse) \
    X(avifDecoderNextImage) X(avifResultToString) X(avifRGBImageSetDefaults) X(avifImageYUVToRGB)
#define JXL_FUNCTIONS(X) \
    X(JxlDecoderCreate) X(JxlDecoderDestroy) X(JxlDecoderSubscribeEvents) X(JxlDecoderSetInput) \
    X(JxlDecoderCloseInput) X(JxlDecoderProcessInput) X(JxlDecoderGetBasicInfo) X(JxlDecoderImageOutBufferSize) \
    X(JxlDecoderSetImageOutBuffer)
#define SVG_FUNCTIONS(X) \
    X(rsvg_handle_new_from_data) X(rsvg_handle_get_intrinsic_size_in_pixels) X(rsvg_handle_get_intrinsic_dimensions) \
    X(rsvg_handle_render_document) X(rsvg_handle_set_dpi) X(g_object_unref) X(g_error_free) \
    X(cairo_image_surface_create) X(cairo_surface_status) X(cairo_status_to_string) X(cairo_surface_destroy) \
    X(cairo_surface_flush) X(cairo_create) X(cairo_destroy) X(cairo_image_surface_get_data) \
    X(cairo_image_surface_get_stride) X(cairo_scale) X(g_object_ref) X(pango_cairo_font_map_new) \
    X(pango_cairo_font_map_get_default) X(pango_cairo_font_map_set_default) X(pango_fc_font_map_set_config)

#define CIMAGE_POINTER(name) __typeof__(name) *name;
typedef struct { TURBOJPEG_FUNCTIONS(CIMAGE_POINTER) } TurboJPEGFunctions;
typedef struct { GIF_FUNCTIONS(CIMAGE_POINTER) } GIFFunctions;
typedef struct { WEBP_FUNCTIONS(CIMAGE_POINTER) } WebPFunctions;
typedef struct { AVIF_FUNCTIONS(CIMAGE_POINTER) } AVIFFunctions;
typedef struct { JXL_FUNCTIONS(CIMAGE_POINTER) } JXLFunctions;
typedef struct { SVG_FUNCTIONS(CIMAGE_POINTER) } SVGFunctions;
#undef CIMAGE_POINTER

/* The library's table, opened on the first call; NULL when it cannot be loaded, with a message naming the
   library, its Debian package and dlopen's or dlsym's reason written into `error`. */
const TurboJPEGFunctions *CImage_turbojpeg(char *error, size_t errorCapacity);
const GIFFunctions *CImage_giflib(char *error, size_t errorCapacity);
const WebPFunctions *CImage_libwebp(char *error, size_t errorCapacity);
const AVIFFunctions *CImage_libavif(char *error, size_t errorCapacity);
const JXLFunctions *CImage_libjxl(char *error, size_t errorCapacity);
const SVGFunctions *CImage_librsvg(char *error, size_t errorCapacity);

#endif
