import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetSpeech

/// `typeset speak FILE [--from LOCATOR | --at OFFSET] [--sentences N] [-o FILE.wav] [--marks FILE.json]`: reads
/// sentences aloud with eSpeak NG into a WAV file; the marks file gives each sentence's and word's UTF-16 range and
/// time in the audio; `--highlight-pages DIR` draws the pages of each sentence with the sentence as the active
/// decoration.
enum SpeakCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else {
            throw UsageError("speak: no input file (typeset speak FILE [--from LOCATOR] [--sentences N] [-o FILE.wav])")
        }
        if options.narration { return try NarrationMarks.run(options, input: input) }
        let console = Console.shared
        let settings = try options.settings.validated()
        let book = try options.highlightPages.map { _ in try LaidOutBook(input: input, options: options) }
        let file = try book?.file ?? OpenedBook.read(input, options: options, settings: settings)
        if file.comic != nil {
            throw ToolFailure(status: .badInput, message: "speak: \(input) is a comic, whose pages are images: it has no text to read aloud")
        }
        let publication = file.publication
        let start = try startOffset(options, publication: publication)
        let speaker = try Speaker.shared()
        let fixedVoice = try Self.fixedVoice(options, speaker: speaker)
        let output = options.output ?? defaultOutput(input)
        if output == "-" && options.marks == "-" {
            throw UsageError("--marks -: the audio goes to standard output already (-o -); give the marks a file")
        }
        console.releaseNotices()

        var track = SpeechTrack(sampleRate: speaker.sampleRate)
        var reported = Set<String>()
        for utterance in try publication.utterances(from: start).prefix(options.sentences) {
            let voice = fixedVoice ?? Self.voice(for: utterance, speaker: speaker, language: settings.typography.language, reported: &reported)
            track.append(try speaker.speak(utterance, voice: voice))
            console.progress("typeset: sentence \(track.utterances.count)/\(options.sentences)")
        }
        console.progress("", done: true)
        if track.utterances.isEmpty { console.notice("nothing to read from offset \(start) to the end of the book") }
        try write(try track.wav(), to: output)
        if let marks = options.marks {
            try write(Array((JSONWriter.render(marksJSON(track, audio: output, text: publication.text)) + "\n").utf8), to: marks)
        }
        let voices = Set(track.utterances.map(\.voice.identifier)).sorted().joined(separator: ", ")
        let count = track.utterances.count
        console.notice("wrote \(count) sentence\(count == 1 ? "" : "s") (\(formatPoints(track.duration)) s\(voices.isEmpty ? "" : ", voice \(voices)")) to \(name(output))"
                       + (options.marks.map { "; marks to \(name($0))" } ?? ""))
        if let book, let folder = options.highlightPages, count > 0 {
            try drawSentences(track, book: book, folder: folder, appearance: settings.appearance)
        }
    }

    /// `--voice`'s voice, nil when not given.
    static func fixedVoice(_ options: Options, speaker: Speaker) throws -> SpeechVoice? {
        try options.voice.map { name -> SpeechVoice in
            guard let voice = speaker.voice(named: name) else {
                let examples = ["gmw/en", "gmw/en-US", "roa/fr", "gmw/de", "sit/cmn"].joined(separator: ", ")
                throw UsageError("--voice: eSpeak NG has no voice \"\(name.oneLinePrefix)\" (it has \(speaker.voices.count), such as \(examples))")
            }
            return voice
        }
    }

    /// The voice for `utterance`'s language (else `language`, the reader's); why it is a stand-in, when it is, is
    /// a notice once per reason (`reported`).
    static func voice(for utterance: Utterance, speaker: Speaker, language: String?, reported: inout Set<String>) -> SpeechVoice {
        let choice = speaker.voice(for: utterance.language ?? language)
        if let reason = choice.fallbackReason, reported.insert(reason).inserted { Console.shared.notice(reason) }
        return choice.voice
    }

    /// Where reading starts: `--at`, the offset `--from`'s Locator resolves to (how is a notice), else where the
    /// book opens (``Publication/startOffset``: a Gutenberg book's first chapter, not its header).
    static func startOffset(_ options: Options, publication: Publication) throws -> UTF16Offset {
        let length = publication.text.length
        if let at = options.at {
            guard at <= length else { throw UsageError("--at: offset \(at) is past the end of the text (0...\(length))") }
            return at
        }
        guard let from = options.from else { return publication.startOffset }
        let locator: Locator
        if from.hasPrefix("{") {
            let value: JSONValue
            do { value = try JSONValue(parsing: from) } catch { throw ToolFailure(status: .badInput, message: "--from: not valid JSON: \(error)") }
            do { locator = try LocatorInput.parse(value) } catch { throw ToolFailure(status: .badInput, message: "--from: \(error.reason)") }
        } else {
            locator = try LocatorInput.read(path: from)
        }
        let resolution: LocatorResolution
        do { resolution = try publication.resolve(locator) } catch {
            throw ToolFailure(status: .badInput, message: "--from: the Locator (href \"\(locator.href.oneLinePrefix)\") is not in this book: \(error.message)")
        }
        let notes = resolution.notes.isEmpty ? "" : " (" + resolution.notes.joined(separator: "; ") + ")"
        Console.shared.notice("--from resolved to offset \(resolution.offset) by \(resolution.method.rawValue)\(notes)")
        return resolution.offset
    }

    /// Writes an output to its file as every output is written (``OutputFile``), or to standard output for `-`
    /// (a write that fails there is exit status 4, as for every command).
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" { Console.shared.write(bytes: bytes) } else { try OutputFile.write(bytes, to: path) }
    }

    private static func name(_ path: String) -> String { path == "-" ? "standard output" : path }

    /// `book.wav` for `path/to/book.epub`.
    private static func defaultOutput(_ input: String) -> String {
        let name = input.split(separator: "/").last.map(String.init) ?? input
        let stem = name.contains(".") ? String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]) : name
        return (stem.isEmpty ? "speech" : stem) + ".wav"
    }

    /// The marks file: the audio's sample rate and length, each sentence (range, text, language, voice, Locator,
    /// time span) and each word (range, text, time span); times in milliseconds from the start of the audio.
    static func marksJSON(_ track: SpeechTrack, audio: String, text: StyledText) -> JSONWriter.Value {
        let spoken = track.utterances.map { (text: $0.utterance.text, locator: $0.utterance.locator) }
        return marksJSON(track.marks, audio: audio == "-" ? nil : audio, sampleRate: track.sampleRate, text: text) { index, _ in spoken[index] }
    }

    /// The marks file of any ``SpeechMarks``: synthesized speech's or a book's narration (whose segments add the
    /// audio file each plays from and the clip in it, `clipBeginMs` and `clipEndMs`). `segment` gives a segment's
    /// text as read and its Locator.
    static func marksJSON(_ marks: SpeechMarks, audio: String?, sampleRate: Int?, text: StyledText,
                          segment: (Int, SpeechMarks.Segment) -> (text: String, locator: Locator?)) -> JSONWriter.Value {
        func milliseconds(_ seconds: Double) -> JSONWriter.Value { .integer(Int((seconds * 1000).rounded())) }
        func optional(_ value: String?) -> JSONWriter.Value { value.map(JSONWriter.Value.string) ?? .null }
        let utterances = marks.segments.enumerated().map { index, entry -> JSONWriter.Value in
            let said = segment(index, entry)
            var members: [(String, JSONWriter.Value)] = [
                ("index", .integer(index)), ("range", .range(entry.range)), ("text", .string(said.text)),
                ("language", optional(entry.language)), ("voice", optional(entry.voice)),
                ("startMs", milliseconds(entry.start)), ("endMs", milliseconds(entry.end)),
                ("locator", said.locator.map(JSONWriter.Value.locator) ?? .null)]
            if let file = entry.audio { members.append(("audio", .string(file))) }
            if let clip = entry.clip { members += [("clipBeginMs", milliseconds(clip.lowerBound)), ("clipEndMs", milliseconds(clip.upperBound))] }
            return .object(members)
        }
        let words = marks.words.map { word -> JSONWriter.Value in
            .object([("utterance", .integer(word.segment)), ("range", .range(word.range)), ("text", .string(text.string(in: word.range))),
                     ("startMs", milliseconds(word.start)), ("endMs", milliseconds(word.end))])
        }
        return .object([("audio", optional(audio)), ("sampleRate", sampleRate.map(JSONWriter.Value.integer) ?? .null),
                        ("durationMs", milliseconds(marks.duration)),
                        ("utterances", .array(utterances)), ("words", .array(words))])
    }

    /// For each sentence, the pages holding it, drawn with every spoken sentence underlined and this one active:
    /// `sentence-001-page-0012.png`, ...
    private static func drawSentences(_ track: SpeechTrack, book: LaidOutBook, folder: String, appearance: Appearance) throws {
        let layout = book.layout
        let renderer = try PageRenderer()
        var decorations = DecorationSet(publication: book.file.publication)
        let pageFiles = PageFolder(path: folder, pageCount: layout.pages.count)
        var written: [String] = []
        try PNGEncoder.createFolder(folder)
        for (index, entry) in track.utterances.enumerated() {
            decorations.apply(track.utterances.enumerated().map { other, spoken in
                Decoration(id: "sentence-\(other)", range: spoken.utterance.range,
                           style: other == index ? .highlight(tint: .blue, isActive: true) : .underline(tint: .blue))
            }, in: "speech")
            let number = String(index + 1)
            let prefix = "sentence-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + "-"
            for page in SearchCommand.pagesHolding([entry.utterance.range], in: layout) {
                let name = prefix + pageFiles.fileName(page)
                try PNGEncoder.write(try renderer.renderPNG(page: page, of: layout, appearance: appearance, decorations: decorations),
                                     to: folder + "/" + name)
                written.append(name)
            }
        }
        let names = written.prefix(3).joined(separator: ", ") + (written.count > 3 ? ", ..." : "")
        Console.shared.notice("wrote \(written.count) page\(written.count == 1 ? "" : "s") to \(folder)/ (\(names))")
    }
}
