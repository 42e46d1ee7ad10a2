/* Debian's libxml2 is built with ICU, so <libxml/encoding.h> pulls in the system <unicode/*.h>, which
   clashes with Foundation's _FoundationICU ("'UErrorCode' has different definitions in different modules").
   Only two trailing pointer fields of xmlCharEncodingHandler depend on it, and we never touch them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/HTMLparser.h>

/* libxml2 exposes xmlFree as a mutable global function pointer, which Swift 6
   rejects ("not concurrency-safe"). Wrap it once here. */
static inline void CLibXML2_free(void *ptr) { xmlFree(ptr); }
