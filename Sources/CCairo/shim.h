/* Cairo's headers, for the image codecs' C facade (CImageCodecs); its pkg-config flags also carry the include
   paths of glib and pixman, which the facade uses. Swift code does not import this module. */
#include <cairo.h>
