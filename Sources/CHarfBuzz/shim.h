#include <hb.h>
#include <hb-ot.h>
#include <hb-aat.h>

/* Cast-expression macros (HB_FEATURE_GLOBAL_END) and HB_TAG() are not imported into Swift. */
static const unsigned int CHarfBuzz_featureGlobalEnd = HB_FEATURE_GLOBAL_END;
static inline hb_tag_t CHarfBuzz_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
