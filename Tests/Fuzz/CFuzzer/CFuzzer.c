/* Header-only module: CFuzzer.h declares libFuzzer's driver. */
#include "CFuzzer.h"
