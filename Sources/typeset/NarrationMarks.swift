import TypesetCore
import TypesetDocuments
import TypesetRender

/// `typeset speak --narration BOOK.epub --marks FILE.json [--highlight-pages DIR]`: the marks of a book's own
/// recorded narration (EPUB 3 Media Overlays), in the shape of synthesized speech's marks, each clip with its audio
/// file and the clip in it; with `--highlight-pages`, the pages of the first `--sentences` clips from `--at` /
/// `--from`, each clip drawn as the active range (in the colour of the book's `media:active-class`, when its CSS
/// gives that class one) and the others underlined.
enum NarrationMarks {
    static func run(_ options: Options, input: String) throws {
        guard let marksPath = options.marks else {
            throw UsageError("--narration: writes the narration's marks, so it needs --marks FILE (- for standard output)")
        }
        guard options.voice == nil, options.output == nil else {
            throw UsageError("--narration: the book's narration is its own recording: no --voice or -o (the audio files are named in the marks)")
        }
        let console = Console.shared
        let settings = try options.settings.validated()
        let book = try options.highlightPages.map { _ in try LaidOutBook(input: input, options: options) }
        let file = try book?.file ?? OpenedBook.read(input, options: options, settings: settings)
        guard let narration = file.epub?.mediaOverlay else {
            let kind = file.epub == nil ? "it is not an EPUB" : "no spine item has a media overlay (manifest media-overlay)"
            throw ToolFailure(status: .badInput, message: "--narration: \(input) has no recorded narration: \(kind)")
        }
        console.releaseNotices()
        let publication = file.publication
        let marks = narration.marks
        let json = SpeakCommand.marksJSON(marks, audio: nil, sampleRate: nil, text: publication.text) { _, segment in
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

    /// The pages of each chosen clip with it active (`clip-001-page-0003.png`).
    private static func drawClips(_ marks: SpeechMarks, chosen: [Int], narration: MediaOverlay, book: LaidOutBook,
                                  folder: String, appearance: Appearance) throws {
        let layout = book.layout
        let renderer = try PageRenderer()
        var decorations = DecorationSet(publication: book.file.publication)
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
                                                            resources: book.file.publication.resourceLoader),
                                     to: folder + "/" + name)
                written.append(name)
            }
        }
        let names = written.prefix(3).joined(separator: ", ") + (written.count > 3 ? ", ..." : "")
        Console.shared.notice("wrote \(written.count) page\(written.count == 1 ? "" : "s") to \(folder)/ (\(names))")
    }
}
