#ifndef CBENCHREGION_H
#define CBENCHREGION_H

#include <stdint.h>

/* Calls `body(context)` and returns what it returns. typeset-bench runs every timed call through this one C
   function so that callgrind can be told, by name, where the measured work starts and ends
   (--zero-before=typeset_bench_timed_region --dump-after=typeset_bench_timed_region): a Swift function's name is
   mangled and may be inlined or specialised away; a C function in its own module is neither. Costs a call. */
intptr_t typeset_bench_timed_region(intptr_t (*body)(void *context), void *context);

#endif
