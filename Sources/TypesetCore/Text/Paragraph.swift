/// One paragraph of a ``StyledText``: the unit of storage, shaping, caching, invalidation and hit testing.
///
/// A paragraph owns a contiguous slice of the document's UTF-16 units: optional leading separator units (blank
/// lines before the first paragraph), its content, and the hard break(s) that end it (`\n`, `\r\n`, blank lines,
/// U+2029). The units are the decoded source text, unchanged, so offsets always point into the source.
public struct Paragraph: Sendable {
    /// The paragraph's range in the document, separators included. Paragraphs partition the document.
    public var range: Range<UTF16Offset> { start..<start.addingSaturating(units.count) }
    /// The document offset of the first unit (the range's end follows from ``units``, so that millions of
    /// one-line paragraphs cost little beyond their text).
    private let start: UTF16Offset
    /// The range of the content (what is laid out), relative to ``range``'s lower bound.
    public let contentRange: Range<Int>
    /// Every UTF-16 unit of ``range``, as in the source.
    public let units: [UInt16]
    /// Attribute runs over the content, relative to the start of the paragraph (not of the content); sorted,
    /// non-overlapping and covering ``contentRange``.
    public let runs: [AttributeRun]
    /// Paragraph-level attributes.
    public let style: ParagraphStyle
    /// The stretches of the content without caret stops inside (hidden units, replaced runs), content-relative;
    /// empty for nearly every paragraph.
    let caretSpans: [CaretSpan]

    /// Creates a paragraph.
    ///
    /// - Parameters:
    ///   - start: The document offset of the paragraph's first unit.
    ///   - units: All units of the paragraph, separators included.
    ///   - contentRange: The content, relative to the paragraph's start; it is clamped to `units`, and a CR that
    ///     ends it right before an LF separator moves to the separator (CR LF is one break).
    ///   - runs: Attribute runs relative to the paragraph's start; gaps inherit ``TextStyle/body``. Runs outside
    ///     the content are clipped.
    ///   - style: Paragraph attributes.
    ///
    /// Style values that cannot be laid out (NaN, infinite or negative sizes and indents) are replaced by their
    /// defaults and huge ones clamped (``TextStyle/sanitized``, ``ParagraphStyle/sanitized``).
    public init(start: UTF16Offset, units: [UInt16], contentRange: Range<Int>, runs: [AttributeRun] = [],
                style: ParagraphStyle = .body) {
        let lower = max(0, min(contentRange.lowerBound, units.count))
        var upper = max(lower, min(contentRange.upperBound, units.count))
        // CR LF is one grapheme (UAX #29 GB3): a content that ends with the CR of a CR LF break would put the
        // line's end, and so a caret, between the two.
        if upper > lower, upper < units.count, units[upper] == 0x0A, units[upper - 1] == 0x0D { upper -= 1 }
        // The range saturates: a start near Int.max from a caller makes a paragraph StyledText refuses, not a trap.
        self.start = start
        self.contentRange = lower..<upper
        self.units = units
        var runs = runs.isEmpty ? Paragraph.bodyRuns(content: lower..<upper)
            : Paragraph.normalizedRuns(runs.map { AttributeRun(range: $0.range, style: $0.style.sanitized) }, content: lower..<upper)
        if runs.contains(where: { $0.style.replacement != nil }) { Paragraph.dropSplittingReplacements(&runs, units: units, content: lower..<upper) }
        if runs.contains(where: { $0.style.attachment != nil }) { Paragraph.isolateAttachments(&runs, units: units) }
        self.runs = runs
        var style = style.sanitized
        // A marker or drop cap covers units of the content, never more.
        style.markerLength = min(style.markerLength, upper - lower)
        if let cap = style.dropCap, cap.length > upper - lower - style.markerLength { style.dropCap = nil }
        self.style = style
        caretSpans = CaretSpan.spans(runs: runs, content: lower..<upper, units: units)
    }

    /// The ranges of the content that are hidden from the line (``TextStyle/isHidden`` markup and ruby
    /// annotations), relative to the paragraph's start as ``runs`` are; empty when there are none.
    public var hiddenRanges: [Range<Int>] {
        let base = contentRange.lowerBound
        return caretSpans.filter(\.isOutOfFlow).map { (base + $0.start)..<(base + $0.end) }
    }

    /// Whether the content has hidden units, generated text or replaced runs (see ``TextStyle/isHidden``).
    public var hasHiddenUnits: Bool { !caretSpans.isEmpty }

    /// The content's range in document offsets.
    public var contentDocumentRange: Range<UTF16Offset> {
        contentStart..<start.addingSaturating(contentRange.upperBound)
    }

    /// The document offset of the content's first unit: content offset 0.
    package var contentStart: UTF16Offset { start.addingSaturating(contentRange.lowerBound) }

    /// The document offset of content offset `offset` (shaping, line breaking and ``LineBox`` count from the
    /// content's first unit; positions, ranges and decorations from the document's start): the one conversion
    /// between the two, with ``contentOffset(ofDocumentOffset:)``.
    @inline(__always)
    package func documentOffset(ofContentOffset offset: Int) -> UTF16Offset { contentStart + offset }

    /// The content offset of document offset `offset`: negative before the content, past its count after it.
    @inline(__always)
    package func contentOffset(ofDocumentOffset offset: UTF16Offset) -> Int { offset - contentStart }

    /// Whether the paragraph has no content (only separators).
    public var isEmpty: Bool { contentRange.isEmpty }

    /// The content as a `String` (for dumps and tests; layout works on ``units``).
    public var contentString: String { String(decoding: units[contentRange], as: UTF16.self) }

    /// Drops the replacement of a run that starts or ends inside a grapheme cluster of the source (a combining
    /// mark, the second half of a surrogate pair): a replaced run is one caret unit, and its edges must be caret
    /// stops of the source as well: a line must not end between the two halves of a pair.
    static func dropSplittingReplacements(_ runs: inout [AttributeRun], units: [UInt16], content: Range<Int>) {
        var boundaries = Set<Int>([content.lowerBound])
        var offset = content.lowerBound
        for character in String(decoding: units[content], as: UTF16.self) {
            offset += character.utf16.count
            boundaries.insert(offset)
        }
        for index in runs.indices where runs[index].style.replacement != nil {
            if !boundaries.contains(runs[index].range.lowerBound) || !boundaries.contains(runs[index].range.upperBound) {
                runs[index].style.replacement = nil
            }
        }
    }

    /// The runs of a paragraph without attributes of its own: one body run over the content. A short paragraph
    /// starting at its content (a line of verse, a blank line of `StyledText(plain:)`) shares one array per length,
    /// so that it costs no allocation (the array would be most of such a paragraph's memory).
    static func bodyRuns(content: Range<Int>) -> [AttributeRun] {
        guard !content.isEmpty else { return [] }
        if content.lowerBound == 0, content.upperBound < sharedBodyRuns.count { return sharedBodyRuns[content.upperBound] }
        return [AttributeRun(range: content, style: .body)]
    }

    /// `sharedBodyRuns[n]` is `[AttributeRun(range: 0..<n, style: .body)]` (empty for 0), made on first use.
    private static let sharedBodyRuns: [[AttributeRun]] = (0..<256).map { $0 == 0 ? [] : [AttributeRun(range: 0..<$0, style: .body)] }

    /// Gives each attachment exactly one unit, a U+FFFC: a run with an attachment whose first unit is U+FFFC is
    /// split into that unit (with the attachment) and the rest (without it); on any other run, and on hidden
    /// units, the attachment is dropped (the units are laid out as the text they are). Runs are normalized
    /// already, so they cover the content in order.
    static func isolateAttachments(_ runs: inout [AttributeRun], units: [UInt16]) {
        var result: [AttributeRun] = []
        result.reserveCapacity(runs.count + 1)
        for var run in runs {
            guard let attachment = run.style.attachment else { result.append(run); continue }
            let first = run.range.lowerBound
            guard !run.style.isOutOfFlow, first < units.count, units[first] == 0xFFFC else {
                run.style.attachment = nil
                result.append(run)
                continue
            }
            var object = run.style
            object.attachment = attachment
            result.append(AttributeRun(range: first..<(first + 1), style: object))
            if run.range.count > 1 {
                run.style.attachment = nil
                result.append(AttributeRun(range: (first + 1)..<run.range.upperBound, style: run.style))
            }
        }
        runs = result
    }

    /// Sorts and clips runs to the content and fills gaps with the body style, so that layout can rely on a
    /// covering, non-overlapping list. A replacement whose length is not its run's (clipped) length is dropped,
    /// and runs with a replacement are never merged (each one replaces its own units).
    static func normalizedRuns(_ runs: [AttributeRun], content: Range<Int>) -> [AttributeRun] {
        guard !content.isEmpty else { return [] }
        var result: [AttributeRun] = []
        var cursor = content.lowerBound
        // Runs nearly always come in order (a converter appends them so): sorting made a copy of them all, every
        // run's style retained, for every paragraph. Strictly increasing starts have one order, whatever the sort.
        let inOrder = zip(runs, runs.dropFirst()).allSatisfy { $0.range.lowerBound < $1.range.lowerBound }
        for var run in inOrder ? runs : runs.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let lower = max(run.range.lowerBound, cursor), upper = min(run.range.upperBound, content.upperBound)
            guard lower < upper else { continue }
            if lower > cursor { result.append(AttributeRun(range: cursor..<lower, style: .body)) }
            if let replacement = run.style.replacement, replacement.utf16.count != upper - lower || run.style.isHidden {
                run.style.replacement = nil
            }
            if let last = result.last, last.style == run.style, last.range.upperBound == lower, run.style.replacement == nil,
               !run.style.combinesUpright,
               run.style.attachment == nil {
                result[result.count - 1].range = last.range.lowerBound..<upper
            } else {
                result.append(AttributeRun(range: lower..<upper, style: run.style))
            }
            cursor = upper
        }
        if cursor < content.upperBound {
            if let last = result.last, last.style == .body {
                result[result.count - 1].range = last.range.lowerBound..<content.upperBound
            } else {
                result.append(AttributeRun(range: cursor..<content.upperBound, style: .body))
            }
        }
        return result
    }
}
