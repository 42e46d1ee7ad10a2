/// The operations of `typeset query`, one case each: a request naming any other `op` is refused before it is
/// dispatched, so this table is the protocol, and `typeset help query` lists it.
enum QueryOperation: String, CaseIterable {
    case closestPosition, characterRange, caretRect, firstRect, selectionRects, pageContaining, lines, info
    case linkAt, imageAt, position, offset, compare, textRange
    case rangeEnclosingPosition, isPositionAtBoundary, isPositionWithinTextUnit, positionToBoundary
    case goTo, nextPage, previousPage, currentPage, settings, setSettings
    case search, nextResult, previousResult, utterances

    /// The request's other fields (optional ones in brackets).
    var fields: String {
        switch self {
        case .closestPosition: "page, point [range]"
        case .characterRange, .linkAt, .imageAt: "page, point"
        case .caretRect: "offset [affinity]"
        case .firstRect, .selectionRects: "range"
        case .pageContaining: "offset"
        case .lines: "page"
        case .info, .nextPage, .previousPage, .currentPage, .settings, .nextResult, .previousResult: ""
        case .position: "from, offset [direction, affinity]"
        case .offset, .textRange: "from, to"
        case .compare: "a, b"
        case .rangeEnclosingPosition, .isPositionAtBoundary, .isPositionWithinTextUnit, .positionToBoundary:
            "offset, granularity [direction, affinity]"
        case .goTo: "offset | locator | page | printPage"
        case .setSettings: "settings"
        case .search: "query [options, limit]"
        case .utterances: "[from, count]"
        }
    }

    /// What it answers, in a line.
    var summary: String {
        switch self {
        case .closestPosition: "the text position nearest a point of a page (UITextInput's closestPosition(to:))"
        case .characterRange: "the character under a point, or null"
        case .caretRect: "the caret's page and rectangle at an offset"
        case .firstRect: "the first rectangle of a range"
        case .selectionRects: "the selection rectangles of a range, with their writing direction"
        case .pageContaining: "the page holding an offset"
        case .lines: "the lines of a page: ranges, rectangles, baselines"
        case .info: "the text length and page count"
        case .linkAt: "the link under a point, with its target and note"
        case .imageAt: "the image under a point"
        case .position: "the position K characters (or lines, with a direction) from another"
        case .offset: "the distance between two positions"
        case .compare: "the order of two positions"
        case .textRange: "the range between two positions"
        case .rangeEnclosingPosition: "the word, sentence, line... around a position"
        case .isPositionAtBoundary: "whether a position is at a unit's boundary"
        case .isPositionWithinTextUnit: "whether a position is inside a unit"
        case .positionToBoundary: "the next boundary of a unit from a position"
        case .goTo: "moves the reading position; answers the current page"
        case .nextPage: "turns a page forward; answers the current page"
        case .previousPage: "turns a page back; answers the current page"
        case .currentPage: "the page at the reading position, its Locator and print pages"
        case .settings: "the settings as applied"
        case .setSettings: "changes settings by name (all or none); answers the current page"
        case .search: "searches the book: the match count and the first results, each with its page"
        case .nextResult: "moves to the next search result"
        case .previousResult: "moves to the previous search result"
        case .utterances: "the sentences to read aloud from an offset, with their words"
        }
    }

    /// The list `typeset help query` prints.
    static var helpText: String {
        var text = "\nOperations (one JSON object per line: {\"op\": NAME, FIELDS}; the manual's query protocol has the answers):\n"
        for operation in allCases {
            let request = operation.rawValue + (operation.fields.isEmpty ? "" : " (\(operation.fields))")
            text += Help.line(request, operation.summary)
        }
        return text
    }
}
