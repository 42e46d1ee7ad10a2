import TypesetCore

/// What the reader page needs to show one page: its image's address and size, and the text layer over it — each
/// line's rectangle and text grouped by paragraph (role, heading level, language, direction), the images with their
/// alt text, and the reader's highlights on the page with their rectangles.
enum PageView {
    /// Characters of the text drawn as nothing in the text layer (paragraph and line separators, an object's
    /// U+FFFC), replaced by a space so that each line's text keeps its UTF-16 length and offsets map one to one.
    private static let blanks: Set<UInt16> = [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0xFFFC]

    static func json(token: Int, page: ReaderPage, book: ServedBook, highlights: [StoredHighlight]) -> JSONWriter.Value {
        let layout = page.layout, index = page.pageIndex
        let publication = book.publication
        let size = layout.pages[index].size
        let text = publication.text
        let vertical = layout.writingMode(ofPage: index).isVertical
        return .object([
            ("token", .integer(token)),
            ("image", .string("/books/\(book.entry.id)/views/\(token).png")),
            ("size", .size(size)),
            // The page's number in its section's layout, from 1: the "page" of the view's position operations.
            ("layoutPage", .integer(index + 1)),
            ("vertical", .bool(vertical)),
            ("pageProgression", .string(layout.inferredPageProgression == .rightToLeft ? "rtl" : "ltr")),
            ("language", text.language.map { .string($0) } ?? .null),
            ("chapter", publication.heading(before: page.range.lowerBound + 1).map { .string($0.title) } ?? .null),
            ("paragraphs", .array(paragraphs(layout.lines(onPage: index), text: text, vertical: vertical))),
            ("images", .array(layout.attachments(onPage: index).filter { $0.attachment.formula == nil }.map(JSONWriter.Value.attachment))),
            ("highlights", .array(highlightsJSON(highlights, page: page, publication: publication))),
        ])
    }

    /// The page's lines grouped into their paragraphs, in reading order.
    private static func paragraphs(_ lines: [Line], text: StyledText, vertical: Bool) -> [JSONWriter.Value] {
        var groups: [(paragraph: Int, lines: [Line])] = []
        for line in lines {
            if groups.last?.paragraph == line.paragraphIndex { groups[groups.count - 1].lines.append(line) } else {
                groups.append((line.paragraphIndex, [line]))
            }
        }
        return groups.map { group in
            let paragraph = text.paragraphs.indices.contains(group.paragraph) ? text.paragraphs[group.paragraph] : nil
            var members: [(String, JSONWriter.Value)] = [("index", .integer(group.paragraph))]
            switch paragraph?.style.role {
            case .heading(let level)?: members += [("role", .string("heading")), ("level", .integer(min(6, max(1, level))))]
            case .blockQuote?: members.append(("role", .string("blockquote")))
            case .listItem?: members.append(("role", .string("listitem")))
            case .preformatted?: members.append(("role", .string("pre")))
            default: members.append(("role", .string("paragraph")))
            }
            members.append(("language", (paragraph?.style.language ?? text.language).map { .string($0) } ?? .null))
            members.append(("lines", .array(group.lines.map { line in
                .object([("range", .range(line.range)), ("rect", .rect(line.rect)), ("baseline", .number(line.baseline)),
                         ("direction", .string(line.direction.rawValue)), ("text", .string(layerText(line.range, in: text, paragraph: paragraph)))])
            })))
            return .object(members)
        }
    }

    /// The line's text for the layer: the source's UTF-16 units, one for one (so that an offset in the layer is the
    /// book's), with separators and objects as spaces and what the page does not show (hidden markup, ruby
    /// annotations, units outside the paragraph's content) as zero-width spaces.
    static func layerText(_ range: Range<UTF16Offset>, in text: StyledText, paragraph: Paragraph?) -> String {
        var units = text.units(in: range)
        if let paragraph {
            // In the paragraph's own offsets, as its content range and hidden ranges are.
            let line = (range.lowerBound - paragraph.range.lowerBound)..<(range.upperBound - paragraph.range.lowerBound)
            var unseen = [line.lowerBound..<max(line.lowerBound, min(line.upperBound, paragraph.contentRange.lowerBound)),
                          min(line.upperBound, max(line.lowerBound, paragraph.contentRange.upperBound))..<line.upperBound]
            unseen += paragraph.hiddenRanges.filter { $0.overlaps(line) }
            for hidden in unseen {
                for local in max(hidden.lowerBound, line.lowerBound)..<min(hidden.upperBound, line.upperBound) {
                    units[local - line.lowerBound] = 0x200B
                }
            }
        }
        for index in units.indices where blanks.contains(units[index]) { units[index] = 0x20 }
        return String(decoding: units, as: UTF16.self)
    }

    /// The reader's highlights that reach the page, each with its rectangles on it.
    private static func highlightsJSON(_ highlights: [StoredHighlight], page: ReaderPage, publication: Publication) -> [JSONWriter.Value] {
        highlights.compactMap { highlight -> JSONWriter.Value? in
            guard let range = resolve(highlight.locator, in: publication), range.overlaps(page.range) else { return nil }
            let rects = page.layout.selectionRects(for: range).filter { $0.page == page.pageIndex }
            guard !rects.isEmpty else { return nil }
            return .object([("id", .string(highlight.id)), ("color", .string(highlight.color)),
                            ("note", highlight.note.map { .string($0) } ?? .null), ("range", .range(range)),
                            ("rects", .array(rects.map { .rect($0.rect) }))])
        }
    }

    /// The range a stored Locator points at now: its offset resolved, its UTF-16 length kept (one unit when it has
    /// none), clamped to the text.
    static func resolve(_ locator: Locator, in publication: Publication) -> Range<UTF16Offset>? {
        guard let start = try? publication.resolve(locator).offset else { return nil }
        let length = max(1, locator.locations.utf16Length ?? 1)
        let end = min(publication.text.length, start + min(length, publication.text.length))
        return start < end ? start..<end : nil
    }
}
