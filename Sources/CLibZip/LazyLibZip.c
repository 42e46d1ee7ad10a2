// libzip, loaded on first use.
//
// Linking libzip made every process load it and its dependencies, OpenSSL's libcrypto above all, at start-up: 1.7 ms
// of a one-page CLI run (a Swift program linked with Typeset's libraries started in 5.2 ms with libzip and 3.5 ms
// without, hyperfine medians), for a library that only EPUB books need. So the functions Typeset calls (and the
// ones its tests use to write archives) are defined here with libzip's own prototypes, and the first call loads
// libzip with dlopen and forwards every call to it. The Swift code calls libzip exactly as before.
//
// When libzip cannot be loaded, the calls fail the way libzip reports its own failures (NULL or -1, error code
// ZIP_ER_INTERNAL, and a message naming the library), so reading an EPUB ends with an error saying so, and plain
// text never notices.

#include <zip.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static struct {
    int loaded;
    int (*close)(zip_t *);
    void (*discard)(zip_t *);
    int (*error_code_zip)(const zip_error_t *);
    void (*error_fini)(zip_error_t *);
    void (*error_init)(zip_error_t *);
    void (*error_init_with_code)(zip_error_t *, int);
    const char *(*error_strerror)(zip_error_t *);
    int (*fclose)(zip_file_t *);
    zip_int64_t (*file_add)(zip_t *, const char *, zip_source_t *, zip_flags_t);
    const char *(*file_strerror)(zip_file_t *);
    zip_file_t *(*fopen_index)(zip_t *, zip_uint64_t, zip_flags_t);
    zip_int64_t (*fread)(zip_file_t *, void *, zip_uint64_t);
    zip_int64_t (*get_num_entries)(zip_t *, zip_flags_t);
    zip_t *(*open)(const char *, int, int *);
    zip_t *(*open_from_source)(zip_source_t *, int, zip_error_t *);
    int (*set_file_compression)(zip_t *, zip_uint64_t, zip_int32_t, zip_uint32_t);
    zip_source_t *(*source_buffer)(zip_t *, const void *, zip_uint64_t, int);
    zip_source_t *(*source_buffer_create)(const void *, zip_uint64_t, int, zip_error_t *);
    void (*source_free)(zip_source_t *);
    int (*stat_index)(zip_t *, zip_uint64_t, zip_flags_t, zip_stat_t *);
    void (*stat_init)(zip_stat_t *);
    const char *(*strerror)(zip_t *);
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512] = "libzip could not be loaded";

static void load(void) {
    // libzip.so.4 is the soname of libzip 1.x (Debian 12: 1.7.3); the unversioned name is the development link.
    void *handle = dlopen("libzip.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!handle) handle = dlopen("libzip.so", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "libzip could not be loaded (%s)", reason ? reason : "libzip.so.4 not found");
        return;
    }
    int missing = 0;
#define RESOLVE(field) \
    do { \
        *(void **)&lib.field = dlsym(handle, "zip_" #field); \
        if (!lib.field) missing = 1; \
    } while (0)
    RESOLVE(close); RESOLVE(discard); RESOLVE(error_code_zip); RESOLVE(error_fini); RESOLVE(error_init);
    RESOLVE(error_init_with_code); RESOLVE(error_strerror); RESOLVE(fclose); RESOLVE(file_add); RESOLVE(file_strerror);
    RESOLVE(fopen_index); RESOLVE(fread); RESOLVE(get_num_entries); RESOLVE(open); RESOLVE(open_from_source);
    RESOLVE(set_file_compression); RESOLVE(source_buffer); RESOLVE(source_buffer_create); RESOLVE(source_free);
    RESOLVE(stat_index); RESOLVE(stat_init); RESOLVE(strerror);
#undef RESOLVE
    if (missing) {
        snprintf(failure, sizeof failure, "libzip could not be loaded (a function is missing from it)");
        return;
    }
    lib.loaded = 1;
}

static int ready(void) {
    pthread_once(&once, load);
    return lib.loaded;
}

// The error functions work on libzip's public zip_error_t even without libzip, so that a failure can be described.

void zip_error_init(zip_error_t *error) {
    if (ready()) { lib.error_init(error); return; }
    error->zip_err = ZIP_ER_OK;
    error->sys_err = 0;
    error->str = NULL;
}

void zip_error_init_with_code(zip_error_t *error, int code) {
    if (ready()) { lib.error_init_with_code(error, code); return; }
    zip_error_init(error);
    error->zip_err = code;
}

void zip_error_fini(zip_error_t *error) {
    if (ready()) lib.error_fini(error);
}

int zip_error_code_zip(const zip_error_t *error) {
    return ready() ? lib.error_code_zip(error) : error->zip_err;
}

const char *zip_error_strerror(zip_error_t *error) {
    return ready() ? lib.error_strerror(error) : failure;
}

zip_t *zip_open(const char *path, int flags, int *error) {
    if (ready()) return lib.open(path, flags, error);
    if (error) *error = ZIP_ER_INTERNAL;
    return NULL;
}

zip_t *zip_open_from_source(zip_source_t *source, int flags, zip_error_t *error) {
    if (ready()) return lib.open_from_source(source, flags, error);
    if (error) zip_error_init_with_code(error, ZIP_ER_INTERNAL);
    return NULL;
}

zip_source_t *zip_source_buffer_create(const void *data, zip_uint64_t length, int freep, zip_error_t *error) {
    if (ready()) return lib.source_buffer_create(data, length, freep, error);
    if (error) zip_error_init_with_code(error, ZIP_ER_INTERNAL);
    return NULL;
}

// The functions below take an archive, a source or a file that only libzip can have made, so without libzip
// they are never reached; they fail quietly all the same.

int zip_close(zip_t *archive) { return ready() ? lib.close(archive) : -1; }

void zip_discard(zip_t *archive) { if (ready()) lib.discard(archive); }

int zip_fclose(zip_file_t *file) { return ready() ? lib.fclose(file) : ZIP_ER_INTERNAL; }

zip_int64_t zip_file_add(zip_t *archive, const char *name, zip_source_t *source, zip_flags_t flags) {
    return ready() ? lib.file_add(archive, name, source, flags) : -1;
}

const char *zip_file_strerror(zip_file_t *file) { return ready() ? lib.file_strerror(file) : failure; }

zip_file_t *zip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    return ready() ? lib.fopen_index(archive, index, flags) : NULL;
}

zip_int64_t zip_fread(zip_file_t *file, void *buffer, zip_uint64_t count) {
    return ready() ? lib.fread(file, buffer, count) : -1;
}

zip_int64_t zip_get_num_entries(zip_t *archive, zip_flags_t flags) {
    return ready() ? lib.get_num_entries(archive, flags) : -1;
}

int zip_set_file_compression(zip_t *archive, zip_uint64_t index, zip_int32_t method, zip_uint32_t level) {
    return ready() ? lib.set_file_compression(archive, index, method, level) : -1;
}

zip_source_t *zip_source_buffer(zip_t *archive, const void *data, zip_uint64_t length, int freep) {
    return ready() ? lib.source_buffer(archive, data, length, freep) : NULL;
}

void zip_source_free(zip_source_t *source) { if (ready()) lib.source_free(source); }

int zip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *stat) {
    return ready() ? lib.stat_index(archive, index, flags, stat) : -1;
}

void zip_stat_init(zip_stat_t *stat) {
    if (ready()) { lib.stat_init(stat); return; }
    memset(stat, 0, sizeof *stat);
}

const char *zip_strerror(zip_t *archive) { return ready() ? lib.strerror(archive) : failure; }
