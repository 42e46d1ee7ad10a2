// libzip's API, as declared by its header; the functions Typeset uses are defined in LazyLibZip.c, which loads
// libzip itself on first use (see there why).
#include <zip.h>
