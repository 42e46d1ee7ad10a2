import TypesetCore

/// Where the page breaks of a paged, one-column layout come from: the book (a resource's start, a heading, a
/// section the book asks for) or the flow of the text, and whether a page ends short for no reason the keep
/// rules give.
public struct PageBreakAudit: Sendable, CustomStringConvertible {
    /// Page breaks (pages after the first).
    public private(set) var pageBreaks = 0
    /// Breaks before a page that starts a section.
    public private(set) var atSectionStarts = 0
    /// Breaks at a section start that is neither a resource's start (an EPUB spine item, the file), a heading, a
    /// contents entry (a chapter number opening a paragraph) nor the end of front matter or start of back matter:
    /// a break the book did not ask for, unless it is a CSS break (``cssBreaks`` counts those the text marks).
    public private(set) var atOtherSectionStarts = 0
    /// Pages that end with room left for what the keep rules could have moved to the next page (its first
    /// `2 × orphansAndWidows - 1` lines, after any heading that opens it, and the space above them), where the
    /// next page does not start a chapter (a section the book asks for, see ``atOtherSectionStarts``): no widow,
    /// orphan or heading rule leaves that much room.
    public private(set) var shortPages = 0
    /// The first few such pages (indices), to look at.
    public private(set) var shortPageExamples: [Int] = []

    /// Audits `layout` (paged, one column) of `publication`'s text.
    public init(layout: BookLayout, publication: Publication) {
        let text = layout.text
        let asked = Self.askedStarts(publication)
        let settings = layout.settings
        let bottom = settings.contentRect.maxY
        let spacing = settings.paragraphSpacing * settings.fontSize
        let keptLines = max(1, 2 * settings.orphansAndWidows - 1)
        var previous = layout.lines(onPage: 0)
        for index in layout.pages.indices.dropFirst() {
            let lines = layout.lines(onPage: index)
            defer { previous = lines }
            pageBreaks += 1
            guard let first = lines.first else { continue }
            let paragraph = text.paragraphs[first.paragraphIndex]
            let section = text.sectionIndex(ofParagraph: first.paragraphIndex)
            let startsSection = first.lineIndex == 0 && text.sectionStarts.indices.contains(section)
                && text.sectionStarts[section] == first.paragraphIndex
            let isAsked = Self.isAsked(paragraphIndex: first.paragraphIndex, in: text, asked: asked)
            if startsSection {
                atSectionStarts += 1
                if !isAsked { atOtherSectionStarts += 1 }
            }
            // A chapter (a section the book asks for) may leave any room above it.
            guard !(startsSection && isAsked), let last = previous.last else { continue }
            // What the keep rules may move to the next page: a heading with the first lines of the paragraph
            // after it, or the last lines of a paragraph (widows and orphans).
            var keptEnd = 0
            while keptEnd < lines.count, case .heading = text.paragraphs[lines[keptEnd].paragraphIndex].style.role { keptEnd += 1 }
            keptEnd = min(lines.count, keptEnd + keptLines) - 1
            // The space above the next page's first paragraph (dropped at the top of a column, needed at the bottom).
            let style = paragraph.style
            let above = first.lineIndex > 0 ? 0 : style.continuesBlock ? style.spaceBefore * settings.fontSize
                : (settings.paragraphSpacing + style.spaceBefore) * settings.fontSize
            let needed = lines[keptEnd].rect.maxY - first.rect.minY + max(spacing, above)
            if bottom - last.rect.maxY >= needed {
                shortPages += 1
                if shortPageExamples.count < 10 { shortPageExamples.append(index - 1) }
            }
        }
    }

    /// Section starts the text marks that the book's structure does not explain (CSS breaks, an Aozora Bunko page
    /// break, in a text whose reader adds no section of its own).
    public static func cssBreaks(in publication: Publication) -> Int {
        let asked = askedStarts(publication)
        return publication.text.sectionStarts.filter { !isAsked(paragraphIndex: $0, in: publication.text, asked: asked) }.count
    }

    /// Where the book's structure asks for a page: its resources' starts, its contents entries, the ends of its
    /// front and back matter; sorted.
    static func askedStarts(_ publication: Publication) -> [UTF16Offset] {
        let body = publication.bodyRange
        return Set(publication.resources.map(\.range.lowerBound) + publication.headings.map(\.offset)
                   + [body.lowerBound, body.upperBound]).sorted()
    }

    /// Whether paragraph `index` is a heading, or the first paragraph to start at or after one of `asked` (a
    /// reader starts a section there).
    static func isAsked(paragraphIndex index: Int, in text: StyledText, asked: [UTF16Offset]) -> Bool {
        let paragraph = text.paragraphs[index]
        if case .heading = paragraph.style.role { return true }
        let start = paragraph.range.lowerBound
        let previousStart = index > 0 ? text.paragraphs[index - 1].range.lowerBound : -1
        // The last asked offset at or before the paragraph's start, found by binary search.
        var low = 0, high = asked.count
        while low < high {
            let middle = (low + high) / 2
            if asked[middle] <= start { low = middle + 1 } else { high = middle }
        }
        return low > 0 && asked[low - 1] > previousStart
    }

    /// One line: the counts.
    public var description: String {
        "\(pageBreaks) breaks, \(atSectionStarts) at section starts (\(atOtherSectionStarts) neither a resource nor a heading), \(shortPages) short pages"
    }
}
