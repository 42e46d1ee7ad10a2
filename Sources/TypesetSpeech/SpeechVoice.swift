/// One of eSpeak NG's voices.
public struct SpeechVoice: Hashable, Sendable {
    /// The name eSpeak selects it by (`gmw/en`, `roa/fr`, `sit/cmn`).
    public let identifier: String
    /// Its name for people (`English (Great Britain)`).
    public let name: String
    /// The languages it speaks, each with eSpeak's priority (lower is preferred), as eSpeak lists them
    /// (`en-gb` 2, `en` 2).
    public let languages: [(tag: String, priority: Int)]

    /// Creates a voice description.
    public init(identifier: String, name: String, languages: [(tag: String, priority: Int)]) {
        self.identifier = identifier; self.name = name; self.languages = languages
    }

    public static func == (a: SpeechVoice, b: SpeechVoice) -> Bool { a.identifier == b.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}

/// The voice chosen for a language, and why another was used when it was not the language's own.
public struct VoiceChoice: Hashable, Sendable {
    /// The voice to speak with.
    public let voice: SpeechVoice
    /// Why this voice is a stand-in (no voice for the language, or no language given), or nil when it speaks it.
    public let fallbackReason: String?
}

extension [SpeechVoice] {
    /// The voice that speaks BCP 47 tag `language` best: the voices listing the whole tag, else the tag less its
    /// last subtag, and so on to the primary language (`zh-Hant-TW`, `zh-Hant`, `zh`), by eSpeak's priority and then
    /// in eSpeak's order. Nil when none speaks it.
    func best(for language: String) -> SpeechVoice? {
        var tag = language.lowercased().replacingUnderscores
        while !tag.isEmpty {
            var best: (voice: SpeechVoice, priority: Int)?
            for voice in self {
                for entry in voice.languages where entry.tag == tag && (best == nil || entry.priority < best?.priority ?? .max) {
                    best = (voice, entry.priority)
                }
            }
            if let best { return best.voice }
            guard let dash = tag.lastIndex(of: "-") else { break }
            tag = String(tag[..<dash])
        }
        return nil
    }
}

private extension String {
    var replacingUnderscores: String { String(map { $0 == "_" ? "-" : $0 }) }
}
