#ifndef CSQLITE_H
#define CSQLITE_H

/* SQLite for `typeset serve`'s reading positions, highlights and notes, opened at its first use rather than linked
   (as issue 32 does for eSpeak and the image codecs): only `typeset serve` needs it. SQLite's own header gives the
   types (sqlite3, sqlite3_stmt are opaque); the functions Typeset calls are these wrappers, which call SQLite through
   pointers looked up once with dlsym (typed from the header, so a mismatch does not compile). Calling a wrapper
   before CSQLite_load succeeded returns SQLITE_MISUSE (or NULL, 0). */

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens libsqlite3 (once per process): 0 when ready, else -1 with a sentence naming the library and its Debian
   package written into `error`. */
int CSQLite_load(char *error, size_t errorCapacity);

int CSQLite_open(const char *path, sqlite3 **database);
int CSQLite_close(sqlite3 *database);
const char *CSQLite_errmsg(sqlite3 *database);
int CSQLite_busy_timeout(sqlite3 *database, int milliseconds);
int CSQLite_exec(sqlite3 *database, const char *sql);
int CSQLite_prepare(sqlite3 *database, const char *sql, sqlite3_stmt **statement);
int CSQLite_step(sqlite3_stmt *statement);
int CSQLite_finalize(sqlite3_stmt *statement);
/* Text is copied by SQLite (SQLITE_TRANSIENT). */
int CSQLite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length);
int CSQLite_bind_int64(sqlite3_stmt *statement, int index, int64_t value);
int CSQLite_bind_null(sqlite3_stmt *statement, int index);
int CSQLite_column_count(sqlite3_stmt *statement);
int CSQLite_column_type(sqlite3_stmt *statement, int column);
int64_t CSQLite_column_int64(sqlite3_stmt *statement, int column);
/* The column's UTF-8 text and its length in bytes (NULL for SQL NULL). */
const unsigned char *CSQLite_column_text(sqlite3_stmt *statement, int column, int *length);

#ifdef __cplusplus
}
#endif

#endif
