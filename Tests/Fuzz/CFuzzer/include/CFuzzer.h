#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver (compiler-rt, LLVM 11+). SwiftPM on Linux links an executable target's entry point as
   `<module>_main` (it aliases `main` to it), so libFuzzer's own `main` is never used: each target's entry calls
   this instead, with its test function. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
