import TypesetCore
import TypesetDocuments

/// The members of a batch result that describe the book itself, without a layout: its file, metadata, language,
/// encoding, text figures and positions.
enum BookFacts {
    static func members(_ file: BookFile, bytes: Int, fullPositions: Bool) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = []
        let text = file.text
        switch file.format {
        case .plainText(let plain):
            members.append(("file", .object([("format", .string("text")), ("bytes", .integer(bytes)), ("version", .null)])))
            members.append(("metadata", metadata(title: text.title, authors: [], language: text.language, identifier: nil,
                                                 publisher: nil, date: nil)))
            members.append(("language", language(text.language, source: plain.languageSource?.rawValue)))
            var encoding: [(String, JSONWriter.Value)] = [("name", .string(plain.encoding.description)),
                                                          ("evidence", .string(evidence(plain.decoding.evidence)))]
            if case .detected(let confidence) = plain.decoding.evidence { encoding.append(("confidence", .integer(confidence))) }
            encoding += [("invalidSequences", .integer(plain.decoding.invalidSequences)),
                         ("droppedTrailingBytes", .integer(plain.decoding.droppedTrailingBytes))]
            members.append(("encoding", .object(encoding)))
        case .epub(let book):
            let m = book.metadata
            members.append(("file", .object([("format", .string("epub")), ("bytes", .integer(bytes)), ("version", .string(book.version))])))
            members.append(("metadata", metadata(title: m.title, authors: m.authors, language: m.language, identifier: m.identifier,
                                                 publisher: m.publisher, date: m.date)))
            let tag = text.language ?? m.language
            members.append(("language", language(tag, source: tag == nil ? nil : "declared")))
            // An EPUB's documents are XML, each saying its own encoding (UTF-8 or UTF-16, EPUB 3.3 §3.5).
            members.append(("encoding", .object([("name", .string("UTF-8")), ("evidence", .string("epub"))])))
        case .comic(let book):
            let info = book.info
            members.append(("file", .object([("format", .string("cbz")), ("bytes", .integer(bytes)), ("version", .null)])))
            members.append(("metadata", metadata(title: info.displayTitle, authors: info.writers, language: info.language,
                                                 identifier: nil, publisher: info.publisher, date: info.date)))
            members.append(("language", language(info.language, source: info.language == nil ? nil : "declared")))
            // A comic's text is one object replacement character per page: no encoding to speak of.
            members.append(("encoding", .object([("name", .null), ("evidence", .string("cbz"))])))
        }
        let figures = ReadingFigures(text: text, offset: 0, within: file.publication.bodyRange)
        members.append(("text", .object([
            ("length", .integer(text.length)), ("paragraphs", .integer(text.paragraphs.count)),
            ("sections", .integer(text.sectionStarts.count)), ("words", .integer(figures.totalWords)),
            ("readingMinutes", .integer(figures.totalMinutes)), ("wordsPerMinute", .integer(ReadingFigures.wordsPerMinute)),
            ("nominalPages", .integer(figures.nominalPages)),
            ("bodyRange", .range(file.publication.bodyRange)), ("startOffset", .integer(file.publication.startOffset)),
        ])))
        members.append(("positions", positions(file.publication, full: fullPositions)))
        return members
    }

    /// `{"count", "charactersPerPosition", "resources": [...]}`: Readium's positions list in a form that fixes it
    /// exactly (one position per 1024 UTF-16 units of each resource, from its start, numbered across resources),
    /// with every Locator under `"locators"` when the job asks for `"positions": "full"`.
    static func positions(_ publication: Publication, full: Bool) -> JSONWriter.Value {
        var first = 1
        let resources = publication.resources.map { resource -> JSONWriter.Value in
            defer { first += resource.positionCount }
            return .object([("href", .string(resource.href)), ("type", .string(resource.mediaType)),
                            ("range", .range(resource.range)), ("first", .integer(first)),
                            ("count", .integer(resource.positionCount))])
        }
        var members: [(String, JSONWriter.Value)] = [
            ("count", .integer(publication.positionCount)),
            ("charactersPerPosition", .integer(Publication.charactersPerPosition)), ("resources", .array(resources)),
        ]
        if full { members.append(("locators", .array(publication.positionLocators.map { .locator($0) }))) }
        return .object(members)
    }

    private static func metadata(title: String?, authors: [String], language: String?, identifier: String?,
                                 publisher: String?, date: String?) -> JSONWriter.Value {
        func optional(_ value: String?) -> JSONWriter.Value { value.map(JSONWriter.Value.string) ?? .null }
        return .object([("title", optional(title)), ("authors", .array(authors.map(JSONWriter.Value.string))),
                        ("language", optional(language)), ("identifier", optional(identifier)),
                        ("publisher", optional(publisher)), ("date", optional(date))])
    }

    private static func language(_ tag: String?, source: String?) -> JSONWriter.Value {
        .object([("tag", tag.map(JSONWriter.Value.string) ?? .null), ("source", source.map(JSONWriter.Value.string) ?? .null)])
    }

    private static func evidence(_ evidence: EncodingEvidence) -> String {
        switch evidence {
        case .byteOrderMark: "byteOrderMark"
        case .wellFormedUTF8: "wellFormedUTF8"
        case .detected: "detected"
        case .fallback: "fallback"
        case .declared: "declared"
        }
    }
}
