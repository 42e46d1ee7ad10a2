#ifndef CICU_H
#define CICU_H

/* A small, unversioned C facade over the parts of ICU that Typeset uses (break iteration, bidi, charset detection
   and conversion, collation-based string search).
   ICU's exported symbols carry the library's major version (ubrk_open_72), and its headers clash with
   Foundation's private copy of ICU when both are visible to one Swift module. This header therefore uses
   plain C types only; the ICU headers are included by shim.c alone. */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Kinds of break iterator, mirroring UBreakIteratorType. */
enum {
    CICU_BREAK_CHARACTER = 0,
    CICU_BREAK_WORD = 1,
    CICU_BREAK_LINE = 2,
    CICU_BREAK_SENTENCE = 3
};

/* Returned by CICU_breakIteratorNext when there are no more boundaries. */
#define CICU_BREAK_DONE (-1)

typedef struct CICU_BreakIterator CICU_BreakIterator;

/* Opens a break iterator of `kind` for `locale` (may be NULL for the root locale). NULL on failure. */
CICU_BreakIterator *CICU_breakIteratorOpen(int32_t kind, const char *locale);
/* Closes an iterator opened by CICU_breakIteratorOpen. */
void CICU_breakIteratorClose(CICU_BreakIterator *iterator);
/* Points the iterator at `length` UTF-16 units. The text is borrowed and must outlive its use. 0 on success. */
int32_t CICU_breakIteratorSetText(CICU_BreakIterator *iterator, const uint16_t *text, int32_t length);
/* Moves to the first boundary (always 0). */
int32_t CICU_breakIteratorFirst(CICU_BreakIterator *iterator);
/* Moves to the next boundary, or returns CICU_BREAK_DONE. */
int32_t CICU_breakIteratorNext(CICU_BreakIterator *iterator);
/* The first boundary after `offset`, or CICU_BREAK_DONE. */
int32_t CICU_breakIteratorFollowing(CICU_BreakIterator *iterator, int32_t offset);
/* The last boundary before `offset`, or CICU_BREAK_DONE. */
int32_t CICU_breakIteratorPreceding(CICU_BreakIterator *iterator, int32_t offset);
/* Whether `offset` is a boundary. */
int32_t CICU_breakIteratorIsBoundary(CICU_BreakIterator *iterator, int32_t offset);
/* For a line iterator: 1 if the current boundary is a mandatory (hard) break, else 0.
   For a word iterator: 1 if the segment before the current boundary is a word (letters, numbers, kana, ideographs). */
int32_t CICU_breakIteratorCurrentStatusFlag(CICU_BreakIterator *iterator, int32_t kind);

/* Moves on by up to `capacity` boundaries, writing each as `offset << 1 | flag` (the flag as
   CICU_breakIteratorCurrentStatusFlag gives it) into `out`; returns how many were written, 0 at the end.
   One call per batch instead of two per boundary: a book has a boundary every five units or so. */
int32_t CICU_breakIteratorNextBatch(CICU_BreakIterator *iterator, int32_t kind, uint32_t *out, int32_t capacity);

/* Converts `length` bytes of UTF-8 to UTF-16 (ASCII directly, the rest with u_strFromUTF8) into `out`, which holds `capacity` units (the byte
   count is always enough: no character takes more UTF-16 units than UTF-8 bytes). Returns the number of units
   written, or -1 when the bytes are not well-formed UTF-8 or do not fit. Units of `out` past the count returned
   (within `capacity`) may have been written as well: ASCII is widened sixteen bytes at a time. */
int32_t CICU_utf8ToUTF16(const uint8_t *bytes, int32_t length, uint16_t *out, int32_t capacity);

/* Resolves bidi embedding levels (UAX #9) for `length` UTF-16 units.
   `paragraphLevel` is 0 (LTR), 1 (RTL) or 0xFE (default LTR: from the first strong character).
   On success writes one level per unit into `levels`, the resolved paragraph level into `resolvedParagraphLevel`,
   and returns 0; returns a non-zero ICU error code on failure. */
int32_t CICU_bidiResolveLevels(const uint16_t *text, int32_t length, uint8_t paragraphLevel,
                               uint8_t *levels, uint8_t *resolvedParagraphLevel);

/* Visual reordering of `count` runs with the given levels (UAX #9 rule L2): writes into `visualToLogical`
   the logical index of the run shown at each visual position. Returns 0 on success. */
int32_t CICU_bidiReorderVisual(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/* Charset detection (ucsdet, ICU's statistical detector): the candidates for `length` bytes, best first, at most
   `capacity` of them. Candidate i's name (ICU's, NUL-terminated, truncated to CICU_CHARSET_NAME_SIZE - 1 bytes)
   goes into names + i * CICU_CHARSET_NAME_SIZE, its confidence (0-100) into confidences[i]. Returns the number of
   candidates, 0 when there are none, -1 on failure. */
#define CICU_CHARSET_NAME_SIZE 40
int32_t CICU_detectCharsets(const uint8_t *bytes, int32_t length, char *names, int32_t *confidences, int32_t capacity);

/* Converts `length` bytes in `charset` to UTF-16 (ucnv_toUnicode) into `out`, which holds `capacity` units.
   A character cut at the end of the bytes is not converted: its byte count goes into `*pending`. Sequences that
   are invalid or unmapped in the charset become its substitution character (U+FFFD, or U+001A for some single-byte
   charsets); their number goes into `*invalid`. Returns the number of units written; -1 when ICU does not know the
   charset, -2 when `capacity` is too small, -3 on any other failure. */
int32_t CICU_convertToUTF16(const char *charset, const uint8_t *bytes, int32_t length, uint16_t *out, int32_t capacity,
                            int32_t *pending, int32_t *invalid);

/* The name ICU knows `charset` by (an alias resolved: "sjis" is "ibm-943_P15A-2003"), in its MIME (else IANA)
   spelling when it has one ("Shift_JIS"), written NUL-terminated into `out` (CICU_CHARSET_NAME_SIZE bytes). Returns 0, or -1
   when ICU does not know the charset. */
int32_t CICU_charsetName(const char *charset, char *out);

/* The Unicode Vertical_Orientation of a code point (UAX #50), as ICU's UCHAR_VERTICAL_ORIENTATION gives it:
   CICU_VO_ROTATED (R), CICU_VO_TRANSFORMED_ROTATED (Tr), CICU_VO_TRANSFORMED_UPRIGHT (Tu) or CICU_VO_UPRIGHT (U). */
enum {
    CICU_VO_ROTATED = 0,
    CICU_VO_TRANSFORMED_ROTATED = 1,
    CICU_VO_TRANSFORMED_UPRIGHT = 2,
    CICU_VO_UPRIGHT = 3
};
int32_t CICU_verticalOrientation(uint32_t codePoint);

/* Collation strengths for CICU_stringSearchOpen, mirroring UCollationStrength. */
enum {
    CICU_STRENGTH_PRIMARY = 0,
    CICU_STRENGTH_SECONDARY = 1,
    CICU_STRENGTH_TERTIARY = 2,
    CICU_STRENGTH_IDENTICAL = 15
};

typedef struct CICU_StringSearch CICU_StringSearch;

/* Opens a collation-based string search (usearch) for `pattern` (copied) with the collator of `languageTag`
   (BCP 47; NULL or "" for the root collation) at `strength`, canonically equivalent sequences treated alike.
   With `caseLevel` non-zero, case differences count too (usearch ignores the case level, so each match is
   checked again with ucol_strcoll, which honours it). With `wholeWords`, a match must start and end on word
   boundaries (UAX #29, a word break iterator of the same language). NULL on failure, with the ICU error code in
   `*status` (which may be NULL). */
CICU_StringSearch *CICU_stringSearchOpen(const uint16_t *pattern, int32_t patternLength, const char *languageTag,
                                         int32_t strength, int32_t caseLevel, int32_t wholeWords, int32_t *status);
/* Closes a search opened by CICU_stringSearchOpen. */
void CICU_stringSearchClose(CICU_StringSearch *search);
/* Points the search at `length` (> 0) UTF-16 units, from the start. The text is borrowed and must outlive its use.
   0 on success, else the ICU error code. */
int32_t CICU_stringSearchSetText(CICU_StringSearch *search, const uint16_t *text, int32_t length);
/* Writes the next matches (at most `capacity`, never overlapping) as start and length in UTF-16 units into `starts`
   and `lengths`; returns how many, 0 at the end of the text, or a negative ICU error code. */
int32_t CICU_stringSearchNextBatch(CICU_StringSearch *search, int32_t *starts, int32_t *lengths, int32_t capacity);

/* ICU's version string, e.g. "72.1". */
const char *CICU_version(void);

#ifdef __cplusplus
}
#endif

#endif
