#include <textcat.h>
#include <fingerprint.h>
