/// A run of consecutive sections set in one writing mode: the unit a paged layout breaks and paginates in one
/// line frame (a page never holds two modes, since a section starts a page).
struct WritingModeRun: Hashable, Sendable {
    /// The document paragraphs of the run's sections (clamped to the paragraphs shaped or laid out).
    var paragraphs: Range<Int>
    /// The mode, the reader's vertical-text setting applied.
    var mode: WritingMode

    /// The runs of `paragraphRange` (whole sections, or a prefix of one) of `text` when the reader's vertical-text
    /// setting is `reader` (nil: not set): one run per change of mode, at least one (an empty range gets the
    /// book's mode). O(sections in the range).
    static func runs(of text: StyledText, paragraphRange: Range<Int>, reader: Bool?) -> [WritingModeRun] {
        let book = WritingMode.resolve(book: text.writingMode, reader: reader)
        // A reader who sets everything horizontal leaves no section its own mode; one who asks for vertical text
        // keeps `vertical-lr` sections' left-to-right lines (see WritingMode.resolve).
        guard !text.sectionWritingModes.isEmpty, reader != false, !paragraphRange.isEmpty else {
            return [WritingModeRun(paragraphs: paragraphRange, mode: book)]
        }
        var runs: [WritingModeRun] = []
        var section = text.sectionIndex(ofParagraph: paragraphRange.lowerBound)
        var start = paragraphRange.lowerBound
        while start < paragraphRange.upperBound {
            let end = min(text.paragraphRange(ofSection: section).upperBound, paragraphRange.upperBound)
            let mode = WritingMode.resolve(book: text.writingMode(ofSection: section), reader: reader)
            if let last = runs.last, last.mode == mode {
                runs[runs.count - 1].paragraphs = last.paragraphs.lowerBound..<end
            } else {
                runs.append(WritingModeRun(paragraphs: start..<max(start, end), mode: mode))
            }
            // A section always holds a paragraph, so `end` moves on; the guard keeps the loop finite regardless.
            guard end > start else { break }
            start = end
            section += 1
        }
        return runs.isEmpty ? [WritingModeRun(paragraphs: paragraphRange, mode: book)] : runs
    }
}

extension Array where Element == WritingModeRun {
    /// The mode of document paragraph `paragraph` (the first run's for one outside every run). O(log runs).
    func mode(ofParagraph paragraph: Int) -> WritingMode {
        guard count > 1 else { return first?.mode ?? .horizontal }
        var low = 0, high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if self[mid].paragraphs.lowerBound <= paragraph { low = mid } else { high = mid - 1 }
        }
        return self[low].mode
    }
}
