#include "CMeCab.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Debian 12's MeCab 0.996: the soname its header describes, and the package that holds it. */
static const char *const soname = "libmecab.so.2";
static const char *const package = "libmecab2";

#define CMECAB_FUNCTIONS(X) X(mecab_new2) X(mecab_destroy) X(mecab_sparse_tonode2)

#define CMECAB_POINTER(name) __typeof__(name) *name;
static struct { CMECAB_FUNCTIONS(CMECAB_POINTER) } mecab;
#undef CMECAB_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Why MeCab cannot be used (empty once it can). */
static char problem[320] = "MeCab was not loaded";

/* RTLD_LOCAL: MeCab's symbols (and its C++ runtime's) stay out of the global scope. Never closed: a tagger made
   from it may live as long as the process. */
static void openMeCab(void) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "Japanese readings need MeCab, %s (Debian's %s): %s", soname, package,
                 reason ? reason : "unknown reason");
        return;
    }
#define CMECAB_LOOKUP(name)                                                                                       \
    if (!(mecab.name = (__typeof__(mecab.name))dlsym(handle, #name))) {                                           \
        snprintf(problem, sizeof problem, "Japanese readings need %s from %s (Debian's %s), which lacks it", #name, \
                 soname, package);                                                                                \
        return;                                                                                                   \
    }
    CMECAB_FUNCTIONS(CMECAB_LOOKUP)
#undef CMECAB_LOOKUP
    problem[0] = 0;
}

int CMeCab_load(char *error, size_t errorCapacity) {
    pthread_once(&once, openMeCab);
    if (problem[0] == 0) return 0;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", problem);
    return -1;
}

/* Each wrapper checks that loading succeeded, so a caller that skipped CMeCab_load gets NULL, not a crash. */
static int ready(void) { return CMeCab_load(NULL, 0) == 0; }

mecab_t *CMeCab_new2(const char *arguments) { return ready() ? mecab.mecab_new2(arguments) : NULL; }

void CMeCab_destroy(mecab_t *tagger) {
    if (ready() && tagger) mecab.mecab_destroy(tagger);
}

const mecab_node_t *CMeCab_sparse_tonode2(mecab_t *tagger, const char *text, size_t length) {
    return ready() && tagger ? mecab.mecab_sparse_tonode2(tagger, text, length) : NULL;
}
