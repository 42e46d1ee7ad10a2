import TypesetCore
import TypesetSpeech

/// `POST /books/ID/speech` `{"from": OFFSET, "count": N}`: sentences from the one holding the offset read aloud by
/// `typeset speak`'s engine (eSpeak NG): the marks `typeset speak --marks` writes (each sentence's and word's
/// UTF-16 range and time) and the audio as a WAV `data:` URL, so one answer holds both.
enum SpeechEndpoint {
    /// At most this many sentences a request (a paragraph or two: the reader asks again as it goes).
    static let maximumSentences = 20

    /// Whether eSpeak NG can speak here (else the reader uses the browser's own speech).
    static var available: Bool { (try? Speaker.shared()) != nil }

    static func answer(_ request: Request, publication: Publication, language: String?) throws -> JSONWriter.Value {
        let length = publication.text.length
        let from = request.has("from") ? try request.offset("from", length: length) : publication.startOffset
        let count = request.has("count") ? try request.integer("count") : 1
        guard (1...maximumSentences).contains(count) else {
            throw QuerySession.BadRequest(message: "\"count\" must be from 1 to \(maximumSentences)")
        }
        let speaker: Speaker
        do { speaker = try Speaker.shared() } catch { throw ServeError(503, "speak: \(error.description)") }
        var track = SpeechTrack(sampleRate: speaker.sampleRate)
        for utterance in try publication.utterances(from: from).prefix(count) {
            track.append(try speaker.speak(utterance, voice: speaker.voice(for: utterance.language ?? language).voice))
        }
        guard case .object(var members) = SpeakCommand.marksJSON(track, audio: "-", text: publication.text) else { return .null }
        members.removeAll { $0.0 == "audio" }
        let wav = try track.wav()
        members.insert(("audio", .string("data:audio/wav;base64," + Base64.encode(wav))), at: 0)
        return .object(members)
    }
}
