#include "CSQLite.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Debian 12's SQLite: the soname its header describes, and the package that holds it. */
static const char *const soname = "libsqlite3.so.0";
static const char *const package = "libsqlite3-0";

#define CSQLITE_FUNCTIONS(X)                                                                                          \
    X(sqlite3_open_v2) X(sqlite3_close_v2) X(sqlite3_errmsg) X(sqlite3_busy_timeout) X(sqlite3_exec)                 \
    X(sqlite3_prepare_v2) X(sqlite3_step) X(sqlite3_finalize) X(sqlite3_bind_text) X(sqlite3_bind_int64)             \
    X(sqlite3_bind_null) X(sqlite3_column_count) X(sqlite3_column_type) X(sqlite3_column_int64) X(sqlite3_column_text)                      \
    X(sqlite3_column_bytes)

#define CSQLITE_POINTER(name) __typeof__(name) *name;
static struct { CSQLITE_FUNCTIONS(CSQLITE_POINTER) } lite;
#undef CSQLITE_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char problem[320] = "SQLite was not loaded";

static void openLibrary(void) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "the reader's database needs SQLite, %s (Debian's %s): %s", soname, package,
                 reason ? reason : "unknown reason");
        return;
    }
#define CSQLITE_LOOKUP(name)                                                                                          \
    if (!(lite.name = (__typeof__(lite.name))dlsym(handle, #name))) {                                                 \
        snprintf(problem, sizeof problem, "the reader's database needs %s from %s (Debian's %s), which lacks it",     \
                 #name, soname, package);                                                                             \
        return;                                                                                                       \
    }
    CSQLITE_FUNCTIONS(CSQLITE_LOOKUP)
#undef CSQLITE_LOOKUP
    problem[0] = 0;
}

int CSQLite_load(char *error, size_t errorCapacity) {
    pthread_once(&once, openLibrary);
    if (problem[0] == 0) return 0;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", problem);
    return -1;
}

static int ready(void) { return CSQLite_load(NULL, 0) == 0; }

int CSQLite_open(const char *path, sqlite3 **database) {
    if (!ready()) return SQLITE_MISUSE;
    /* FULLMUTEX: one connection shared by the server's threads, each statement used by one of them at a time. */
    return lite.sqlite3_open_v2(path, database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
                                | SQLITE_OPEN_NOFOLLOW, NULL);
}

int CSQLite_close(sqlite3 *database) { return ready() ? lite.sqlite3_close_v2(database) : SQLITE_MISUSE; }
const char *CSQLite_errmsg(sqlite3 *database) { return ready() ? lite.sqlite3_errmsg(database) : "SQLite is not loaded"; }
int CSQLite_busy_timeout(sqlite3 *database, int ms) { return ready() ? lite.sqlite3_busy_timeout(database, ms) : SQLITE_MISUSE; }
int CSQLite_exec(sqlite3 *database, const char *sql) {
    return ready() ? lite.sqlite3_exec(database, sql, NULL, NULL, NULL) : SQLITE_MISUSE;
}
int CSQLite_prepare(sqlite3 *database, const char *sql, sqlite3_stmt **statement) {
    return ready() ? lite.sqlite3_prepare_v2(database, sql, -1, statement, NULL) : SQLITE_MISUSE;
}
int CSQLite_step(sqlite3_stmt *statement) { return ready() ? lite.sqlite3_step(statement) : SQLITE_MISUSE; }
int CSQLite_finalize(sqlite3_stmt *statement) { return ready() ? lite.sqlite3_finalize(statement) : SQLITE_MISUSE; }
int CSQLite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return ready() ? lite.sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT) : SQLITE_MISUSE;
}
int CSQLite_bind_int64(sqlite3_stmt *statement, int index, int64_t value) {
    return ready() ? lite.sqlite3_bind_int64(statement, index, value) : SQLITE_MISUSE;
}
int CSQLite_bind_null(sqlite3_stmt *statement, int index) {
    return ready() ? lite.sqlite3_bind_null(statement, index) : SQLITE_MISUSE;
}
int CSQLite_column_count(sqlite3_stmt *statement) { return ready() ? lite.sqlite3_column_count(statement) : 0; }
int CSQLite_column_type(sqlite3_stmt *statement, int column) {
    return ready() ? lite.sqlite3_column_type(statement, column) : SQLITE_NULL;
}
int64_t CSQLite_column_int64(sqlite3_stmt *statement, int column) {
    return ready() ? lite.sqlite3_column_int64(statement, column) : 0;
}
const unsigned char *CSQLite_column_text(sqlite3_stmt *statement, int column, int *length) {
    if (!ready()) return NULL;
    const unsigned char *text = lite.sqlite3_column_text(statement, column);
    *length = text ? lite.sqlite3_column_bytes(statement, column) : 0;
    return text;
}
