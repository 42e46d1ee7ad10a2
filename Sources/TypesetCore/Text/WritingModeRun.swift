/// A run of consecutive paragraphs set in one writing mode (whole sections, or a block in a mode of its own): the
/// unit a layout breaks and paginates in one line frame (a page never holds two modes, since each run starts a
/// page; a scroll layout is a page per run). A layout break (``StyledText/layoutBreaks``) also ends a run, so
/// that the sections on either side never share a page or a scroll.
struct WritingModeRun: Hashable, Sendable {
    /// The document paragraphs of the run's sections (clamped to the paragraphs shaped or laid out).
    var paragraphs: Range<Int>
    /// The mode, the reader's vertical-text setting applied.
    var mode: WritingMode

    /// The runs of `paragraphRange` (whole sections, or a prefix of one) of `text` when the reader's vertical-text
    /// setting is `reader` (nil: not set): one run per change of mode and per layout break, at least one (an
    /// empty range gets the book's mode). A block in a mode of its own (``StyledText/paragraphWritingModes``) is a
    /// run of its own between its section's. O(sections + such blocks in the range).
    static func runs(of text: StyledText, paragraphRange: Range<Int>, reader: Bool?) -> [WritingModeRun] {
        let book = WritingMode.resolve(book: text.writingMode, reader: reader)
        // A reader who sets everything horizontal leaves no section its own mode; one who asks for vertical text
        // keeps `vertical-lr` sections' left-to-right lines (see WritingMode.resolve).
        let modes = !text.sectionWritingModes.isEmpty || !text.paragraphWritingModes.isEmpty
        guard (modes && reader != false) || !text.layoutBreaks.isEmpty, !paragraphRange.isEmpty else {
            return [WritingModeRun(paragraphs: paragraphRange, mode: book)]
        }
        let blocks = text.paragraphWritingModes.keys.filter { paragraphRange.contains($0) }.sorted()
        var runs: [WritingModeRun] = []
        var nextBlock = 0
        var section = text.sectionIndex(ofParagraph: paragraphRange.lowerBound)
        var start = paragraphRange.lowerBound
        var joining = false     // whether the next paragraphs may join the last run
        while start < paragraphRange.upperBound {
            let end = min(text.paragraphRange(ofSection: section).upperBound, paragraphRange.upperBound)
            // A section always holds a paragraph, so `end` moves on; the guard keeps the loop finite regardless.
            guard end > start else { break }
            let mode = WritingMode.resolve(book: text.writingMode(ofSection: section), reader: reader)
            if text.layoutBreaks.contains(section) { joining = false }
            var cursor = start
            while nextBlock < blocks.count, blocks[nextBlock] < end {
                let block = blocks[nextBlock]
                nextBlock += 1
                guard block >= cursor, let own = text.paragraphWritingModes[block] else { continue }
                runs.append(cursor..<block, mode, joining: &joining)
                runs.append(block..<(block + 1), WritingMode.resolve(book: own, reader: reader), joining: &joining)
                cursor = block + 1
            }
            runs.append(cursor..<end, mode, joining: &joining)
            start = end
            section += 1
        }
        return runs.isEmpty ? [WritingModeRun(paragraphs: paragraphRange, mode: book)] : runs
    }
}

extension Array where Element == WritingModeRun {
    /// Adds `paragraphs` in `mode` at the end: to the last run when `joining` and it has that mode, else as a run
    /// of its own; then sets `joining`. An empty range adds nothing.
    fileprivate mutating func append(_ paragraphs: Range<Int>, _ mode: WritingMode, joining: inout Bool) {
        guard !paragraphs.isEmpty else { return }
        defer { joining = true }
        if joining, let last = last, last.mode == mode, last.paragraphs.upperBound == paragraphs.lowerBound {
            self[count - 1].paragraphs = last.paragraphs.lowerBound..<paragraphs.upperBound
        } else {
            append(WritingModeRun(paragraphs: paragraphs, mode: mode))
        }
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
