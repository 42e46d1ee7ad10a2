import Dispatch

/// A search of a publication's text for a query: ICU's collation-based string search over the text as it is read
/// (``ReadableText``: hidden markup left out, soft line ends read as spaces), resource by resource, in book order.
///
/// ```swift
/// let search = publication.search("natasha")               // case, diacritics and width ignored
/// try search.forEachBatch { batch in
///     show(batch.results)                                  // each: range, Locator with before/highlight/after
///     return userCancelled ? .stop : .proceed
/// }
/// for try await batch in search.batches() { ... }         // the same on a background thread; cancel the task to stop
/// ```
///
/// Results stream: the text is searched in stretches of about ``windowLength`` units (whole paragraphs, within
/// one resource), and each stretch's results are handed over before the next is searched, so the first result of
/// a 3 MB book is on screen long before the last. A match never starts or ends inside a grapheme cluster, never
/// crosses a paragraph break, and never starts or ends with hidden units. A value: searching has no state of its
/// own, so one search can run any number of times, on any thread.
public struct Search: Sendable {
    /// The book searched.
    public let publication: Publication
    /// The query as given.
    public let query: String
    /// How the query is compared with the text.
    public let options: SearchOptions
    /// Why the query can match nothing (empty, only marks or spaces, too long); such a search has no results.
    public let unsearchable: UnsearchableQuery?
    /// The query as matched: white space at its ends dropped and each run of it inside read as one space, as the
    /// text is read.
    let pattern: [UInt16]
    private let segmenter: GraphemeSegmenter

    /// The longest query searched, in UTF-16 units (about forty words): ICU's search compares the query at each
    /// place of the text, so in the worst case (a query that almost matches everywhere) its cost is the text's
    /// length times the query's.
    public static let maximumQueryLength = 256
    /// About how many units each streamed stretch (``SearchBatch``) covers.
    public static let windowLength = 32_768
    /// The most results ``results(limit:)`` and ``resultsAndCount(limit:)`` keep, whatever the limit asked: a
    /// result with its Locator takes 450 to 600 bytes, so 10,000 are about 5 MB (100 MB of `a a a` has 50 million
    /// matches of `a`). Streaming with ``forEachBatch(in:maximumResults:_:)`` keeps nothing, and counts every match.
    public static let maximumResults = 10_000

    /// Prepares a search; nothing is searched until ``forEachBatch(in:maximumResults:_:)``, ``results(limit:)`` or
    /// ``batches()``.
    ///
    /// - Parameter segmenter: Grapheme segmentation (share the typesetter's, or let it make one).
    /// - Parameter publication: The book to search.
    /// - Parameter query: What to find, as a reader typed it.
    /// - Parameter options: Case, diacritic and whole-word sensitivity.
    public init(publication: Publication, query: String, options: SearchOptions = SearchOptions(),
                segmenter: GraphemeSegmenter = GraphemeSegmenter()) {
        self.publication = publication
        self.query = query
        self.options = options
        self.segmenter = segmenter
        let pattern = Self.normalized(query)
        self.pattern = pattern
        if pattern.isEmpty {
            unsearchable = .empty
        } else if pattern.count > Self.maximumQueryLength {
            unsearchable = .tooLong(length: pattern.count)
        } else if !Self.hasSomethingToMatch(pattern) {
            unsearchable = .nothingToMatch
        } else {
            unsearchable = nil
        }
    }

    /// The language whose collation compares: the options', else the book's (nil: ICU's root collation).
    public var language: String? { options.language ?? publication.text.language }

    /// Searches `range` of the text (the whole book by default) and hands over the results stretch by stretch, in
    /// book order, until the end or until `body` answers ``SearchControl/stop``. `body` is called for every
    /// stretch searched, also those without results, so that it can show progress or stop.
    ///
    /// Only the first `maximumResults` matches are made into results (with their Locators); later ones are counted
    /// in each batch's ``SearchBatch/matchCount``, so that a caller that wants a few results and the count keeps no
    /// more than it asked for.
    ///
    /// - Throws: What `body` throws, or ``SearchError`` when ICU cannot search.
    public func forEachBatch(in range: Range<UTF16Offset>? = nil, maximumResults: Int = .max,
                             _ body: (SearchBatch) throws -> SearchControl) throws {
        guard unsearchable == nil else { return }
        let text = publication.text
        let searcher = try StringSearcher(pattern: pattern, options: options, language: language)
        var nextIndex = 0
        for (resourceIndex, resource) in publication.resources.enumerated() {
            let limits = range.map { resource.range.clamped(to: $0.clamped(to: 0..<text.length)) } ?? resource.range
            var cursor = limits.lowerBound
            while cursor < limits.upperBound {
                let end = groupEnd(from: cursor, limit: limits.upperBound)
                let readable = ReadableText(text: text, range: cursor..<end)
                var control = SearchControl.proceed
                try forEachWindow(of: readable, searcher: searcher) { readRange, matches in
                    var results: [SearchResult] = []
                    var matchCount = 0
                    for match in matches {
                        guard nextIndex < maximumResults else { matchCount += 1; continue }
                        guard let locator = publication.locator(for: match) else { continue }
                        results.append(SearchResult(index: nextIndex, range: match, locator: locator))
                        nextIndex += 1
                    }
                    let lower = readRange.lowerBound == 0 ? cursor : readable.sourceOffset(ofReadOffset: readRange.lowerBound)
                    let upper = readRange.upperBound == readable.units.count ? end : readable.sourceOffset(ofReadOffset: readRange.upperBound)
                    control = try body(SearchBatch(results: results, searched: lower..<max(lower, upper), resourceIndex: resourceIndex,
                                                   matchCount: results.count + matchCount))
                    return control
                }
                if control == .stop { return }
                cursor = end
            }
        }
    }

    /// The first `limit` results (at most ``maximumResults``), in book order; the search stops there.
    ///
    /// - Throws: ``SearchError`` when ICU cannot search.
    public func results(limit: Int = Search.maximumResults) throws -> [SearchResult] {
        try resultsAndCount(limit: limit, countingAll: false).results
    }

    /// The first `limit` results (at most ``maximumResults``), in book order, and the number of matches in the
    /// whole book: the search goes on to the end, counting what it does not keep.
    ///
    /// - Throws: ``SearchError`` when ICU cannot search.
    public func resultsAndCount(limit: Int) throws -> (results: [SearchResult], count: Int) {
        try resultsAndCount(limit: limit, countingAll: true)
    }

    private func resultsAndCount(limit: Int, countingAll: Bool) throws -> (results: [SearchResult], count: Int) {
        let kept = max(0, min(limit, Self.maximumResults))
        var results: [SearchResult] = []
        var count = 0
        guard kept > 0 || countingAll else { return (results, count) }
        try forEachBatch(maximumResults: kept) { batch in
            results.append(contentsOf: batch.results)
            count += batch.matchCount
            return countingAll || results.count < kept ? .proceed : .stop
        }
        return (results, count)
    }

    /// The batches of ``forEachBatch(in:maximumResults:_:)``, searched on a background thread as they are consumed; the search
    /// stops when the consuming task is cancelled or stops iterating. Batches without results are left out.
    public func batches() -> AsyncThrowingStream<SearchBatch, any Error> {
        AsyncThrowingStream { continuation in
            let cancelled = CancellationFlag()
            continuation.onTermination = { _ in cancelled.cancel() }
            DispatchQueue.global(qos: .userInitiated).async {
                do {
                    try forEachBatch { batch in
                        if cancelled.isCancelled { return .stop }
                        if !batch.results.isEmpty { continuation.yield(batch) }
                        return .proceed
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    // MARK: - Stretches

    /// The end of the stretch that starts at `cursor`: the first paragraph boundary at or after `cursor +
    /// windowLength`, at most `limit`.
    private func groupEnd(from cursor: UTF16Offset, limit: UTF16Offset) -> UTF16Offset {
        let text = publication.text
        let target = cursor + Self.windowLength
        guard target < limit, let p = text.paragraphIndex(containing: target) else { return limit }
        let paragraph = text.paragraphs[p].range
        let end = paragraph.lowerBound == target ? target : paragraph.upperBound
        return min(limit, max(end, cursor + 1))
    }

    /// Searches `readable` in windows of about ``windowLength`` read units (one for a stretch of ordinary
    /// paragraphs; several for a paragraph longer than that), calling `body` with each window's read range and its
    /// matches as source ranges, until it answers ``SearchControl/stop``.
    ///
    /// A window after the first starts where the one before was cut (at a space where there is one nearby); each
    /// window searches on past its cut by an overlap of four times the query plus 256 units, so that a match across
    /// the cut is found whole, and keeps only the matches that start before the cut.
    private func forEachWindow(of readable: ReadableText, searcher: StringSearcher,
                               _ body: (Range<Int>, [Range<UTF16Offset>]) throws -> SearchControl) throws {
        let units = readable.units
        let count = units.count
        guard count > 0 else {
            _ = try body(0..<0, [])
            return
        }
        let overlap = 4 * pattern.count + 256
        var start = 0
        var lastMatchEnd = 0
        while start < count {
            var cut = min(count, start + Self.windowLength)
            if cut < count {
                var space = cut
                while space > cut - 64, space > start + 1, units[space - 1] != 0x20 { space -= 1 }
                if units[space - 1] == 0x20 { cut = space } else if UTF16.isTrailSurrogate(units[cut]) { cut -= 1 }
            }
            let windowEnd = cut == count ? count : min(count, cut + overlap)
            let found = try units.withUnsafeBufferPointer { buffer throws(SearchError) in
                try searcher.matches(in: UnsafeBufferPointer(rebasing: buffer[start..<windowEnd]))
            }
            var matches: [Range<UTF16Offset>] = []
            for local in found {
                let match = (start + local.lowerBound)..<(start + local.upperBound)
                guard !match.isEmpty, match.lowerBound < cut, match.lowerBound >= lastMatchEnd,
                      !units[match].contains(ReadableText.paragraphSeparator) else { continue }
                let source = readable.sourceRange(ofReadRange: match)
                guard isGraphemeBoundary(source.lowerBound), isGraphemeBoundary(source.upperBound) else { continue }
                matches.append(source)
                lastMatchEnd = match.upperBound
            }
            if try body(start..<cut, matches) == .stop { return }
            start = cut
        }
    }

    /// Whether `offset` is a grapheme boundary of the text. Between two characters that never join another (below
    /// U+0300, or CJK ideographs) it is, without asking ICU; a long paragraph is otherwise segmented only from the
    /// nearest earlier such place, so that checking a match costs the same in a paragraph of a million units as in
    /// a short one.
    private func isGraphemeBoundary(_ offset: UTF16Offset) -> Bool {
        let text = publication.text
        guard offset > 0, offset < text.length, let p = text.paragraphIndex(containing: offset) else { return true }
        let paragraph = text.paragraphs[p]
        let units = paragraph.units
        let local = offset - paragraph.range.lowerBound
        guard local > 0 else { return true }
        if Self.isSurelyBoundary(units[local - 1], units[local]) { return true }
        // Right after generated text (a `::before` mark, a list marker) the caret does not stop, the mark going with
        // the character after it; a match read from that character starts there all the same, where the plain
        // grapheme boundaries say so.
        let afterGenerated = text.isGenerated(at: offset - 1)
        guard units.count > 4096 || afterGenerated else { return segmenter.boundary(offset, in: text) == offset }
        var start = local - 1
        while start > 0, local - start < 1024, !Self.isSurelyBoundary(units[start - 1], units[start]) { start -= 1 }
        guard start == 0 || Self.isSurelyBoundary(units[start - 1], units[start]) else {
            return afterGenerated ? segmenter.isBoundary(local, in: units[...]) : segmenter.boundary(offset, in: text) == offset
        }
        return segmenter.isBoundary(local - start, in: units[start..<min(units.count, local + 64)])
    }

    /// Whether there is a grapheme boundary between two units that are both below U+0300 (not CR LF) or CJK
    /// ideographs: none of them extends, prepends to or joins another character.
    private static func isSurelyBoundary(_ before: UInt16, _ after: UInt16) -> Bool {
        func isSimple(_ unit: UInt16) -> Bool { unit < 0x300 || (unit >= 0x4E00 && unit <= 0x9FFF) }
        return isSimple(before) && isSimple(after) && !(before == 0x0D && after == 0x0A)
    }

    // MARK: - The query

    /// `query`'s UTF-16 units as the text is read: white space dropped at the ends and each inner run of it (spaces,
    /// tabs, line breaks) made one space.
    static func normalized(_ query: String) -> [UInt16] {
        var result: [UInt16] = []
        var pendingSpace = false
        for scalar in query.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(0x20); pendingSpace = false }
            result.append(contentsOf: scalar.utf16)
        }
        return result
    }

    /// Whether the pattern holds a character that can match on its own: not only combining marks, joiners,
    /// controls, format and other default-ignorable characters (and the spaces between them).
    static func hasSomethingToMatch(_ pattern: [UInt16]) -> Bool {
        for scalar in String(decoding: pattern, as: UTF16.self).unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { continue }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format: continue
            default: return true
            }
        }
        return false
    }
}

extension Publication {
    /// A search of the book for `query` (see ``Search``): case, diacritics and width are ignored unless `options`
    /// say otherwise.
    public func search(_ query: String, options: SearchOptions = SearchOptions()) -> Search {
        Search(publication: self, query: query, options: options)
    }
}

/// A flag set once, from any thread, and read by a search between stretches.
final class CancellationFlag: Sendable {
    private let flag = Locked(false)
    func cancel() { flag.withLock { $0 = true } }
    var isCancelled: Bool { flag.withLock { $0 } }
}
