import TypesetCore

/// Where the page breaks of a paged, one-column layout come from: the book (a resource's start, a heading, a
/// section the book asks for) or the flow of the text, and whether a page ends short for no reason the keep
/// rules give.
public struct PageBreakAudit: Sendable, CustomStringConvertible {
    /// Page breaks (pages after the first).
    public private(set) var pageBreaks = 0
    /// Breaks before a page that starts a section.
    public private(set) var atSectionStarts = 0
    /// Breaks at a section start that is neither a resource's start (an EPUB spine item, the file) nor a heading:
    /// a break the book did not ask for, unless it is a CSS break (``cssBreaks`` counts those the text marks).
    public private(set) var atOtherSectionStarts = 0
    /// Pages that end with room left for what the keep rules could have moved to the next page (its first
    /// `2 × orphansAndWidows - 1` lines, after any heading that opens it, and the space above them), where the
    /// next page does not start a chapter (a resource, or a section opening with a heading): no widow, orphan or
    /// heading rule leaves that much room.
    public private(set) var shortPages = 0
    /// The first few such pages (indices), to look at.
    public private(set) var shortPageExamples: [Int] = []

    /// Audits `layout` (paged, one column) of `publication`'s text.
    public init(layout: BookLayout, publication: Publication) {
        let text = layout.text
        let resourceStarts = Set(publication.resources.map(\.range.lowerBound))
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
            let isHeading = if case .heading = paragraph.style.role { true } else { false }
            let startsResource = first.lineIndex == 0 && resourceStarts.contains(paragraph.range.lowerBound)
            let section = text.sectionIndex(ofParagraph: first.paragraphIndex)
            let startsSection = first.lineIndex == 0 && text.sectionStarts.indices.contains(section)
                && text.sectionStarts[section] == first.paragraphIndex
            if startsSection {
                atSectionStarts += 1
                if !startsResource && !isHeading { atOtherSectionStarts += 1 }
            }
            // A chapter (a resource's start, or a section starting at a heading) may leave any room above it.
            guard !(startsSection && (startsResource || isHeading)), let last = previous.last else { continue }
            // What the keep rules may move to the next page: a heading with the first lines of the paragraph
            // after it, or the last lines of a paragraph (widows and orphans).
            var keptEnd = 0
            while keptEnd < lines.count, case .heading = text.paragraphs[lines[keptEnd].paragraphIndex].style.role { keptEnd += 1 }
            keptEnd = min(lines.count, keptEnd + keptLines) - 1
            let needed = lines[keptEnd].rect.maxY - first.rect.minY + spacing
            if bottom - last.rect.maxY >= needed {
                shortPages += 1
                if shortPageExamples.count < 10 { shortPageExamples.append(index - 1) }
            }
        }
    }

    /// Section starts the text marks that are neither a resource's start nor a heading (CSS breaks, in a text
    /// whose reader adds no section of its own).
    public static func cssBreaks(in publication: Publication) -> Int {
        let text = publication.text
        let resourceStarts = Set(publication.resources.map(\.range.lowerBound))
        return text.sectionStarts.filter { index in
            let paragraph = text.paragraphs[index]
            if case .heading = paragraph.style.role { return false }
            return !resourceStarts.contains(paragraph.range.lowerBound)
        }.count
    }

    /// One line: the counts.
    public var description: String {
        "\(pageBreaks) breaks, \(atSectionStarts) at section starts (\(atOtherSectionStarts) neither a resource nor a heading), \(shortPages) short pages"
    }
}
