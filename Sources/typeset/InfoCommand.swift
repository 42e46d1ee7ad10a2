import Foundation
import TypesetCore
import TypesetDocuments

/// `typeset info FILE [settings options]`: metadata, table of contents with page numbers, reading figures.
///
/// The settings options are the render command's (`--font`, `--size`, `--width`...), so the page numbers are
/// those `typeset FILE` with the same options would draw. `--json` prints the same facts as one JSON object;
/// `--no-publisher-styles` lays an EPUB out without its CSS.
enum InfoCommand {
    static func run(_ options: Options) throws {
        guard let input = options.input else { throw UsageError("info: no input file (typeset info FILE [options])") }
        let book = try LaidOutBook(input: input, options: options)
        let face = book.primaryFace
        let report = Report(document: book.file, layout: book.layout, fontName: "\(face.family) \(face.styleName)",
                            coverage: book.coverage)
        Console.shared.write(options.json ? JSONWriter.render(report.json) + "\n" : report.text)
    }

    /// The facts `info` prints, computed once.
    struct Report {
        let document: BookFile
        let layout: BookLayout
        let fontName: String
        let coverage: FontCoverageReport
        let figures: ReadingFigures

        init(document: BookFile, layout: BookLayout, fontName: String, coverage: FontCoverageReport) {
            self.document = document; self.layout = layout; self.fontName = fontName; self.coverage = coverage
            // The book proper: a distributor's header and licence are not read (Publication.bodyRange).
            figures = ReadingFigures(text: document.text, offset: 0, within: document.publication.bodyRange)
        }

        /// A plain-text book's reading facts: how it was decoded, its language and where that came from, where
        /// it opens (past front matter), the matter around the book and whether it is a preview.
        var plainTextFacts: (lines: [(String, String)], json: [(String, JSONWriter.Value)]) {
            guard case .plainText(let plain) = document.format else { return ([], []) }
            var lines: [(String, String)] = [("Encoding", plain.decoding.summary)]
            let evidence: String = switch plain.decoding.evidence {
            case .byteOrderMark: "byteOrderMark"
            case .wellFormedUTF8: "wellFormedUTF8"
            case .detected: "detected"
            case .fallback: "fallback"
            case .declared: "declared"
            }
            var json: [(String, JSONWriter.Value)] = [
                ("encodingEvidence", .string(evidence)),
                ("droppedTrailingBytes", .integer(plain.decoding.droppedTrailingBytes)),
                ("invalidSequences", .integer(plain.decoding.invalidSequences)),
            ]
            if case .detected(let confidence) = plain.decoding.evidence { json.append(("encodingConfidence", .integer(confidence))) }
            let source: String? = switch plain.languageSource {
            case .declared?: plain.convention == .projectGutenberg ? "declared in the Project Gutenberg header" : "declared"
            case .convention?: "\(plain.convention.rawValue)'s convention"
            case .identified?: "identified from the text by libexttextcat"
            case nil: nil
            }
            if let language = plain.text.language {
                lines.append(("Language", language + (source.map { " (\($0))" } ?? "")))
            } else {
                lines.append(("Language", "unknown (the text does not say, and none was recognised)"))
            }
            json.append(("language", plain.text.language.map(JSONWriter.Value.string) ?? .null))
            json.append(("languageSource", plain.languageSource.map { .string($0.rawValue) } ?? .null))
            if plain.convention != .none { lines.append(("Convention", plain.convention.rawValue)) }
            json.append(("convention", plain.convention == .none ? .null : .string(plain.convention.rawValue)))
            let start = plain.startOffset
            let why = plain.frontMatter.map { "past the front matter, 0..<\($0.upperBound), not counted in the reading time" } ?? (start > 0 ? "the first chapter" : "the start")
            lines.append(("Opens at", "offset \(start), page \(page(of: start) ?? 1) (\(why))"))
            if let back = plain.backMatter { lines.append(("Back matter", "\(back.lowerBound)..<\(back.upperBound), page \(page(of: back.lowerBound) ?? 1) on (not counted in the reading time)")) }
            json += [("startOffset", .integer(start)),
                     ("frontMatter", plain.frontMatter.map(JSONWriter.Value.range) ?? .null),
                     ("backMatter", plain.backMatter.map(JSONWriter.Value.range) ?? .null),
                     ("bodyRange", .range(plain.bodyRange)), ("preview", .bool(plain.isPreview))]
            if plain.isPreview { lines.append(("Preview", "the first bytes of the book only (--preview); its offsets hold in the whole book")) }
            return (lines, json)
        }

        var words: Int { figures.totalWords }
        var readingMinutes: Int { figures.totalMinutes }

        /// `about 8 h 44 min`, `about 12 min`.
        var readingTime: String {
            let minutes = readingMinutes
            return minutes >= 60 ? "about \(minutes / 60) h \(minutes % 60) min" : "about \(minutes) min"
        }

        func page(of offset: UTF16Offset?) -> Int? {
            offset.flatMap { layout.pageIndex(containing: $0) }.map { $0 + 1 }
        }

        var text: String {
            var lines: [(String, String)] = []
            let fileName = (document.path as NSString).lastPathComponent
            switch document.format {
            case .plainText(let plain):
                lines.append(("File", "\(fileName) (plain text, \(plain.encoding.description))"))
                lines += plainTextFacts.lines
            case .epub(let book):
                let metadata = book.metadata
                lines.append(("File", "\(fileName) (EPUB \(book.version))"))
                if let title = metadata.title { lines.append(("Title", title + (metadata.subtitle.map { ": " + $0 } ?? ""))) }
                if !metadata.authors.isEmpty { lines.append((metadata.authors.count == 1 ? "Author" : "Authors", metadata.authors.joined(separator: ", "))) }
                for contributor in metadata.contributors where contributor.role == "trl" || contributor.role == "ill" || contributor.role == "edt" {
                    let role = ["trl": "Translator", "ill": "Illustrator", "edt": "Editor"][contributor.role ?? ""] ?? "Contributor"
                    lines.append((role, contributor.name))
                }
                if let language = metadata.language { lines.append(("Language", language)) }
                if let identifier = metadata.identifier { lines.append(("Identifier", identifier)) }
                if let publisher = metadata.publisher { lines.append(("Publisher", publisher)) }
                if let date = metadata.date { lines.append(("Date", date)) }
                let linear = book.spine.filter { $0.range != nil }.count
                lines.append(("Spine", "\(book.spine.count) item\(book.spine.count == 1 ? "" : "s"), \(linear) in the reading order; page progression \(book.pageProgression.rawValue)\(book.pageProgression == .default ? " (\(book.readingProgression.rawValue))" : ""); flow \(book.flow.rawValue)"))
            case .comic(let book):
                let info = book.info
                lines.append(("File", "\(fileName) (comic book archive\(book.hasComicInfo ? ", with ComicInfo.xml" : ""))"))
                if let title = info.displayTitle { lines.append(("Title", title)) }
                if let series = info.series { lines.append(("Series", series + (info.number.map { " #" + $0 } ?? "") + (info.volume.map { ", volume " + $0 } ?? ""))) }
                if !info.writers.isEmpty { lines.append((info.writers.count == 1 ? "Writer" : "Writers", info.writers.joined(separator: ", "))) }
                if !info.pencillers.isEmpty { lines.append(("Artist", info.pencillers.joined(separator: ", "))) }
                if let publisher = info.publisher { lines.append(("Publisher", publisher)) }
                if let date = info.date { lines.append(("Date", date)) }
                if let language = info.language { lines.append(("Language", language)) }
                lines.append(("Images", "\(book.pages.count), one page each; page progression \(book.pageProgression.rawValue)\(info.manga.map { " (Manga: \($0))" } ?? "")"))
            }
            if document.comic != nil {
                let settings = layout.settings
                lines.append(("Pages", "\(layout.pages.count) (\(formatPoints(settings.pageSize.width)) × \(formatPoints(settings.pageSize.height)) pt)"))
                let width = lines.map { $0.0.count }.max() ?? 0
                return lines.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }.joined(separator: "\n") + "\n"
            }
            lines.append(("Length", "\(document.text.length) characters (UTF-16 units), \(words) words"))
            lines.append(("Reading time", "\(readingTime) at \(ReadingFigures.wordsPerMinute) words per minute"))
            lines.append(("Positions", "\(document.publication.positionCount)"))
            lines.append(("Nominal pages", "\(figures.nominalPages) of \(ReadingFigures.charactersPerNominalPage) characters"))
            let settings = layout.settings
            lines.append(("Pages", "\(layout.pages.count) (\(fontName) \(formatPoints(settings.fontSize)) pt, \(formatPoints(settings.pageSize.width)) × \(formatPoints(settings.pageSize.height)) pt\(layout.mode == .scroll ? ", scroll" : ""))"))
            if let modes = writingModeLine { lines.append(("Writing mode", modes)) }
            lines.append(("Font coverage", coverage.summary(limit: 20)))
            let width = lines.map { $0.0.count }.max() ?? 0
            var output = lines.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 }.joined(separator: "\n") + "\n"

            let count = document.tableOfContents.reduce(0) { $0 + $1.count }
            let source = switch document.epub?.tableOfContentsSource {
            case .navigationDocument: "the EPUB 3 navigation document"
            case .ncx: "the EPUB 2 NCX"
            case .none?: "nowhere"
            case nil: "the chapter headings found in the text"
            }
            if count == 0 && document.epub == nil { return output + "\nContents: none (no chapter headings found in the text)\n" + navigationText }
            output += "\nContents (\(count) entr\(count == 1 ? "y" : "ies"), from \(source); page numbers at these settings):\n"
            let pageWidth = max(4, String(layout.pages.count).count)
            func add(_ entries: [TableOfContentsEntry], depth: Int) {
                for entry in entries {
                    let number = page(of: entry.offset).map(String.init) ?? "-"
                    output += String(repeating: " ", count: pageWidth - number.count) + number + "  "
                        + String(repeating: "  ", count: depth) + (entry.title.isEmpty ? "(untitled)" : entry.title) + "\n"
                    add(entry.children, depth: depth + 1)
                }
            }
            add(document.tableOfContents, depth: 0)
            return output + navigationText
        }

        var json: JSONWriter.Value {
            func optional(_ value: String?) -> JSONWriter.Value { value.map(JSONWriter.Value.string) ?? .null }
            func entries(_ list: [TableOfContentsEntry]) -> JSONWriter.Value {
                .array(list.map { entry in
                    .object([("title", .string(entry.title)), ("href", optional(entry.href)),
                             ("offset", entry.offset.map(JSONWriter.Value.integer) ?? .null),
                             ("page", page(of: entry.offset).map(JSONWriter.Value.integer) ?? .null),
                             ("children", entries(entry.children))])
                })
            }
            var members: [(String, JSONWriter.Value)] = [("file", .string(document.path))]
            switch document.format {
            case .plainText(let plain):
                members.append(("format", .string("text")))
                members.append(("encoding", .string(plain.encoding.description)))
                members += plainTextFacts.json
            case .epub(let book):
                let metadata = book.metadata
                members += [
                    ("format", .string("epub")), ("version", .string(book.version)),
                    ("title", optional(metadata.title)), ("authors", .array(metadata.authors.map(JSONWriter.Value.string))),
                    ("language", optional(metadata.language)), ("identifier", optional(metadata.identifier)),
                    ("titleDirection", .string(metadata.titleDirection.rawValue)),
                    ("authorDirections", .array(metadata.authorDirections.map { .string($0.rawValue) })),
                    ("publisher", optional(metadata.publisher)), ("pageProgression", .string(book.pageProgression.rawValue)),
                    ("readingProgression", .string(book.readingProgression.rawValue)), ("flow", .string(book.flow.rawValue)),
                    ("spine", .array(book.spine.map { item in
                        .object([("href", .string(item.href)), ("linear", .bool(item.isLinear)),
                                 ("range", item.range.map(JSONWriter.Value.range) ?? .null)] + fixedLayoutJSON(item))
                    })),
                ]
                members += fixedLayoutJSON(book)
            case .comic(let book):
                let info = book.info
                members += [
                    ("format", .string("cbz")), ("comicInfo", .bool(book.hasComicInfo)),
                    ("title", optional(info.displayTitle)), ("series", optional(info.series)), ("number", optional(info.number)),
                    ("volume", optional(info.volume)), ("authors", .array(info.writers.map(JSONWriter.Value.string))),
                    ("pencillers", .array(info.pencillers.map(JSONWriter.Value.string))),
                    ("publisher", optional(info.publisher)), ("date", optional(info.date)), ("language", optional(info.language)),
                    ("summary", optional(info.summary)), ("manga", optional(info.manga)),
                    ("pageProgression", .string(book.pageProgression.rawValue)),
                    ("images", .array(book.pages.map { page in
                        .object([("href", .string(page.href)), ("type", .string(page.mediaType)),
                                 ("width", page.pixelSize.map { .integer(Int($0.width)) } ?? .null),
                                 ("height", page.pixelSize.map { .integer(Int($0.height)) } ?? .null)])
                    })),
                ]
            }
            members += [
                ("textLength", .integer(document.text.length)), ("words", .integer(words)),
                ("readingMinutes", .integer(readingMinutes)), ("positions", .integer(document.publication.positionCount)),
                ("nominalPages", .integer(figures.nominalPages)),
                ("pageCount", .integer(layout.pages.count)),
            ] + writingModeJSON + [
                ("checkedCharacters", .integer(coverage.checkedCharacters)),
                ("missingCharacters", .array(coverage.missing.map { character in
                    .object([("character", .string(String(Character(character.scalar)))),
                             ("codePoint", .integer(Int(character.scalar.value))),
                             ("occurrences", .integer(character.occurrences)),
                             ("firstOffset", .integer(character.firstOffset))])
                })),
                ("toc", entries(document.tableOfContents)),
            ]
            // A plain-text book says where it opens among its own facts.
            members += navigationJSON.filter { key, _ in key != "startOffset" || document.epub != nil }
            return .object(members)
        }
    }
}

extension InfoCommand.Report {
    /// A spine item's layout (`pre-paginated` with its viewport, or `reflowable`) and its side in a spread.
    func fixedLayoutJSON(_ item: EPUBSpineItem) -> [(String, JSONWriter.Value)] {
        let side: (String, JSONWriter.Value) = ("pageSpread", item.pageSpread.map { .string($0.rawValue) } ?? .null)
        guard let fixed = item.fixedLayout else { return [("layout", .string(EPUBRenditionLayout.reflowable.rawValue)), side] }
        return [("layout", .string(EPUBRenditionLayout.prePaginated.rawValue)),
                ("viewport", fixed.viewport.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null), side]
    }

    /// The package's rendition properties and, for a book with fixed pages, its pages as `typeset` draws them (each
    /// fixed item one page, each reflowable item its pages of the book reflowed: `page` is the index in that layout)
    /// and their spreads as `--spread` pairs them (indices into `fixedPages`; each page alone and centred under
    /// `rendition:spread none`).
    func fixedLayoutJSON(_ book: EPUBBook) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = [
            ("renditionLayout", .string(book.renditionLayout.rawValue)), ("renditionSpread", .string(book.renditionSpread.rawValue)),
            ("renditionOrientation", .string(book.renditionOrientation.rawValue)),
        ]
        guard let sheets = FixedLayoutRender.sheets(of: book, pageSize: layout.settings.pageSize, layout: { layout }) else { return members + [("fixedPages", .null)] }
        let progression: PageProgression = book.readingProgression == .rightToLeft ? .rightToLeft : .leftToRight
        let spreads = FixedLayoutRender.spreads(sheets, epub: book, progression: progression)
        members.append(("fixedPages", .array(sheets.sheets.map { sheet in
            switch sheet {
            case .fixed(let range, _, _): .object([("layout", .string("pre-paginated")), ("range", .range(range))])
            case .flowing(let index): .object([("layout", .string("reflowable")), ("page", .integer(index))])
            }
        })))
        members.append(("spreads", .array(spreads.map { spread in
            .object([("left", spread.left.map(JSONWriter.Value.integer) ?? .null),
                     ("right", spread.right.map(JSONWriter.Value.integer) ?? .null),
                     ("center", .bool(spread.isCentered))])
        })))
        return members
    }
}
