#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

/* One small facade over the image libraries Typeset draws book images with: libjpeg-turbo (TurboJPEG API), giflib,
   libwebp, libavif, libjxl, librsvg with cairo, and pixman for scaling. Each library object lives inside one call
   and is freed before it returns. Plain C types only, so Swift never sees glib, cairo or the
   codecs' own types; every function reports failure by its return value (never longjmp, never abort) and, where a
   library gives one, writes a message into `error` (at most `errorCapacity` bytes, NUL-terminated).

   The codecs are not linked: each is opened the first time an image of its format is measured or decoded (see
   libraries.h), so a program that draws no image never loads one. When a format's library cannot be loaded,
   its functions return CIMAGE_UNAVAILABLE and `error` is a whole sentence naming the library and its Debian
   package.

   Pixels are 8-bit RGBA, straight (not premultiplied) alpha, rows top to bottom without padding, as Typeset's
   Bitmap holds them. Sizes are checked by the caller against its limits before a decode is asked for. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What every size and decode function returns when its format's library cannot be loaded. */
#define CIMAGE_UNAVAILABLE (-2)

/* JPEG: the size from the header (0 on success); then the pixels into `rgba` (width × height × 4 bytes). */
int CImage_jpegSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity);
int CImage_jpegDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      char *error, size_t errorCapacity);

/* GIF: the logical screen's size (0 on success); then the first image composited on a transparent screen. */
int CImage_gifSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity);
int CImage_gifDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     char *error, size_t errorCapacity);

/* WebP: the canvas size (0 on success); then the pixels (the first frame of an animation is not supported:
   libwebp's simple API decodes still images only, and says so). */
int CImage_webpSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity);
int CImage_webpDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      char *error, size_t errorCapacity);

/* AVIF (libavif, with the AV1 decoders Debian builds it with): the primary image's size (0 on success); then its
   first frame converted to 8-bit RGBA. `maximumPixels` is passed to libavif as its own image size limit. */
int CImage_avifSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity);
int CImage_avifDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      uint32_t maximumPixels, char *error, size_t errorCapacity);

/* JPEG XL (libjxl): the size after the image's orientation is applied (0 on success); then the first frame, in
   that orientation, as 8-bit RGBA. */
int CImage_jxlSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity);
int CImage_jxlDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     char *error, size_t errorCapacity);

/* SVG (librsvg): the intrinsic size in CSS pixels at 96 dpi (0 on success; 1 when the document has no size of its
   own, only a viewBox, whose width and height are then given); then the document rendered to fill width × height
   pixels. librsvg is given the bytes only, with no base file: it never loads an external resource. */
int CImage_svgSize(const uint8_t *data, size_t length, double *width, double *height, char *error, size_t errorCapacity);
/* The fonts an SVG's text may use: a book's embedded fonts under their @font-face names, beside the system's
   (svgfonts.c). Create, add faces (OpenType bytes, the CSS family, weight 100-900, italic or not), give to
   CImage_svgRender, destroy when done (its temporary files go with it). */
typedef struct CImageSVGFonts CImageSVGFonts;
CImageSVGFonts *CImage_svgFontsCreate(char *error, size_t errorCapacity);
int CImage_svgFontsAdd(CImageSVGFonts *fonts, const uint8_t *data, size_t length, const char *family, int weight,
                       int italic, char *error, size_t errorCapacity);
void CImage_svgFontsDestroy(CImageSVGFonts *fonts);

/* `fonts` may be NULL (the system's fonts only). */
int CImage_svgRender(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     double viewportWidth, double viewportHeight, const CImageSVGFonts *fonts,
                     char *error, size_t errorCapacity);

/* Scales `source` (sourceWidth × sourceHeight) to `target` (targetWidth × targetHeight) with pixman: a
   separable convolution (Lanczos-3 when shrinking, bilinear when enlarging), in premultiplied alpha so that edges
   of transparent areas do not darken. 0 on success. */
int CImage_scale(const uint8_t *source, int32_t sourceWidth, int32_t sourceHeight,
                 uint8_t *target, int32_t targetWidth, int32_t targetHeight);

#ifdef __cplusplus
}
#endif

#endif
