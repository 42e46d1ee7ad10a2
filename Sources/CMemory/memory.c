// CMemory is header-only (see include/CMemory.h); SwiftPM needs a source file in a C target.
#include "CMemory.h"
