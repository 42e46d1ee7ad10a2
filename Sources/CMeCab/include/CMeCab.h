#ifndef CMECAB_H
#define CMECAB_H

/* MeCab for TypesetSpeech (the readings of kanji a Japanese book gives no ruby for), opened at its first use rather
   than linked (issue 32): only reading Japanese aloud needs it, and linked it was loaded, with libstdc++'s share of
   its start-up, by every run of the command-line tool. MeCab's own header gives the types; the functions Typeset
   calls are these wrappers, which call MeCab through pointers looked up once with dlsym (typed from the header, so
   a mismatch does not compile). Calling a wrapper before CMeCab_load succeeded returns NULL (or does nothing). */

#include <mecab.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens libmecab (once per process; later calls give the first answer): 0 when its functions are ready, else -1
   with a sentence naming the library and its Debian package written into `error` (at most `errorCapacity` bytes,
   NUL-terminated). */
int CMeCab_load(char *error, size_t errorCapacity);

mecab_t *CMeCab_new2(const char *arguments);
void CMeCab_destroy(mecab_t *tagger);
const mecab_node_t *CMeCab_sparse_tonode2(mecab_t *tagger, const char *text, size_t length);

#ifdef __cplusplus
}
#endif

#endif
