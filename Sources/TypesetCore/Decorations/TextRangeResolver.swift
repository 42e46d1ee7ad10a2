/// Checks decoration and mark targets against a text and turns them into ranges that can be drawn.
///
/// The rules (manual, "Decorations"):
/// - a range reaching outside `0...length` is refused;
/// - an end inside a surrogate pair is refused: the caller counted something other than UTF-16 units, so the
///   whole range is suspect;
/// - an end inside a grapheme cluster (a base and its mark, an emoji sequence, CR LF) is widened outwards to
///   whole graphemes and reported as adjusted: such ranges come honestly from DOM ranges and other engines'
///   selections, and only whole graphemes can be drawn (selection rectangles cover whole graphemes anyway), so
///   widening keeps every character the user marked;
/// - an empty range is refused for a highlight or underline; for a bookmark, a position inside a grapheme
///   moves back to the grapheme's start (where ``BookLayout/caretRect(for:)`` draws it), reported as adjusted.
public struct TextRangeResolver: Sendable {
    /// The text offsets refer to (the whole document).
    public let text: StyledText
    /// The publication Locator targets are resolved in (nil: Locator targets are refused).
    public let publication: Publication?
    private let segmenter: GraphemeSegmenter

    /// The result of resolving one target.
    public enum Resolution: Hashable, Sendable {
        /// The range as asked.
        case exact(Range<UTF16Offset>)
        /// A usable range that differs from the one asked, and why.
        case adjusted(Range<UTF16Offset>, DecorationProblem.Reason)
        /// No usable range, and why.
        case rejected(DecorationProblem.Reason)

        /// The range to use, if any.
        public var range: Range<UTF16Offset>? {
            switch self {
            case .exact(let range), .adjusted(let range, _): range
            case .rejected: nil
            }
        }
    }

    /// Creates a resolver over `text`.
    ///
    /// - Parameter segmenter: Grapheme segmentation (share the typesetter's, or let it make one).
    /// - Parameter text: The text whose UTF-16 offsets targets give.
    public init(text: StyledText, segmenter: GraphemeSegmenter = GraphemeSegmenter()) {
        self.text = text
        self.publication = nil
        self.segmenter = segmenter
    }

    /// Creates a resolver over a publication's text that also resolves Locator targets.
    public init(publication: Publication, segmenter: GraphemeSegmenter = GraphemeSegmenter()) {
        self.text = publication.text
        self.publication = publication
        self.segmenter = segmenter
    }

    /// Resolves a decoration's target to a range of the text.
    ///
    /// A Locator target is first resolved to a range (``Publication/resolve(_:)``); a range found by anything but
    /// the exact offset is reported as adjusted (``DecorationProblem/Reason/locatorRelocated(method:)``), so that an
    /// app can store the new place. Then the checks every range goes through.
    ///
    /// - Parameter allowsEmpty: True for bookmarks (a position), false for decorations.
    /// - Parameter target: A range or a Locator.
    public func resolve(_ target: DecorationTarget, allowsEmpty: Bool = false) -> Resolution {
        switch target {
        case .range(let range):
            return resolve(range, allowsEmpty: allowsEmpty)
        case .locator(let locator):
            guard let publication else {
                return .rejected(.unresolvableLocator("a Locator target needs a decoration set made with a Publication"))
            }
            let found: LocatorResolution
            do { found = try publication.resolve(locator) } catch {
                return .rejected(.unresolvableLocator(error.message))
            }
            let range = found.offset..<(found.offset + found.length)
            let checked = resolve(range, allowsEmpty: allowsEmpty)
            guard found.method != .exactOffset, case .exact(let exact) = checked else { return checked }
            return .adjusted(exact, .locatorRelocated(method: found.method.rawValue))
        }
    }

    /// Checks `range` against the rules above.
    public func resolve(_ range: Range<UTF16Offset>, allowsEmpty: Bool) -> Resolution {
        guard range.lowerBound >= 0, range.upperBound <= text.length else {
            return .rejected(.rangeOutOfBounds(range, textLength: text.length))
        }
        if range.isEmpty && !allowsEmpty { return .rejected(.emptyRange(at: range.lowerBound)) }
        for offset in [range.lowerBound, range.upperBound] where splitsSurrogatePair(offset) {
            return .rejected(.splitsSurrogatePair(at: offset))
        }
        let lower = segmenter.boundary(range.lowerBound, in: text)
        let upper = range.isEmpty ? lower : segmenter.boundary(range.upperBound, in: text, forward: true)
        if lower == range.lowerBound && upper == range.upperBound { return .exact(range) }
        let split = lower != range.lowerBound ? range.lowerBound : range.upperBound
        return .adjusted(lower..<upper, .splitsGrapheme(at: split))
    }

    /// Whether `offset` falls between a high and a low surrogate.
    private func splitsSurrogatePair(_ offset: UTF16Offset) -> Bool {
        guard offset > 0, offset < text.length, let p = text.paragraphIndex(containing: offset) else { return false }
        let paragraph = text.paragraphs[p]
        let local = offset - paragraph.range.lowerBound
        guard local > 0 else {
            // The pair would straddle two paragraphs; paragraphs split only at line breaks, so it cannot.
            return false
        }
        return UTF16.isLeadSurrogate(paragraph.units[local - 1]) && UTF16.isTrailSurrogate(paragraph.units[local])
    }
}
