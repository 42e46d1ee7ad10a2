#include "CHTTPServer.h"

#include <dlfcn.h>
#include <microhttpd.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* Debian 12's libmicrohttpd: the soname its header describes, and the package that holds it. */
static const char *const soname = "libmicrohttpd.so.12";
static const char *const package = "libmicrohttpd12";

#define CHTTP_FUNCTIONS(X)                                                                                           \
    X(MHD_start_daemon) X(MHD_stop_daemon) X(MHD_get_daemon_info) X(MHD_lookup_connection_value)                     \
    X(MHD_create_response_from_buffer) X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response)

#define CHTTP_POINTER(name) __typeof__(name) *name;
static struct { CHTTP_FUNCTIONS(CHTTP_POINTER) } mhd;
#undef CHTTP_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Why libmicrohttpd cannot be used (empty once it can). */
static char problem[320] = "libmicrohttpd was not loaded";

/* RTLD_LOCAL: its symbols stay out of the global scope. Never closed: daemons may outlive any one caller. */
static void openLibrary(void) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "typeset serve needs libmicrohttpd, %s (Debian's %s): %s", soname, package,
                 reason ? reason : "unknown reason");
        return;
    }
#define CHTTP_LOOKUP(name)                                                                                            \
    if (!(mhd.name = (__typeof__(mhd.name))dlsym(handle, #name))) {                                                   \
        snprintf(problem, sizeof problem, "typeset serve needs %s from %s (Debian's %s), which lacks it", #name,      \
                 soname, package);                                                                                    \
        return;                                                                                                       \
    }
    CHTTP_FUNCTIONS(CHTTP_LOOKUP)
#undef CHTTP_LOOKUP
    problem[0] = 0;
}

int CHTTP_load(char *error, size_t errorCapacity) {
    pthread_once(&once, openLibrary);
    if (problem[0] == 0) return 0;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", problem);
    return -1;
}

/* What a daemon's callbacks need. */
struct Server {
    CHTTPHandler handler;
    void *context;
    size_t maximumBody;
    struct MHD_Daemon *daemon;
};

/* A request whose body is being gathered (libmicrohttpd hands it over in pieces). */
struct Pending {
    uint8_t *body;
    size_t length, capacity;
    int tooLarge;
};

static int append(struct Pending *pending, const char *data, size_t size, size_t maximum) {
    if (pending->tooLarge) return 0;
    if (size > maximum - pending->length) {
        pending->tooLarge = 1;
        free(pending->body);
        pending->body = NULL;
        pending->length = pending->capacity = 0;
        return 0;
    }
    size_t needed = pending->length + size;
    if (needed > pending->capacity) {
        size_t capacity = pending->capacity ? pending->capacity : 4096;
        while (capacity < needed) capacity = capacity > maximum / 2 ? maximum : capacity * 2;
        uint8_t *grown = realloc(pending->body, capacity);
        if (!grown) return -1;
        pending->body = grown;
        pending->capacity = capacity;
    }
    memcpy(pending->body + pending->length, data, size);
    pending->length = needed;
    return 0;
}

/* Adds `Name: value` lines to the response; a malformed line is skipped. */
static void addHeaders(struct MHD_Response *response, char *headers) {
    if (!headers) return;
    char *line = headers;
    while (*line) {
        char *end = strchr(line, '\n');
        if (end) *end = 0;
        char *colon = strchr(line, ':');
        if (colon) {
            *colon = 0;
            const char *value = colon + 1;
            while (*value == ' ') value++;
            mhd.MHD_add_response_header(response, line, value);
        }
        if (!end) break;
        line = end + 1;
    }
}

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *uploadData, size_t *uploadSize, void **state) {
    (void)version;
    struct Server *server = cls;
    struct Pending *pending = *state;
    if (!pending) {
        pending = calloc(1, sizeof *pending);
        if (!pending) return MHD_NO;
        *state = pending;
        return MHD_YES;
    }
    if (*uploadSize > 0) {
        if (append(pending, uploadData, *uploadSize, server->maximumBody) < 0) return MHD_NO;
        *uploadSize = 0;
        return MHD_YES;
    }
    CHTTPRequest request = {method, url, pending->body ? pending->body : (const uint8_t *)"", pending->length,
                            pending->tooLarge, connection};
    CHTTPResponse reply = {500, NULL, 0, NULL};
    server->handler(server->context, &request, &reply);
    struct MHD_Response *response = mhd.MHD_create_response_from_buffer(
        reply.body ? reply.bodyLength : 0, reply.body ? (void *)reply.body : (void *)"", 
        reply.body ? MHD_RESPMEM_MUST_FREE : MHD_RESPMEM_PERSISTENT);
    if (!response) {
        free(reply.body);
        free(reply.headers);
        return MHD_NO;
    }
    addHeaders(response, reply.headers);
    free(reply.headers);
    enum MHD_Result queued = mhd.MHD_queue_response(connection, (unsigned)reply.status, response);
    mhd.MHD_destroy_response(response);
    return queued;
}

static void completed(void *cls, struct MHD_Connection *connection, void **state, enum MHD_RequestTerminationCode code) {
    (void)cls; (void)connection; (void)code;
    struct Pending *pending = *state;
    if (!pending) return;
    free(pending->body);
    free(pending);
    *state = NULL;
}

void *CHTTP_start(const char *host, uint16_t port, unsigned threads, size_t maximumBody, CHTTPHandler handler,
                  void *context, uint16_t *boundPort, char *error, size_t errorCapacity) {
    if (CHTTP_load(error, errorCapacity) != 0) return NULL;
    struct addrinfo hints = {0}, *found = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char service[8];
    snprintf(service, sizeof service, "%u", (unsigned)port);
    int status = getaddrinfo(host, service, &hints, &found);
    if (status != 0 || !found) {
        snprintf(error, errorCapacity, "cannot listen on %s: %s", host, gai_strerror(status));
        return NULL;
    }
    struct Server *server = calloc(1, sizeof *server);
    if (!server) {
        freeaddrinfo(found);
        snprintf(error, errorCapacity, "out of memory");
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->maximumBody = maximumBody;
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL;
    if (found->ai_family == AF_INET6) flags |= MHD_USE_IPv6;
    server->daemon = mhd.MHD_start_daemon(
        flags, port, NULL, NULL, answer, server, MHD_OPTION_SOCK_ADDR, found->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, threads, MHD_OPTION_CONNECTION_LIMIT, 256u, MHD_OPTION_CONNECTION_TIMEOUT, 60u,
        MHD_OPTION_NOTIFY_COMPLETED, completed, NULL, MHD_OPTION_END);
    freeaddrinfo(found);
    if (!server->daemon) {
        snprintf(error, errorCapacity, "cannot listen on %s port %u (in use, or not an address of this machine)",
                 host, (unsigned)port);
        free(server);
        return NULL;
    }
    const union MHD_DaemonInfo *info = mhd.MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    *boundPort = info ? info->port : port;
    return server;
}

void CHTTP_stop(void *daemon) {
    struct Server *server = daemon;
    if (!server) return;
    mhd.MHD_stop_daemon(server->daemon);
    free(server);
}

const char *CHTTP_argument(void *connection, const char *name) {
    return mhd.MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

const char *CHTTP_header(void *connection, const char *name) {
    return mhd.MHD_lookup_connection_value(connection, MHD_HEADER_KIND, name);
}
