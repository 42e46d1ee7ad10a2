/* pixman's header, for the image codecs' C facade (CImageCodecs), which scales images with it; its pkg-config flags
   give the include path and link pixman, the one image library linked rather than opened at first use (see
   CImageCodecs/libraries.h). Swift code does not import this module. */
#include <pixman.h>
