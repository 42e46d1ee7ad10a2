import TypesetCore
import TypesetDocuments
import TypesetRender
import TypesetSpeech

/// `typeset speak --narration BOOK.epub --marks FILE.json [--highlight-pages DIR]`: the marks of a book's own
/// recorded narration (EPUB 3 Media Overlays), in the shape of synthesized speech's marks, each clip with its audio
/// file and the clip in it; with `--highlight-pages`, the pages of the first `--sentences` clips from `--at` /
/// `--from`, each clip drawn as the active range (in the colour of the book's `media:active-class`, when its CSS
/// gives that class one) and the others underlined. The text-only `par`s (no `audio`) are read by eSpeak NG in
/// their turn (``synthesize(_:of:publication:options:language:)``): their clips are spans of the synthesized
/// speech, written to `-o FILE.wav` when given.
enum NarrationMarks {
    static func run(_ options: Options, input: String) throws {
        guard let marksPath = options.marks else {
            throw UsageError("--narration: writes the narration's marks, so it needs --marks FILE (- for standard output)")
        }
        if options.output == "-" && marksPath == "-" {
            throw UsageError("--marks -: the synthesized speech goes to standard output already (-o -); give the marks a file")
        }
        let console = Console.shared
        let settings = try options.settings.validated()
        let book = try options.highlightPages.map { _ in try LaidOutBook(input: input, options: options) }
        let file = try book?.file ?? OpenedBook.read(input, options: options, settings: settings)
        guard var narration = file.epub?.mediaOverlay else {
            let kind = file.epub == nil ? "it is not an EPUB" : "no spine item has a media overlay (manifest media-overlay)"
            throw ToolFailure(status: .badInput, message: "--narration: \(input) has no recorded narration: \(kind)")
        }
        guard !narration.textOnlyClips.isEmpty || (options.voice == nil && options.output == nil) else {
            throw UsageError("--narration: the book's narration is its own recording, with no text-only clip to synthesize: no --voice or -o (the audio files are named in the marks)")
        }
        console.releaseNotices()
        let publication = file.publication
        var synthesized: SpeechTrack?
        if !narration.textOnlyClips.isEmpty {
            let speech = try synthesize(narration.textOnlyClips, of: narration, publication: publication, options: options,
                                        language: settings.typography.language)
            narration = narration.synthesizing(speech.spans)
            synthesized = speech.track
            if let output = options.output { try SpeakCommand.write(try speech.track.wav(), to: output) }
            console.notice("read \(speech.spans.count) text-only clip\(speech.spans.count == 1 ? "" : "s") with speech synthesis (\(formatPoints(speech.track.duration)) s)"
                           + (options.output.map { $0 == "-" ? " to standard output" : " to \($0)" } ?? ""))
        }
        let marks = narration.marks
        let audio = options.output == "-" ? nil : options.output
        let json = SpeakCommand.marksJSON(marks, audio: audio, sampleRate: synthesized?.sampleRate, text: publication.text) { _, segment in
            (publication.text.string(in: segment.range), publication.locator(for: segment.range))
        }
        try SpeakCommand.write(Array((JSONWriter.render(json) + "\n").utf8), to: marksPath)
        let files = Set(marks.segments.compactMap(\.audio)).count
        console.notice("wrote the marks of \(marks.segments.count) narration clip\(marks.segments.count == 1 ? "" : "s") (\(formatPoints(marks.duration)) s, \(files) audio file\(files == 1 ? "" : "s")) to \(marksPath == "-" ? "standard output" : marksPath)")
        if let book, let folder = options.highlightPages {
            let start = try SpeakCommand.startOffset(options, publication: publication)
            let first = marks.segments.firstIndex { $0.range.upperBound > start } ?? marks.segments.count
            let chosen = Array(first..<min(marks.segments.count, first + options.sentences))
            try drawClips(marks, chosen: chosen, narration: narration, book: book, folder: folder, appearance: settings.appearance)
        }
    }

    /// Speech for the text-only clips `indices` of `narration`, one after the other in one track, and each clip's
    /// span in it (seconds). A clip reads the sentences that start in its range (``utterances(in:of:)``), each in
    /// `--voice` or the voice of its language (else `language`).
    static func synthesize(_ indices: [Int], of narration: MediaOverlay, publication: Publication, options: Options,
                           language: String?) throws -> (track: SpeechTrack, spans: [Int: Range<Double>]) {
        let speaker = try Speaker.shared()
        let fixedVoice = try SpeakCommand.fixedVoice(options, speaker: speaker)
        var track = SpeechTrack(sampleRate: speaker.sampleRate)
        var spans: [Int: Range<Double>] = [:]
        var reported = Set<String>()
        for (done, index) in indices.enumerated() {
            guard let range = narration.clips[index].range else { continue }
            let begin = track.duration
            for utterance in try utterances(in: range, of: publication) {
                let voice = fixedVoice ?? SpeakCommand.voice(for: utterance, speaker: speaker, language: language, reported: &reported)
                track.append(try speaker.speak(utterance, voice: voice))
            }
            spans[index] = begin..<track.duration
            Console.shared.progress("typeset: text-only clip \(done + 1)/\(indices.count)")
        }
        Console.shared.progress("", done: true)
        return (track, spans)
    }

    /// The sentences a clip of `range` reads: those that start in it, or, for a clip inside one sentence, that
    /// sentence (a `par` names an element; a sentence across two elements is read with the one it starts in).
    /// O(the range's length).
    static func utterances(in range: Range<UTF16Offset>, of publication: Publication) throws -> [Utterance] {
        guard !range.isEmpty else { return [] }
        var result: [Utterance] = []
        var holding: Utterance?
        for utterance in try publication.utterances(from: range.lowerBound) {
            guard utterance.range.lowerBound < range.upperBound else { break }
            if utterance.range.lowerBound >= range.lowerBound { result.append(utterance) } else if holding == nil { holding = utterance }
        }
        return result.isEmpty ? holding.map { [$0] } ?? [] : result
    }

    /// The pages of each chosen clip with it active (`clip-001-page-0003.png`).
    private static func drawClips(_ marks: SpeechMarks, chosen: [Int], narration: MediaOverlay, book: LaidOutBook,
                                  folder: String, appearance: Appearance) throws {
        let (layout, publication) = try layoutWhilePlaying(book)
        let renderer = try PageRenderer()
        var decorations = DecorationSet(publication: publication)
        let pageFiles = PageFolder(path: folder, pageCount: layout.pages.count)
        let tint = narration.activeColor.map(DecorationTint.custom) ?? .yellow
        var written: [String] = []
        try PNGEncoder.createFolder(folder)
        for index in chosen {
            decorations.apply(marks.segments.enumerated().map { other, segment in
                Decoration(id: "clip-\(other)", range: segment.range,
                           style: other == index ? .highlight(tint: tint, isActive: true) : .underline(tint: .blue))
            }, in: "narration")
            let number = String(index + 1)
            let prefix = "clip-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + "-"
            for page in SearchCommand.pagesHolding([marks.segments[index].range], in: layout) {
                let name = prefix + pageFiles.fileName(page)
                try PNGEncoder.write(try renderer.renderPNG(page: page, of: layout, appearance: appearance, decorations: decorations,
                                                            resources: publication.resourceLoader),
                                     to: folder + "/" + name)
                written.append(name)
            }
        }
        let names = written.prefix(3).joined(separator: ", ") + (written.count > 3 ? ", ..." : "")
        Console.shared.notice("wrote \(written.count) page\(written.count == 1 ? "" : "s") to \(folder)/ (\(names))")
    }

    /// The book as a reader sees it while its narration plays: restyled with the book's
    /// `media:playback-active-class` on each narrated document (``Publication/restyled(for:)``, as
    /// `ReadingSession.setNarrationPlaying(_:)` does) and laid out again; the book's own layout when its styles do
    /// not ask. Styles never move an offset, so the marks' ranges hold in either.
    private static func layoutWhilePlaying(_ book: LaidOutBook) throws -> (BookLayout, Publication) {
        let publication = book.file.publication
        var environment = publication.styleEnvironment
        environment.narrationPlaying = true
        guard publication.needsRestyle(for: environment) else { return (book.layout, publication) }
        let restyled = try publication.restyled(for: environment)
        let settings = book.opened.settings
        return (try book.typesetter.layout(restyled.text, settings: settings.typography, mode: settings.mode), restyled)
    }
}
