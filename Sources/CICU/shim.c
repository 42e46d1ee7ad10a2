#include "CICU.h"

#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>
#include <stdlib.h>

struct CICU_BreakIterator {
    UBreakIterator *raw;
};

_Static_assert(CICU_BREAK_CHARACTER == UBRK_CHARACTER, "CICU_BREAK_CHARACTER mirrors UBRK_CHARACTER");
_Static_assert(CICU_BREAK_WORD == UBRK_WORD, "CICU_BREAK_WORD mirrors UBRK_WORD");
_Static_assert(CICU_BREAK_LINE == UBRK_LINE, "CICU_BREAK_LINE mirrors UBRK_LINE");
_Static_assert(CICU_BREAK_SENTENCE == UBRK_SENTENCE, "CICU_BREAK_SENTENCE mirrors UBRK_SENTENCE");
_Static_assert(CICU_BREAK_DONE == UBRK_DONE, "CICU_BREAK_DONE mirrors UBRK_DONE");

CICU_BreakIterator *CICU_breakIteratorOpen(int32_t kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *raw = ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, &status);
    if (U_FAILURE(status) || raw == NULL) return NULL;
    CICU_BreakIterator *iterator = (CICU_BreakIterator *)malloc(sizeof(CICU_BreakIterator));
    if (iterator == NULL) { ubrk_close(raw); return NULL; }
    iterator->raw = raw;
    return iterator;
}

void CICU_breakIteratorClose(CICU_BreakIterator *iterator) {
    if (iterator == NULL) return;
    ubrk_close(iterator->raw);
    free(iterator);
}

int32_t CICU_breakIteratorSetText(CICU_BreakIterator *iterator, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator->raw, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? (int32_t)status : 0;
}

int32_t CICU_breakIteratorFirst(CICU_BreakIterator *iterator) { return ubrk_first(iterator->raw); }
int32_t CICU_breakIteratorNext(CICU_BreakIterator *iterator) { return ubrk_next(iterator->raw); }
int32_t CICU_breakIteratorFollowing(CICU_BreakIterator *iterator, int32_t offset) { return ubrk_following(iterator->raw, offset); }
int32_t CICU_breakIteratorPreceding(CICU_BreakIterator *iterator, int32_t offset) { return ubrk_preceding(iterator->raw, offset); }
int32_t CICU_breakIteratorIsBoundary(CICU_BreakIterator *iterator, int32_t offset) { return ubrk_isBoundary(iterator->raw, offset) ? 1 : 0; }

int32_t CICU_breakIteratorCurrentStatusFlag(CICU_BreakIterator *iterator, int32_t kind) {
    int32_t status = ubrk_getRuleStatus(iterator->raw);
    if (kind == CICU_BREAK_LINE) return (status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
    if (kind == CICU_BREAK_WORD) return (status >= UBRK_WORD_NONE_LIMIT) ? 1 : 0;
    return 0;
}

int32_t CICU_breakIteratorNextBatch(CICU_BreakIterator *iterator, int32_t kind, uint32_t *out, int32_t capacity) {
    int32_t count = 0;
    while (count < capacity) {
        int32_t next = ubrk_next(iterator->raw);
        if (next == UBRK_DONE) break;
        out[count++] = (uint32_t)next << 1 | (uint32_t)CICU_breakIteratorCurrentStatusFlag(iterator, kind);
    }
    return count;
}

int32_t CICU_bidiResolveLevels(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                               uint8_t *levels, uint8_t *resolvedParagraphLevel) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraphLevel, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return (int32_t)status; }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return (int32_t)status; }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    *resolvedParagraphLevel = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return 0;
}

int32_t CICU_bidiReorderVisual(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
    return 0;
}

const char *CICU_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}

int32_t CICU_utf8ToUTF16(const uint8_t *bytes, int32_t length, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    u_strFromUTF8((UChar *)out, capacity, &written, (const char *)bytes, length, &status);
    if (U_FAILURE(status) || written > capacity) return -1;
    return written;
}
