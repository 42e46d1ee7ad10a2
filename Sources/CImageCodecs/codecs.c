#include "CImageCodecs.h"
#include "libraries.h"
#include "svgfonts.h"

#include <pixman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void setError(char *error, size_t capacity, const char *message) {
    if (error && capacity > 0) snprintf(error, capacity, "%s", message ? message : "unknown error");
}

/* ---- JPEG (TurboJPEG: errors are return values; libjpeg's longjmp stays inside the library) ---- */

int CImage_jpegSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity) {
    const TurboJPEGFunctions *tj = CImage_turbojpeg(error, errorCapacity);
    if (!tj) return CIMAGE_UNAVAILABLE;
    tjhandle handle = tj->tjInitDecompress();
    if (!handle) { setError(error, errorCapacity, "libjpeg-turbo could not start"); return -1; }
    int w = 0, h = 0, subsampling = 0, colorspace = 0;
    int result = tj->tjDecompressHeader3(handle, data, (unsigned long)length, &w, &h, &subsampling, &colorspace);
    if (result != 0) setError(error, errorCapacity, tj->tjGetErrorStr2(handle));
    else { *width = w; *height = h; }
    tj->tjDestroy(handle);
    return result == 0 ? 0 : -1;
}

int CImage_jpegDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      char *error, size_t errorCapacity) {
    const TurboJPEGFunctions *tj = CImage_turbojpeg(error, errorCapacity);
    if (!tj) return CIMAGE_UNAVAILABLE;
    tjhandle handle = tj->tjInitDecompress();
    if (!handle) { setError(error, errorCapacity, "libjpeg-turbo could not start"); return -1; }
    int result = tj->tjDecompress2(handle, data, (unsigned long)length, rgba, width, 0, height, TJPF_RGBA, 0);
    int status = 0;
    if (result != 0) {
        /* A warning (a truncated file, a premature end) leaves the rows decoded so far, as browsers draw them. */
        status = tj->tjGetErrorCode(handle) == TJERR_WARNING ? 1 : -1;
        setError(error, errorCapacity, tj->tjGetErrorStr2(handle));
    }
    tj->tjDestroy(handle);
    return status;
}

/* ---- GIF (giflib reading from memory; only the first image is decoded, whatever the frame count) ---- */

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} GifSource;

static int gifRead(GifFileType *gif, GifByteType *buffer, int count) {
    GifSource *source = (GifSource *)gif->UserData;
    size_t left = source->length - source->offset;
    size_t n = count < 0 ? 0 : ((size_t)count < left ? (size_t)count : left);
    memcpy(buffer, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static GifFileType *gifOpen(const GIFFunctions *giflib, GifSource *source, char *error, size_t errorCapacity) {
    int code = 0;
    GifFileType *file = giflib->DGifOpen(source, gifRead, &code);
    if (!file) setError(error, errorCapacity, giflib->GifErrorString(code));
    return file;
}

int CImage_gifSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity) {
    const GIFFunctions *giflib = CImage_giflib(error, errorCapacity);
    if (!giflib) return CIMAGE_UNAVAILABLE;
    GifSource source = {data, length, 0};
    GifFileType *gif = gifOpen(giflib, &source, error, errorCapacity);
    if (!gif) return -1;
    *width = gif->SWidth;
    *height = gif->SHeight;
    int code = 0;
    giflib->DGifCloseFile(gif, &code);
    return 0;
}

int CImage_gifDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     char *error, size_t errorCapacity) {
    const GIFFunctions *giflib = CImage_giflib(error, errorCapacity);
    if (!giflib) return CIMAGE_UNAVAILABLE;
    GifSource source = {data, length, 0};
    GifFileType *gif = gifOpen(giflib, &source, error, errorCapacity);
    if (!gif) return -1;
    int status = -1, transparent = -1;
    GifPixelType *line = NULL;
    for (;;) {
        GifRecordType type;
        if (giflib->DGifGetRecordType(gif, &type) == GIF_ERROR) { setError(error, errorCapacity, giflib->GifErrorString(gif->Error)); break; }
        if (type == TERMINATE_RECORD_TYPE) { setError(error, errorCapacity, "the GIF holds no image"); break; }
        if (type == EXTENSION_RECORD_TYPE) {
            int code = 0;
            GifByteType *extension = NULL;
            if (giflib->DGifGetExtension(gif, &code, &extension) == GIF_ERROR) { setError(error, errorCapacity, giflib->GifErrorString(gif->Error)); break; }
            /* The graphic control block before the first image names its transparent colour. */
            if (code == GRAPHICS_EXT_FUNC_CODE && extension && extension[0] >= 4 && (extension[1] & 1)) transparent = extension[4];
            while (extension) {
                if (giflib->DGifGetExtensionNext(gif, &extension) == GIF_ERROR) { extension = NULL; break; }
            }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) continue;
        if (giflib->DGifGetImageDesc(gif) == GIF_ERROR) { setError(error, errorCapacity, giflib->GifErrorString(gif->Error)); break; }
        GifImageDesc desc = gif->Image;
        ColorMapObject *map = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
        if (!map || desc.Width <= 0 || desc.Height <= 0) { setError(error, errorCapacity, "the GIF's first image has no colours or no size"); break; }
        line = malloc((size_t)desc.Width);
        if (!line) { setError(error, errorCapacity, "out of memory"); break; }
        static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
        int passes = desc.Interlace ? 4 : 1, failed = 0;
        for (int pass = 0; pass < passes && !failed; pass++) {
            int start = desc.Interlace ? starts[pass] : 0, step = desc.Interlace ? steps[pass] : 1;
            for (int row = start; row < desc.Height; row += step) {
                if (giflib->DGifGetLine(gif, line, desc.Width) == GIF_ERROR) { failed = 1; break; }
                int y = desc.Top + row;
                if (y < 0 || y >= height) continue;
                for (int column = 0; column < desc.Width; column++) {
                    int x = desc.Left + column, index = line[column];
                    if (x < 0 || x >= width || index == transparent || index >= map->ColorCount) continue;
                    GifColorType colour = map->Colors[index];
                    uint8_t *pixel = rgba + ((size_t)y * (size_t)width + (size_t)x) * 4;
                    pixel[0] = colour.Red; pixel[1] = colour.Green; pixel[2] = colour.Blue; pixel[3] = 255;
                }
            }
        }
        /* A truncated image keeps the rows read, as browsers draw it. */
        status = failed ? 1 : 0;
        if (failed) setError(error, errorCapacity, giflib->GifErrorString(gif->Error));
        break;
    }
    free(line);
    int code = 0;
    giflib->DGifCloseFile(gif, &code);
    return status;
}

/* ---- WebP ---- */

int CImage_webpSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity) {
    const WebPFunctions *webp = CImage_libwebp(error, errorCapacity);
    if (!webp) return CIMAGE_UNAVAILABLE;
    int w = 0, h = 0;
    if (!webp->WebPGetInfo(data, length, &w, &h)) { setError(error, errorCapacity, "libwebp found no WebP header"); return -1; }
    *width = w;
    *height = h;
    return 0;
}

int CImage_webpDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      char *error, size_t errorCapacity) {
    const WebPFunctions *webp = CImage_libwebp(error, errorCapacity);
    if (!webp) return CIMAGE_UNAVAILABLE;
    size_t size = (size_t)width * (size_t)height * 4;
    if (webp->WebPDecodeRGBAInto(data, length, rgba, size, width * 4)) return 0;
    setError(error, errorCapacity, "libwebp could not decode the data");
    return -1;
}

/* ---- AVIF (libavif: the container is parsed before anything is decoded, so the size costs no pixels) ---- */

static avifDecoder *avifOpen(const AVIFFunctions *avif, const uint8_t *data, size_t length, uint32_t maximumPixels, char *error, size_t errorCapacity) {
    avifDecoder *decoder = avif->avifDecoderCreate();
    if (!decoder) { setError(error, errorCapacity, "libavif could not start"); return NULL; }
    decoder->maxThreads = 1;
    decoder->ignoreExif = AVIF_TRUE;
    decoder->ignoreXMP = AVIF_TRUE;
    if (maximumPixels > 0) decoder->imageSizeLimit = maximumPixels;
    avifResult result = avif->avifDecoderSetIOMemory(decoder, data, length);
    if (result == AVIF_RESULT_OK) result = avif->avifDecoderParse(decoder);
    if (result != AVIF_RESULT_OK) {
        setError(error, errorCapacity, avif->avifResultToString(result));
        avif->avifDecoderDestroy(decoder);
        return NULL;
    }
    return decoder;
}

int CImage_avifSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity) {
    const AVIFFunctions *avif = CImage_libavif(error, errorCapacity);
    if (!avif) return CIMAGE_UNAVAILABLE;
    avifDecoder *decoder = avifOpen(avif, data, length, 0, error, errorCapacity);
    if (!decoder) return -1;
    *width = (int32_t)decoder->image->width;
    *height = (int32_t)decoder->image->height;
    avif->avifDecoderDestroy(decoder);
    return 0;
}

int CImage_avifDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                      uint32_t maximumPixels, char *error, size_t errorCapacity) {
    const AVIFFunctions *avif = CImage_libavif(error, errorCapacity);
    if (!avif) return CIMAGE_UNAVAILABLE;
    avifDecoder *decoder = avifOpen(avif, data, length, maximumPixels, error, errorCapacity);
    if (!decoder) return -1;
    int status = -1;
    avifResult result = avif->avifDecoderNextImage(decoder);
    if (result != AVIF_RESULT_OK) {
        setError(error, errorCapacity, avif->avifResultToString(result));
    } else if ((int32_t)decoder->image->width != width || (int32_t)decoder->image->height != height) {
        setError(error, errorCapacity, "the AVIF's frame is not the size its header declares");
    } else {
        avifRGBImage rgb;
        avif->avifRGBImageSetDefaults(&rgb, decoder->image);
        rgb.format = AVIF_RGB_FORMAT_RGBA;
        rgb.depth = 8;
        rgb.alphaPremultiplied = AVIF_FALSE;  /* straight alpha, as Bitmap holds it, whatever the file stores */
        rgb.pixels = rgba;
        rgb.rowBytes = (uint32_t)width * 4;
        result = avif->avifImageYUVToRGB(decoder->image, &rgb);
        if (result == AVIF_RESULT_OK) status = 0;
        else setError(error, errorCapacity, avif->avifResultToString(result));
    }
    avif->avifDecoderDestroy(decoder);
    return status;
}

/* ---- JPEG XL (libjxl: one decoder per call, fed the whole file; only the first frame is kept) ---- */

static int jxlOriented(const JxlBasicInfo *info, int32_t *width, int32_t *height) {
    if (info->xsize == 0 || info->ysize == 0 || info->xsize > INT32_MAX || info->ysize > INT32_MAX) return -1;
    /* Orientations 5 to 8 turn the image a quarter: the decoder applies them, so the sides swap. */
    int swaps = info->orientation >= JXL_ORIENT_TRANSPOSE;
    *width = (int32_t)(swaps ? info->ysize : info->xsize);
    *height = (int32_t)(swaps ? info->xsize : info->ysize);
    return 0;
}

/* Runs the decoder to its next event; `rgba` NULL stops at the basic information. */
static int jxlRun(const uint8_t *data, size_t length, uint8_t *rgba, int32_t *width, int32_t *height,
                  char *error, size_t errorCapacity) {
    const JXLFunctions *jxl = CImage_libjxl(error, errorCapacity);
    if (!jxl) return CIMAGE_UNAVAILABLE;
    JxlDecoder *decoder = jxl->JxlDecoderCreate(NULL);
    if (!decoder) { setError(error, errorCapacity, "libjxl could not start"); return -1; }
    int status = -1;
    int events = JXL_DEC_BASIC_INFO | (rgba ? JXL_DEC_FULL_IMAGE : 0);
    if (jxl->JxlDecoderSubscribeEvents(decoder, events) != JXL_DEC_SUCCESS
        || jxl->JxlDecoderSetInput(decoder, data, length) != JXL_DEC_SUCCESS) {
        setError(error, errorCapacity, "libjxl refused the input");
        jxl->JxlDecoderDestroy(decoder);
        return -1;
    }
    jxl->JxlDecoderCloseInput(decoder);
    JxlPixelFormat format = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    for (;;) {
        JxlDecoderStatus event = jxl->JxlDecoderProcessInput(decoder);
        if (event == JXL_DEC_BASIC_INFO) {
            JxlBasicInfo info;
            int32_t w = 0, h = 0;
            if (jxl->JxlDecoderGetBasicInfo(decoder, &info) != JXL_DEC_SUCCESS || jxlOriented(&info, &w, &h) != 0) {
                setError(error, errorCapacity, "the JPEG XL header declares no usable size");
                break;
            }
            if (!rgba) { *width = w; *height = h; status = 0; break; }
            if (w != *width || h != *height) { setError(error, errorCapacity, "the JPEG XL is not the size its header declares"); break; }
        } else if (event == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            size_t needed = 0;
            size_t available = (size_t)*width * (size_t)*height * 4;
            if (jxl->JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS || needed != available
                || jxl->JxlDecoderSetImageOutBuffer(decoder, &format, rgba, available) != JXL_DEC_SUCCESS) {
                setError(error, errorCapacity, "libjxl asked for an output buffer of another size");
                break;
            }
        } else if (event == JXL_DEC_FULL_IMAGE) {
            status = 0;
            break;
        } else if (event == JXL_DEC_NEED_MORE_INPUT) {
            setError(error, errorCapacity, "the JPEG XL is truncated");
            break;
        } else if (event == JXL_DEC_SUCCESS) {
            setError(error, errorCapacity, "the JPEG XL holds no image");
            break;
        } else if (event == JXL_DEC_ERROR) {
            setError(error, errorCapacity, "libjxl could not decode the data");
            break;
        }
    }
    jxl->JxlDecoderDestroy(decoder);
    return status;
}

int CImage_jxlSize(const uint8_t *data, size_t length, int32_t *width, int32_t *height, char *error, size_t errorCapacity) {
    return jxlRun(data, length, NULL, width, height, error, errorCapacity);
}

int CImage_jxlDecode(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     char *error, size_t errorCapacity) {
    return jxlRun(data, length, rgba, &width, &height, error, errorCapacity);
}

/* ---- SVG (librsvg, drawing into a cairo image surface; the functions are declared in libraries.h) ---- */

static RsvgHandle *svgOpen(const SVGFunctions *svg, const uint8_t *data, size_t length, char *error, size_t errorCapacity) {
    GError *failure = NULL;
    RsvgHandle *handle = svg->rsvg_handle_new_from_data(data, length, &failure);
    if (!handle) {
        setError(error, errorCapacity, failure ? failure->message : "librsvg could not read the SVG");
        if (failure) svg->g_error_free(failure);
        return NULL;
    }
    svg->rsvg_handle_set_dpi(handle, 96);
    return handle;
}

int CImage_svgSize(const uint8_t *data, size_t length, double *width, double *height, char *error, size_t errorCapacity) {
    const SVGFunctions *svg = CImage_librsvg(error, errorCapacity);
    if (!svg) return CIMAGE_UNAVAILABLE;
    RsvgHandle *handle = svgOpen(svg, data, length, error, errorCapacity);
    if (!handle) return -1;
    int status = 0;
    if (!svg->rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) {
        int hasWidth = 0, hasHeight = 0, hasViewBox = 0;
        RsvgLength w, h;
        RsvgRectangle viewBox = {0, 0, 0, 0};
        svg->rsvg_handle_get_intrinsic_dimensions(handle, &hasWidth, &w, &hasHeight, &h, &hasViewBox, &viewBox);
        if (hasViewBox && viewBox.width > 0 && viewBox.height > 0) {
            *width = viewBox.width;
            *height = viewBox.height;
            status = 1;
        } else {
            setError(error, errorCapacity, "the SVG has neither a size nor a viewBox");
            status = -1;
        }
    }
    svg->g_object_unref(handle);
    return status;
}

/* The document is laid out in a viewport of viewportWidth x viewportHeight CSS pixels (the box it is drawn in, so
   that percentages and a missing viewBox resolve as a browser resolves them) and drawn scaled to width x height
   device pixels. */
int CImage_svgRender(const uint8_t *data, size_t length, uint8_t *rgba, int32_t width, int32_t height,
                     double viewportWidth, double viewportHeight, const CImageSVGFonts *fonts,
                     char *error, size_t errorCapacity) {
    const SVGFunctions *svg = CImage_librsvg(error, errorCapacity);
    if (!svg) return CIMAGE_UNAVAILABLE;
    RsvgHandle *handle = svgOpen(svg, data, length, error, errorCapacity);
    if (!handle) return -1;
    cairo_surface_t *surface = svg->cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    if (svg->cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        setError(error, errorCapacity, svg->cairo_status_to_string(svg->cairo_surface_status(surface)));
        svg->cairo_surface_destroy(surface);
        svg->g_object_unref(handle);
        return -1;
    }
    cairo_t *context = svg->cairo_create(surface);
    if (!(viewportWidth > 0) || !(viewportHeight > 0)) { viewportWidth = width; viewportHeight = height; }
    svg->cairo_scale(context, width / viewportWidth, height / viewportHeight);
    RsvgRectangle viewport = {0, 0, viewportWidth, viewportHeight};
    GError *failure = NULL;
    void *fontState = CImage_svgFontsBegin(svg, fonts);
    int rendered = svg->rsvg_handle_render_document(handle, context, &viewport, &failure);
    CImage_svgFontsEnd(svg, fontState);
    if (!rendered) setError(error, errorCapacity, failure ? failure->message : "librsvg could not draw the SVG");
    if (failure) svg->g_error_free(failure);
    svg->cairo_destroy(context);
    svg->cairo_surface_flush(surface);
    if (rendered) {
        /* Cairo's ARGB32: native-endian words, premultiplied alpha. */
        const uint8_t *pixels = svg->cairo_image_surface_get_data(surface);
        int stride = svg->cairo_image_surface_get_stride(surface);
        for (int y = 0; y < height; y++) {
            const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
            uint8_t *out = rgba + (size_t)y * (size_t)width * 4;
            for (int x = 0; x < width; x++) {
                uint32_t p = row[x];
                uint32_t a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
                if (a != 0 && a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
                out[x * 4] = (uint8_t)(r > 255 ? 255 : r);
                out[x * 4 + 1] = (uint8_t)(g > 255 ? 255 : g);
                out[x * 4 + 2] = (uint8_t)(b > 255 ? 255 : b);
                out[x * 4 + 3] = (uint8_t)a;
            }
        }
    }
    svg->cairo_surface_destroy(surface);
    svg->g_object_unref(handle);
    return rendered ? 0 : -1;
}

/* ---- Scaling (pixman) ---- */

static uint32_t premultiplied(const uint8_t *p) {
    uint32_t a = p[3];
    uint32_t r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255;
    return a << 24 | r << 16 | g << 8 | b;
}

int CImage_scale(const uint8_t *source, int32_t sourceWidth, int32_t sourceHeight,
                 uint8_t *target, int32_t targetWidth, int32_t targetHeight) {
    if (sourceWidth <= 0 || sourceHeight <= 0 || targetWidth <= 0 || targetHeight <= 0) return -1;
    size_t sourceCount = (size_t)sourceWidth * (size_t)sourceHeight, targetCount = (size_t)targetWidth * (size_t)targetHeight;
    uint32_t *in = malloc(sourceCount * 4), *out = calloc(targetCount, 4);
    if (!in || !out) { free(in); free(out); return -1; }
    for (size_t i = 0; i < sourceCount; i++) in[i] = premultiplied(source + i * 4);
    pixman_image_t *from = pixman_image_create_bits(PIXMAN_a8r8g8b8, sourceWidth, sourceHeight, in, sourceWidth * 4);
    pixman_image_t *to = pixman_image_create_bits(PIXMAN_a8r8g8b8, targetWidth, targetHeight, out, targetWidth * 4);
    int status = -1;
    if (from && to) {
        double scaleX = (double)sourceWidth / targetWidth, scaleY = (double)sourceHeight / targetHeight;
        pixman_transform_t transform;
        pixman_transform_init_scale(&transform, pixman_double_to_fixed(scaleX), pixman_double_to_fixed(scaleY));
        pixman_image_set_transform(from, &transform);
        pixman_image_set_repeat(from, PIXMAN_REPEAT_PAD);
        if (scaleX > 1 || scaleY > 1) {
            /* Shrinking: what cairo's best filter does, a box reconstruction sampled with Lanczos-3. */
            int count = 0;
            pixman_fixed_t *parameters = pixman_filter_create_separable_convolution(
                &count, pixman_double_to_fixed(scaleX > 1 ? scaleX : 1), pixman_double_to_fixed(scaleY > 1 ? scaleY : 1),
                PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_LANCZOS3, PIXMAN_KERNEL_LANCZOS3, 4, 4);
            if (parameters) {
                pixman_image_set_filter(from, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, parameters, count);
                free(parameters);
            } else {
                pixman_image_set_filter(from, PIXMAN_FILTER_GOOD, NULL, 0);
            }
        } else {
            pixman_image_set_filter(from, PIXMAN_FILTER_BILINEAR, NULL, 0);
        }
        pixman_image_composite32(PIXMAN_OP_SRC, from, NULL, to, 0, 0, 0, 0, 0, 0, targetWidth, targetHeight);
        for (size_t i = 0; i < targetCount; i++) {
            uint32_t p = out[i], a = p >> 24, r = (p >> 16) & 255, g = (p >> 8) & 255, b = p & 255;
            if (a != 0 && a != 255) { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a; }
            uint8_t *o = target + i * 4;
            o[0] = (uint8_t)(r > 255 ? 255 : r); o[1] = (uint8_t)(g > 255 ? 255 : g);
            o[2] = (uint8_t)(b > 255 ? 255 : b); o[3] = (uint8_t)a;
        }
        status = 0;
    }
    if (from) pixman_image_unref(from);
    if (to) pixman_image_unref(to);
    free(in);
    free(out);
    return status;
}
