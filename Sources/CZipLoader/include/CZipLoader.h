#ifndef CZIPLOADER_H
#define CZIPLOADER_H

/* libzip, opened with dlopen at its first use (an EPUB or a comic), not linked (issue 32). Debian's libzip links
   libcrypto (for AES-encrypted archives, which a book never is), bzip2 and lzma: linked, they were loaded and
   relocated at every start of the command-line tool, a plain-text page included; libcrypto alone had 4,191 of
   its 7,399 symbol relocations (LD_DEBUG=statistics, readelf -r). The types and constants are libzip's own
   header's; the functions the reader uses are looked up with dlsym into a table typed from that header (a
   table that no longer matches it does not compile) and called through the wrappers below, named as libzip's
   with CZip_ for zip_. Call CZip_load first: the wrappers assume the table is filled. */

#include <stddef.h>
#include <zip.h>

#if LIBZIP_VERSION_MAJOR != 1
#error "libzip: only libzip 1.x (libzip.so.4, Debian's libzip4) is known to the loader in CZipLoader/zip.c"
#endif

/* Opens libzip once (thread-safe); 0 when its functions are ready, else -1 with a message naming the library,
   its Debian package and dlopen's or dlsym's reason written into `error`. */
int CZip_load(char *error, size_t errorCapacity);

zip_t *CZip_fdopen(int fd, int flags, int *errorp);
zip_t *CZip_open_from_source(zip_source_t *source, int flags, zip_error_t *error);
zip_source_t *CZip_source_buffer_create(const void *data, zip_uint64_t length, int freep, zip_error_t *error);
void CZip_source_free(zip_source_t *source);
void CZip_discard(zip_t *archive);
void CZip_error_init(zip_error_t *error);
void CZip_error_init_with_code(zip_error_t *error, int code);
void CZip_error_fini(zip_error_t *error);
const char *CZip_error_strerror(zip_error_t *error);
int CZip_error_code_zip(const zip_error_t *error);
zip_int64_t CZip_get_num_entries(zip_t *archive, zip_flags_t flags);
void CZip_stat_init(zip_stat_t *stat);
int CZip_stat_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags, zip_stat_t *stat);
zip_file_t *CZip_fopen_index(zip_t *archive, zip_uint64_t index, zip_flags_t flags);
zip_int64_t CZip_fread(zip_file_t *file, void *buffer, zip_uint64_t length);
int CZip_fclose(zip_file_t *file);
const char *CZip_strerror(zip_t *archive);
const char *CZip_file_strerror(zip_file_t *file);

#endif
