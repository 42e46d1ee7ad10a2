#ifndef CESPEAK_H
#define CESPEAK_H

/* eSpeak NG for TypesetSpeech, opened at its first use rather than linked (issue 32): linked, it made every run of
   the command-line tool load libespeak-ng with PulseAudio, ALSA, libsndfile and their codecs, which only
   `typeset speak` needs. eSpeak's own header gives the types; the functions Typeset calls are these wrappers,
   which call eSpeak through pointers looked up once with dlsym (typed from the header, so a mismatch does not
   compile). Calling a wrapper before CEspeak_load succeeded returns an error (EE_INTERNAL_ERROR, 0 or NULL). */

#include <espeak-ng/speak_lib.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opens libespeak-ng (once per process; later calls give the first answer): 0 when its functions are ready, else
   -1 with a sentence naming the library and its Debian package written into `error` (at most `errorCapacity`
   bytes, NUL-terminated). */
int CEspeak_load(char *error, size_t errorCapacity);

int CEspeak_Initialize(espeak_AUDIO_OUTPUT output, int bufferLength, const char *path, int options);
void CEspeak_SetSynthCallback(t_espeak_callback *callback);
espeak_ERROR CEspeak_SetVoiceByName(const char *name);
espeak_ERROR CEspeak_Synth(const void *text, size_t size, unsigned int position, espeak_POSITION_TYPE positionType,
                           unsigned int endPosition, unsigned int flags, unsigned int *uniqueIdentifier, void *userData);
espeak_ERROR CEspeak_Synchronize(void);
const espeak_VOICE **CEspeak_ListVoices(espeak_VOICE *voiceSpec);

#ifdef __cplusplus
}
#endif

#endif
