#include "CEspeak.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Debian 12's eSpeak NG: the soname its header describes, and the package that holds it. */
static const char *const soname = "libespeak-ng.so.1";
static const char *const package = "libespeak-ng1";

#define CESPEAK_FUNCTIONS(X) \
    X(espeak_Initialize) X(espeak_SetSynthCallback) X(espeak_SetVoiceByName) X(espeak_Synth) \
    X(espeak_Synchronize) X(espeak_ListVoices)

#define CESPEAK_POINTER(name) __typeof__(name) *name;
static struct { CESPEAK_FUNCTIONS(CESPEAK_POINTER) } espeak;
#undef CESPEAK_POINTER

static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Why eSpeak cannot be used (empty once it can). */
static char problem[320] = "eSpeak NG was not loaded";

/* RTLD_LOCAL: eSpeak's symbols stay out of the global scope. Never closed: it keeps global state. */
static void openEspeak(void) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        snprintf(problem, sizeof problem, "reading aloud needs eSpeak NG, %s (Debian's %s): %s",
                 soname, package, reason ? reason : "unknown reason");
        return;
    }
#define CESPEAK_LOOKUP(name)                                                                                     \
    if (!(espeak.name = (__typeof__(espeak.name))dlsym(handle, #name))) {                                        \
        snprintf(problem, sizeof problem, "reading aloud needs %s from %s (Debian's %s), which lacks it", #name, \
                 soname, package);                                                                               \
        return;                                                                                                  \
    }
    CESPEAK_FUNCTIONS(CESPEAK_LOOKUP)
#undef CESPEAK_LOOKUP
    problem[0] = 0;
}

int CEspeak_load(char *error, size_t errorCapacity) {
    pthread_once(&once, openEspeak);
    if (problem[0] == 0) return 0;
    if (error && errorCapacity > 0) snprintf(error, errorCapacity, "%s", problem);
    return -1;
}

/* Each wrapper checks that loading succeeded, so a caller that skipped CEspeak_load gets an error, not a crash. */
static int ready(void) { return CEspeak_load(NULL, 0) == 0; }

int CEspeak_Initialize(espeak_AUDIO_OUTPUT output, int bufferLength, const char *path, int options) {
    return ready() ? espeak.espeak_Initialize(output, bufferLength, path, options) : 0;
}

void CEspeak_SetSynthCallback(t_espeak_callback *callback) {
    if (ready()) espeak.espeak_SetSynthCallback(callback);
}

espeak_ERROR CEspeak_SetVoiceByName(const char *name) {
    return ready() ? espeak.espeak_SetVoiceByName(name) : EE_INTERNAL_ERROR;
}

espeak_ERROR CEspeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE positionType,
                           unsigned int endPosition, unsigned int flags, unsigned int *uniqueIdentifier, void *userData) {
    if (!ready()) return EE_INTERNAL_ERROR;
    return espeak.espeak_Synth(text, size, position, positionType, endPosition, flags, uniqueIdentifier, userData);
}

espeak_ERROR CEspeak_Synchronize(void) {
    return ready() ? espeak.espeak_Synchronize() : EE_INTERNAL_ERROR;
}

const espeak_VOICE **CEspeak_ListVoices(espeak_VOICE *voiceSpec) {
    return ready() ? espeak.espeak_ListVoices(voiceSpec) : NULL;
}
