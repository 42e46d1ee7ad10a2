/// One match of a ``Search``: a range of the book's text and its Readium Locator.
public struct SearchResult: Hashable, Sendable {
    /// The match's place among the search's results, from 0, in book order.
    public let index: Int
    /// The matched text's UTF-16 range in ``Publication/text``. Both ends are grapheme boundaries; it may hold hidden
    /// units (markup) between matched units, never at its ends.
    public let range: Range<UTF16Offset>
    /// The Locator of the range: its resource, offset and length, the section's title, and the text with 64 units of
    /// context before and after (`text.before`, `text.highlight`, `text.after`), so that a stored result finds its
    /// place again in an edited text (``Publication/resolve(_:)``).
    public let locator: Locator

    /// Creates a result.
    public init(index: Int, range: Range<UTF16Offset>, locator: Locator) {
        self.index = index; self.range = range; self.locator = locator
    }
}

/// The results a ``Search`` found in one stretch of the book, handed over as soon as that stretch is searched.
public struct SearchBatch: Sendable {
    /// The results, in book order (empty when the stretch holds none).
    public let results: [SearchResult]
    /// The source range searched for this batch; batches follow each other without gaps over each resource.
    public let searched: Range<UTF16Offset>
    /// The resource searched (an index into ``Publication/resources``).
    public let resourceIndex: Int
    /// The matches in the stretch: ``results``' count, and those past the search's `maximumResults` that were
    /// counted but not made into results (see ``Search/forEachBatch(in:maximumResults:_:)``).
    public let matchCount: Int
}

/// What a ``Search/forEachBatch(in:maximumResults:_:)`` callback wants next.
public enum SearchControl: Hashable, Sendable {
    /// Search the next stretch.
    case proceed
    /// Stop: nothing more is searched.
    case stop
}

/// Why a query cannot match anything; a ``Search`` with such a query has no results.
public enum UnsearchableQuery: Hashable, Sendable, CustomStringConvertible {
    /// The query is empty, or white space only.
    case empty
    /// The query holds only characters that collation ignores or that cannot stand alone (combining marks,
    /// joiners, controls): every place in the text would match it.
    case nothingToMatch
    /// The query is longer than ``Search/maximumQueryLength`` UTF-16 units.
    case tooLong(length: Int)

    /// One line for the user.
    public var description: String {
        switch self {
        case .empty: "the query is empty"
        case .nothingToMatch: "the query has only spaces, combining marks or other characters that match nothing on their own"
        case .tooLong(let length): "the query has \(length) UTF-16 units, more than the \(Search.maximumQueryLength) a search takes"
        }
    }
}

/// A search that ICU could not run.
public struct SearchError: Error, CustomStringConvertible, Equatable {
    /// One line for the user.
    public let description: String
}
