/// A document as Typeset lays it out: UTF-16 text split into paragraphs, with attribute runs.
///
/// Offsets are UTF-16 code units into the decoded source text (``UTF16Offset``); paragraphs partition
/// `0..<length` with no gap or overlap. Sections (chapters) start at paragraphs whose style says
/// ``ParagraphStyle/startsSection``; the first paragraph always starts one. A section always starts a new page.
public struct StyledText: Sendable {
    /// The paragraphs, in order; they partition the text.
    public let paragraphs: [Paragraph]
    /// The text's length in UTF-16 units.
    public let length: Int
    /// Indices into ``paragraphs`` of the first paragraph of every section, ascending, starting with 0
    /// (empty only when there are no paragraphs).
    public let sectionStarts: [Int]
    /// The document's default language (BCP 47), if known.
    public var language: String?
    /// The document's title, if known.
    public var title: String?

    /// Errors in how a caller assembled a ``StyledText``.
    public struct InvalidParagraphs: Error, CustomStringConvertible {
        /// What is wrong.
        public let description: String
    }

    /// Creates a text from paragraphs that must partition `0..<length` in order.
    ///
    /// - Throws: ``InvalidParagraphs`` when a paragraph does not start where the previous one ended.
    public init(paragraphs: [Paragraph], language: String? = nil, title: String? = nil) throws {
        var expected = 0
        var sections: [Int] = []
        for (index, paragraph) in paragraphs.enumerated() {
            guard paragraph.range.lowerBound == expected else {
                throw InvalidParagraphs(description: "paragraph \(index) starts at \(paragraph.range.lowerBound), expected \(expected)")
            }
            expected = paragraph.range.upperBound
            if index == 0 || paragraph.style.startsSection { sections.append(index) }
        }
        self.paragraphs = paragraphs
        self.length = expected
        self.sectionStarts = sections
        self.language = language
        self.title = title
    }

    /// A text with one body paragraph per line of `string` (lines end at `\n`); handy for tests and small
    /// programs. Offsets are the UTF-16 offsets of `string`.
    public init(plain string: String, language: String? = nil) {
        var paragraphs: [Paragraph] = []
        var start = 0
        var current: [UInt16] = []
        func flush(terminated: Bool) {
            let content = 0..<(terminated ? current.count - 1 : current.count)
            paragraphs.append(Paragraph(start: start, units: current, contentRange: content))
            start += current.count
            current.removeAll(keepingCapacity: true)
        }
        for unit in string.utf16 {
            current.append(unit)
            if unit == 0x0A { flush(terminated: true) }
        }
        if !current.isEmpty || paragraphs.isEmpty { flush(terminated: false) }
        // `flush` only builds paragraphs that partition the string, so this cannot throw.
        self = (try? StyledText(paragraphs: paragraphs, language: language))
            ?? StyledText(unchecked: paragraphs, language: language)
    }

    private init(unchecked paragraphs: [Paragraph], language: String?) {
        self.paragraphs = paragraphs
        self.length = paragraphs.last?.range.upperBound ?? 0
        self.sectionStarts = paragraphs.isEmpty ? [] : [0]
        self.language = language
    }

    /// The index of the paragraph containing `offset` (the last paragraph for `offset == length`), found by
    /// binary search; nil for an empty text or an offset outside `0...length`.
    public func paragraphIndex(containing offset: UTF16Offset) -> Int? {
        guard !paragraphs.isEmpty, offset >= 0, offset <= length else { return nil }
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if paragraphs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The UTF-16 units of `range`, clamped to the text.
    public func units(in range: Range<UTF16Offset>) -> [UInt16] {
        let lower = max(0, range.lowerBound), upper = min(length, range.upperBound)
        guard lower < upper, var index = paragraphIndex(containing: lower) else { return [] }
        var result: [UInt16] = []
        result.reserveCapacity(upper - lower)
        while index < paragraphs.count, paragraphs[index].range.lowerBound < upper {
            let paragraph = paragraphs[index]
            let from = max(lower, paragraph.range.lowerBound) - paragraph.range.lowerBound
            let to = min(upper, paragraph.range.upperBound) - paragraph.range.lowerBound
            result.append(contentsOf: paragraph.units[from..<to])
            index += 1
        }
        return result
    }

    /// The text of `range` as a `String`, clamped to the text.
    public func string(in range: Range<UTF16Offset>) -> String {
        String(decoding: units(in: range), as: UTF16.self)
    }

    /// The paragraph range `sectionStarts[section]..<sectionStarts[section + 1]`.
    public func paragraphRange(ofSection section: Int) -> Range<Int> {
        let start = sectionStarts[section]
        let end = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : paragraphs.count
        return start..<end
    }
}
