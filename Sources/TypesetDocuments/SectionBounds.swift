import TypesetCore

/// Splits over-long sections at paragraph boundaries, for both readers.
///
/// A section starts a page and is what a relayout from the reading anchor lays out first, so its length bounds
/// the time to show a page after a settings change. Our layout costs roughly 100 ns per UTF-16 unit cold
/// (shaping, line breaking and pagination of a paragraph the caches have not seen), so 40,000 units lay out in
/// about 4 ms: under the 5 ms target for the first page, while a typical chapter (Pride and Prejudice's average
/// 12,000 units, War and Peace's 8,800) is never split. A text without headings, or a chapter longer than the
/// bound, gets a new section at a paragraph boundary.
package enum SectionBounds {
    /// The longest section (UTF-16 units) that is not split, unless one paragraph alone is longer.
    package static let maximumSectionLength = 40_000

    /// The paragraphs with ``ParagraphStyle/startsSection`` added wherever a section would exceed
    /// `maximumLength` units. A section is split before the paragraph that would overflow it, or, when that
    /// paragraph continues a block or follows a heading, earlier at the last paragraph that starts a block (not the next line of a stanza or table) and does not follow a heading,
    /// so a heading stays with its text. Every section ends up at most `maximumLength` units long, or is a single
    /// paragraph longer than that. Units and ranges are unchanged.
    ///
    /// The array is consumed: given one nothing else holds (a reader's own), the few paragraphs that start a
    /// section are replaced in place rather than in a copy of the whole list.
    package static func split(_ paragraphs: consuming [Paragraph], maximumLength: Int = maximumSectionLength) -> [Paragraph] {
        guard maximumLength > 0 else { return paragraphs }
        var result = paragraphs
        var sectionStart = 0
        // The latest paragraph (after the section's first) that a section may start at without splitting a block.
        var preferred: Int?
        var index = 0
        while index < result.count {
            let paragraph = result[index]
            if index == 0 || paragraph.style.startsSection {
                sectionStart = index
                preferred = nil
                index += 1
                continue
            }
            let acceptable = !paragraph.style.continuesBlock && !isHeading(result[index - 1])
            let length = paragraph.range.upperBound - result[sectionStart].range.lowerBound
            if length > maximumLength {
                let splitAt = acceptable ? index : preferred ?? index
                result[splitAt] = startingSection(result[splitAt])
                // Resume at the new section's start so that its length is counted from there.
                index = splitAt
                continue
            }
            if acceptable { preferred = index }
            index += 1
        }
        return result
    }

    private static func isHeading(_ paragraph: Paragraph) -> Bool {
        if case .heading = paragraph.style.role { return true }
        return false
    }

    private static func startingSection(_ paragraph: Paragraph) -> Paragraph {
        var style = paragraph.style
        style.startsSection = true
        return Paragraph(start: paragraph.range.lowerBound, units: paragraph.units, contentRange: paragraph.contentRange,
                         runs: paragraph.runs, style: style)
    }
}
