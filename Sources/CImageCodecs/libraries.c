#include "libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* One library opened on demand: where it is, what the user installs to get it, and how the opening went. */
typedef struct {
    const char *soname;
    const char *package;
    const char *format;
    pthread_once_t once;
    void *handle;
    /* Why the library cannot be used (empty when it can). */
    char problem[320];
} Library;

/* Opens `library` (RTLD_LOCAL: its symbols stay out of the global scope, where they could shadow another
   library's). NULL with `problem` set when dlopen fails. */
static void *openLibrary(Library *library) {
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(library->problem, sizeof library->problem,
                 "%s images need %s (Debian's %s): %s", library->format, library->soname,
                 library->package, reason ? reason : "unknown reason");
    }
    return handle;
}

/* Looks one function up in an opened library; on failure, says which, and the table is left unused. */
static void *lookUp(Library *library, const char *name) {
    if (library->problem[0] != 0) return NULL;
    void *function = dlsym(library->handle, name);
    if (!function) {
        snprintf(library->problem, sizeof library->problem, "%s images need %s from %s (Debian's %s), which lacks it",
                 library->format, name, library->soname, library->package);
    }
    return function;
}

static const void *ready(const Library *library, const void *table, char *error, size_t errorCapacity) {
    if (library->problem[0] == 0) return table;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", library->problem);
    return NULL;
}

/* A library, its table, the function that fills the table once, and the accessor declared in libraries.h. */
#define CIMAGE_LOOKUP(name) table->name = (__typeof__(table->name))lookUp(library, #name);
#define CIMAGE_LIBRARY(accessor, Table, FUNCTIONS, soname, package, format)                                  \
    static Library accessor##Library = {soname, package, format, PTHREAD_ONCE_INIT, NULL, {0}};                \
    static Table accessor##Table;                                                                              \
    static void accessor##Open(void) {                                                                         \
        Library *library = &accessor##Library;                                                                 \
        Table *table = &accessor##Table;                                                                       \
        library->handle = openLibrary(library);                                                                \
        if (!library->handle) return;                                                                          \
        FUNCTIONS(CIMAGE_LOOKUP)                                                                               \
    }                                                                                                          \
    const Table *CImage_##accessor(char *error, size_t errorCapacity) {                                        \
        pthread_once(&accessor##Library.once, accessor##Open);                                                 \
        return ready(&accessor##Library, &accessor##Table, error, errorCapacity);                              \
    }

/* Debian 12's sonames and packages (libraries.h checks the headers are those versions). */
CIMAGE_LIBRARY(turbojpeg, TurboJPEGFunctions, TURBOJPEG_FUNCTIONS, "libturbojpeg.so.0", "libturbojpeg0", "JPEG")
CIMAGE_LIBRARY(giflib, GIFFunctions, GIF_FUNCTIONS, "libgif.so.7", "libgif7", "GIF")
CIMAGE_LIBRARY(libwebp, WebPFunctions, WEBP_FUNCTIONS, "libwebp.so.7", "libwebp7", "WebP")
CIMAGE_LIBRARY(libavif, AVIFFunctions, AVIF_FUNCTIONS, "libavif.so.15", "libavif15", "AVIF")
CIMAGE_LIBRARY(libjxl, JXLFunctions, JXL_FUNCTIONS, "libjxl.so.0.7", "libjxl0.7", "JPEG XL")
CIMAGE_LIBRARY(librsvg, SVGFunctions, SVG_FUNCTIONS, "librsvg-2.so.2", "librsvg2-2", "SVG")
