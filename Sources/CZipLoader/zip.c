#include "CZipLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The functions the reader uses (an X-macro: the table's members, its lookups and the wrappers' targets). */
#define ZIP_FUNCTIONS(X)                                                                                            \
    X(zip_fdopen) X(zip_open_from_source) X(zip_source_buffer_create) X(zip_source_free) X(zip_discard)            \
    X(zip_error_init) X(zip_error_init_with_code) X(zip_error_fini) X(zip_error_strerror) X(zip_error_code_zip)    \
    X(zip_get_num_entries) X(zip_stat_init) X(zip_stat_index) X(zip_fopen_index) X(zip_fread) X(zip_fclose)       \
    X(zip_strerror) X(zip_file_strerror)

#define CZIP_POINTER(name) __typeof__(name) *name;
typedef struct { ZIP_FUNCTIONS(CZIP_POINTER) } ZipFunctions;
#undef CZIP_POINTER

static const char *const soname = "libzip.so.4";
static pthread_once_t once = PTHREAD_ONCE_INIT;
static ZipFunctions table;
/* Why libzip cannot be used (empty when it can). */
static char problem[320];

static void openLibzip(void) {
    /* RTLD_LOCAL: its symbols (and libcrypto's) stay out of the global scope. Never closed, as CImageCodecs' are. */
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "EPUB and comic archives need %s (Debian's libzip4): %s", soname,
                 reason ? reason : "unknown reason");
        return;
    }
#define CZIP_LOOKUP(name)                                                                                           \
    if (problem[0] == 0 && !(table.name = (__typeof__(table.name))dlsym(handle, #name)))                            \
        snprintf(problem, sizeof problem, "EPUB and comic archives need %s from %s (Debian's libzip4), which lacks it", \
                 #name, soname);
    ZIP_FUNCTIONS(CZIP_LOOKUP)
#undef CZIP_LOOKUP
}

int CZip_load(char *error, size_t errorCapacity) {
    pthread_once(&once, openLibzip);
    if (problem[0] == 0) return 0;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", problem);
    return -1;
}

zip_t *CZip_fdopen(int fd, int flags, int *errorp) { return table.zip_fdopen(fd, flags, errorp); }
zip_t *CZip_open_from_source(zip_source_t *source, int flags, zip_error_t *error) {
    return table.zip_open_from_source(source, flags, error);
}
zip_source_t *CZip_source_buffer_create(const void *data, zip_uint64_t length, int freep, zip_error_t *error) {
    return table.zip_source_buffer_create(data, length, freep, error);
}
void CZip_source_free(zip_source_t *source) { table.zip_source_free(source); }
void CZip_discard(zip_t *archive) { table.zip_discard(archive); }
void CZip_error_init(zip_error_t *error) { table.zip_error_init(error); }
void CZip_error_init_with_code(zip_error_t *error, int code) { table.zip_error_init_with_code(error, code); }
void CZip_error_fini(zip_error_t *error) { table.zip_error_fini(error); }
const char *CZip_error_strerror(zip_error_t *error) { return table.zip_error_strerror(error); }
int CZip_error_code_zip(const zip_error_t *error) { return table.zip_error_code_zip(error); }
zip_int64_t CZip_get_num_entries(zip_t *archive, zip_flags_t flags) { return table.zip_get_num_entries(archive, flags); }
void CZip_stat_init(zip_stat_t *stat) { table.zip_stat_init(stat); }
int CZip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *stat) {
    return table.zip_stat_index(archive, index, flags, stat);
}
zip_file_t *CZip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags) {
    return table.zip_fopen_index(archive, index, flags);
}
zip_int64_t CZip_fread(zip_file_t *file, void *buffer, zip_uint64_t length) { return table.zip_fread(file, buffer, length); }
int CZip_fclose(zip_file_t *file) { return table.zip_fclose(file); }
const char *CZip_strerror(zip_t *archive) { return table.zip_strerror(archive); }
const char *CZip_file_strerror(zip_file_t *file) { return table.zip_file_strerror(file); }
