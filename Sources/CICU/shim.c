#include "CICU.h"

#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>
#include <unicode/ucsdet.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucol.h>
#include <unicode/usearch.h>
#include <unicode/uloc.h>
#include <unicode/uchar.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

_Static_assert(CICU_VO_ROTATED == U_VO_ROTATED, "CICU_VO_ROTATED mirrors U_VO_ROTATED");
_Static_assert(CICU_VO_TRANSFORMED_ROTATED == U_VO_TRANSFORMED_ROTATED, "CICU_VO_TRANSFORMED_ROTATED mirrors ICU");
_Static_assert(CICU_VO_TRANSFORMED_UPRIGHT == U_VO_TRANSFORMED_UPRIGHT, "CICU_VO_TRANSFORMED_UPRIGHT mirrors ICU");
_Static_assert(CICU_VO_UPRIGHT == U_VO_UPRIGHT, "CICU_VO_UPRIGHT mirrors U_VO_UPRIGHT");

int32_t CICU_verticalOrientation(uint32_t codePoint) {
    return u_getIntPropertyValue((UChar32)codePoint, UCHAR_VERTICAL_ORIENTATION);
}

const char *CICU_version(void) {
    static char buffer[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo info;
    u_getVersion(info);
    u_versionToString(info, buffer);
    return buffer;
}

/* Runs of ASCII are widened here, a loop the compiler vectorises; ICU converts and validates the bytes between
   them. An ASCII byte is never inside a well-formed multi-byte sequence, so the whole is well-formed exactly when
   every stretch is. A stretch ends only where at least 16 ASCII bytes follow (a word between two accented
   letters stays with them), so ICU is called once per non-ASCII neighbourhood: War and Peace's 3.3 MB, 97 %
   ASCII, took 36.5 M instructions in ICU alone, and 23.2 M so (callgrind). Most of that was ICU's cost per call
   for a single curly quotation mark or accented letter, so a well-formed two- or three-byte sequence (Unicode
   Table 3-7, the exact ranges) is decoded here; anything else (four bytes, an ill-formed sequence, a
   noncharacter, left to ICU in case it treats it otherwise) still goes to ICU, which validates it as before. */
static int32_t CICU_shortSequence(const uint8_t *bytes, int32_t left, uint16_t *unit) {
    uint8_t b0 = bytes[0];
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        if (left < 2 || (bytes[1] & 0xC0) != 0x80) return 0;
        *unit = (uint16_t)(((b0 & 0x1F) << 6) | (bytes[1] & 0x3F));
        return 2;
    }
    if (b0 < 0xE0 || b0 > 0xEF || left < 3) return 0;
    uint8_t b1 = bytes[1], b2 = bytes[2];
    uint8_t low = b0 == 0xE0 ? 0xA0 : 0x80, high = b0 == 0xED ? 0x9F : 0xBF;
    if (b1 < low || b1 > high || (b2 & 0xC0) != 0x80) return 0;
    uint16_t value = (uint16_t)(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
    if ((value >= 0xFDD0 && value <= 0xFDEF) || value >= 0xFFFE) return 0;
    *unit = value;
    return 3;
}

int32_t CICU_utf8ToUTF16(const uint8_t *bytes, int32_t length, uint16_t *out, int32_t capacity) {
    enum { asciiRun = 16 };
    int32_t in = 0, written = 0;
    while (in < length) {
        /* Sixteen bytes at a time: widened and stored whole, and as many of them taken as lead up to the first one
           outside ASCII (the units stored past it are within `capacity`, and overwritten or beyond the count
           returned). The compiler did not vectorise the byte loop (it cannot rule out `out` overlapping `bytes`):
           2.5 instructions a byte, 0.6 so. */
#if defined(__SSE2__)
        while (length - in >= 16 && capacity - written >= 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(bytes + in));
            _mm_storeu_si128((__m128i *)(out + written), _mm_unpacklo_epi8(v, _mm_setzero_si128()));
            _mm_storeu_si128((__m128i *)(out + written + 8), _mm_unpackhi_epi8(v, _mm_setzero_si128()));
            int outside = _mm_movemask_epi8(v);
            if (outside != 0) {
                in += __builtin_ctz((unsigned)outside);
                written += __builtin_ctz((unsigned)outside);
                break;
            }
            in += 16;
            written += 16;
        }
#else
        while (length - in >= 16 && capacity - written >= 16) {
            uint64_t a, b;
            memcpy(&a, bytes + in, 8);
            memcpy(&b, bytes + in + 8, 8);
            if ((a | b) & 0x8080808080808080ULL) break;
            for (int k = 0; k < 16; k++) out[written + k] = bytes[in + k];
            in += 16;
            written += 16;
        }
#endif
        while (in < length && bytes[in] < 0x80) {
            if (written >= capacity) return -1;
            out[written++] = bytes[in++];
        }
        if (in == length) break;
        uint16_t unit;
        int32_t taken = CICU_shortSequence(bytes + in, length - in, &unit);
        if (taken > 0) {
            if (written >= capacity) return -1;
            out[written++] = unit;
            in += taken;
            continue;
        }
        int32_t ascii = in;
        /* The stretch: up to the next run of asciiRun ASCII bytes (or the end). */
        int32_t end = ascii, run = 0;
        while (end < length && run < asciiRun) {
            run = bytes[end] < 0x80 ? run + 1 : 0;
            end++;
        }
        if (run == asciiRun) end -= asciiRun;
        UErrorCode status = U_ZERO_ERROR;
        int32_t converted = 0;
        u_strFromUTF8((UChar *)out + written, capacity - written, &converted, (const char *)bytes + ascii, end - ascii,
                      &status);
        if (U_FAILURE(status) || converted > capacity - written) return -1;
        written += converted;
        in = end;
    }
    return written;
}

int32_t CICU_detectCharsets(const uint8_t *bytes, int32_t length, char *names, int32_t *confidences, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UCharsetDetector *detector = ucsdet_open(&status);
    if (U_FAILURE(status)) return -1;
    ucsdet_setText(detector, (const char *)bytes, length, &status);
    int32_t found = 0;
    const UCharsetMatch **matches = ucsdet_detectAll(detector, &found, &status);
    if (U_FAILURE(status) || matches == NULL) { ucsdet_close(detector); return 0; }
    int32_t count = 0;
    for (int32_t i = 0; i < found && count < capacity; i++) {
        UErrorCode matchStatus = U_ZERO_ERROR;
        const char *name = ucsdet_getName(matches[i], &matchStatus);
        int32_t confidence = ucsdet_getConfidence(matches[i], &matchStatus);
        if (U_FAILURE(matchStatus) || name == NULL) continue;
        char *slot = names + (size_t)count * CICU_CHARSET_NAME_SIZE;
        strncpy(slot, name, CICU_CHARSET_NAME_SIZE - 1);
        slot[CICU_CHARSET_NAME_SIZE - 1] = 0;
        confidences[count] = confidence;
        count++;
    }
    ucsdet_close(detector);
    return count;
}

/* The substitution callback, counting what it substitutes. */
static void CICU_countingSubstitute(const void *context, UConverterToUnicodeArgs *args, const char *codeUnits,
                                    int32_t length, UConverterCallbackReason reason, UErrorCode *err) {
    if (reason == UCNV_UNASSIGNED || reason == UCNV_ILLEGAL || reason == UCNV_IRREGULAR) (*(int32_t *)context)++;
    UCNV_TO_U_CALLBACK_SUBSTITUTE(NULL, args, codeUnits, length, reason, err);
}

int32_t CICU_convertToUTF16(const char *charset, const uint8_t *bytes, int32_t length, uint16_t *out, int32_t capacity,
                            int32_t *pending, int32_t *invalid) {
    UErrorCode status = U_ZERO_ERROR;
    *pending = 0;
    *invalid = 0;
    UConverter *converter = ucnv_open(charset, &status);
    if (U_FAILURE(status) || converter == NULL) return -1;
    int32_t count = 0;
    ucnv_setToUCallBack(converter, CICU_countingSubstitute, &count, NULL, NULL, &status);
    if (U_FAILURE(status)) { ucnv_close(converter); return -3; }
    UChar *target = (UChar *)out;
    const char *source = (const char *)bytes;
    // flush = 0: a character cut at the end stays pending instead of becoming a substitution.
    ucnv_toUnicode(converter, &target, (UChar *)out + capacity, &source, (const char *)bytes + length, NULL, 0, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) { ucnv_close(converter); return -2; }
    if (U_FAILURE(status)) { ucnv_close(converter); return -3; }
    UErrorCode pendingStatus = U_ZERO_ERROR;
    int32_t held = ucnv_toUCountPending(converter, &pendingStatus);
    *pending = U_SUCCESS(pendingStatus) && held > 0 ? held : 0;
    *invalid = count;
    ucnv_close(converter);
    return (int32_t)(target - (UChar *)out);
}

int32_t CICU_charsetName(const char *charset, char *out) {
    UErrorCode status = U_ZERO_ERROR;
    // The converter must exist; its name is then the preferred MIME (else IANA) alias of the name given, which
    // keeps the spelling people know ("Shift_JIS", not ICU's table name).
    UConverter *converter = ucnv_open(charset, &status);
    if (U_FAILURE(status) || converter == NULL) return -1;
    const char *name = ucnv_getStandardName(charset, "MIME", &status);
    if (U_FAILURE(status) || name == NULL) { status = U_ZERO_ERROR; name = ucnv_getStandardName(charset, "IANA", &status); }
    if (U_FAILURE(status) || name == NULL) {
        status = U_ZERO_ERROR;
        const char *canonical = ucnv_getName(converter, &status);
        name = NULL;
        if (U_SUCCESS(status) && canonical != NULL) {
            UErrorCode standardStatus = U_ZERO_ERROR;
            name = ucnv_getStandardName(canonical, "MIME", &standardStatus);
            if (U_FAILURE(standardStatus) || name == NULL) { standardStatus = U_ZERO_ERROR; name = ucnv_getStandardName(canonical, "IANA", &standardStatus); }
            if (U_FAILURE(standardStatus) || name == NULL) name = canonical;
        }
    }
    if (name == NULL) { ucnv_close(converter); return -1; }
    strncpy(out, name, CICU_CHARSET_NAME_SIZE - 1);
    out[CICU_CHARSET_NAME_SIZE - 1] = 0;
    ucnv_close(converter);
    return 0;
}
_Static_assert(CICU_STRENGTH_PRIMARY == UCOL_PRIMARY, "CICU_STRENGTH_PRIMARY mirrors UCOL_PRIMARY");
_Static_assert(CICU_STRENGTH_SECONDARY == UCOL_SECONDARY, "CICU_STRENGTH_SECONDARY mirrors UCOL_SECONDARY");
_Static_assert(CICU_STRENGTH_TERTIARY == UCOL_TERTIARY, "CICU_STRENGTH_TERTIARY mirrors UCOL_TERTIARY");
_Static_assert(CICU_STRENGTH_IDENTICAL == UCOL_IDENTICAL, "CICU_STRENGTH_IDENTICAL mirrors UCOL_IDENTICAL");

struct CICU_StringSearch {
    UCollator *collator;
    UBreakIterator *words;
    UStringSearch *search;
    UChar *pattern;
    int32_t patternLength;
    const UChar *text;
    int32_t caseLevel;
    int32_t started;
};

void CICU_stringSearchClose(CICU_StringSearch *search) {
    if (search == NULL) return;
    if (search->search != NULL) usearch_close(search->search);
    if (search->words != NULL) ubrk_close(search->words);
    if (search->collator != NULL) ucol_close(search->collator);
    free(search->pattern);
    free(search);
}

CICU_StringSearch *CICU_stringSearchOpen(const uint16_t *pattern, int32_t patternLength, const char *languageTag,
                                         int32_t strength, int32_t caseLevel, int32_t wholeWords, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    if (status != NULL) *status = 0;
    if (pattern == NULL || patternLength <= 0) {
        if (status != NULL) *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    char locale[ULOC_FULLNAME_CAPACITY] = "";
    if (languageTag != NULL && languageTag[0] != 0) {
        int32_t parsed = 0;
        uloc_forLanguageTag(languageTag, locale, (int32_t)sizeof(locale), &parsed, &error);
        /* A tag ICU cannot read searches with the root collation rather than failing. */
        if (U_FAILURE(error) || parsed <= 0) { locale[0] = 0; error = U_ZERO_ERROR; }
    }
    CICU_StringSearch *search = (CICU_StringSearch *)calloc(1, sizeof(CICU_StringSearch));
    if (search == NULL) { if (status != NULL) *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    search->pattern = (UChar *)malloc(sizeof(UChar) * (size_t)patternLength);
    if (search->pattern == NULL) { CICU_stringSearchClose(search); if (status != NULL) *status = U_MEMORY_ALLOCATION_ERROR; return NULL; }
    for (int32_t i = 0; i < patternLength; i++) search->pattern[i] = pattern[i];
    search->patternLength = patternLength;
    search->caseLevel = caseLevel ? 1 : 0;
    search->collator = ucol_open(locale, &error);
    if (U_SUCCESS(error)) {
        ucol_setStrength(search->collator, (UCollationStrength)strength);
        ucol_setAttribute(search->collator, UCOL_CASE_LEVEL, caseLevel ? UCOL_ON : UCOL_OFF, &error);
        ucol_setAttribute(search->collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
    }
    /* usearch needs some text to open with; the caller's comes with CICU_stringSearchSetText. */
    static const UChar placeholder[1] = { 0x20 };
    if (U_SUCCESS(error) && wholeWords) search->words = ubrk_open(UBRK_WORD, locale, placeholder, 1, &error);
    if (U_SUCCESS(error)) {
        search->search = usearch_openFromCollator(search->pattern, patternLength, placeholder, 1, search->collator,
                                                  search->words, &error);
    }
    if (U_FAILURE(error)) {
        if (status != NULL) *status = (int32_t)error;
        CICU_stringSearchClose(search);
        return NULL;
    }
    return search;
}

int32_t CICU_stringSearchSetText(CICU_StringSearch *search, const uint16_t *text, int32_t length) {
    UErrorCode error = U_ZERO_ERROR;
    if (text == NULL || length <= 0) return U_ILLEGAL_ARGUMENT_ERROR;
    /* usearch_setText also points the word break iterator at the text. */
    usearch_setText(search->search, (const UChar *)text, length, &error);
    search->text = (const UChar *)text;
    search->started = 0;
    return U_FAILURE(error) ? (int32_t)error : 0;
}

int32_t CICU_stringSearchNextBatch(CICU_StringSearch *search, int32_t *starts, int32_t *lengths, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = 0;
    while (count < capacity) {
        int32_t start = search->started ? usearch_next(search->search, &error) : usearch_first(search->search, &error);
        search->started = 1;
        if (U_FAILURE(error)) return -(int32_t)error;
        if (start == USEARCH_DONE) break;
        int32_t length = usearch_getMatchedLength(search->search);
        /* usearch compares collation elements at the collator's strength and ignores its case level, so a match
           is checked again by the collator itself, which honours it. */
        if (search->caseLevel && ucol_strcoll(search->collator, search->pattern, search->patternLength,
                                              search->text + start, length) != UCOL_EQUAL) continue;
        starts[count] = start;
        lengths[count] = length;
        count++;
    }
    return count;
}
