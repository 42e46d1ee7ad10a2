#ifndef CHTTPSERVER_H
#define CHTTPSERVER_H

/* libmicrohttpd for `typeset serve`, opened at its first use rather than linked (as issue 32 does for eSpeak and the
   image codecs): linked, every run of the command-line tool would load it, and only `typeset serve` needs it.
   libmicrohttpd parses HTTP; this facade gathers a request's body across libmicrohttpd's calls (up to a cap), hands
   the whole request to one handler, and queues the handler's answer. Plain C types only: Swift never sees an MHD
   type. The handler runs on libmicrohttpd's pool threads, several at once. */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One request, valid during the handler's call. `path` is the URL's path, percent-decoded by libmicrohttpd, without
   its query string; `connection` is for CHTTP_argument and CHTTP_header. `bodyTooLarge` is 1 when the body was past
   the server's cap (its bytes were dropped, `body` is empty). */
typedef struct CHTTPRequest {
    const char *method;
    const char *path;
    const uint8_t *body;
    size_t bodyLength;
    int bodyTooLarge;
    void *connection;
} CHTTPRequest;

/* The handler's answer. `body` and `headers` are malloc'ed by the handler (or NULL for none) and freed by the
   facade. `headers` holds the extra response headers as lines `Name: value\n` (Content-Type among them). */
typedef struct CHTTPResponse {
    int status;
    uint8_t *body;
    size_t bodyLength;
    char *headers;
} CHTTPResponse;

typedef void (*CHTTPHandler)(void *context, const CHTTPRequest *request, CHTTPResponse *response);

/* Opens libmicrohttpd (once per process): 0 when ready, else -1 with a sentence naming the library and its Debian
   package written into `error`. */
int CHTTP_load(char *error, size_t errorCapacity);

/* Starts a daemon listening on `host` (a numeric IPv4 or IPv6 address, or a name getaddrinfo resolves; its first
   address) and `port` (0: any free port), answering with `handler` on `threads` pool threads; `maximumBody` bytes of
   body at most per request. Returns the daemon (an opaque pointer) and writes the bound port, or NULL with a
   sentence in `error`. */
void *CHTTP_start(const char *host, uint16_t port, unsigned threads, size_t maximumBody, CHTTPHandler handler,
                  void *context, uint16_t *boundPort, char *error, size_t errorCapacity);

/* Stops the daemon: closes the listening socket, waits for the handlers running, frees it. */
void CHTTP_stop(void *daemon);

/* A query-string argument (`?reader=R`) or a request header of the request being handled, or NULL. */
const char *CHTTP_argument(void *connection, const char *name);
const char *CHTTP_header(void *connection, const char *name);

#ifdef __cplusplus
}
#endif

#endif
