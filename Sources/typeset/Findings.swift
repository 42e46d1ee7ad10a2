import TypesetCore

/// What a layout QA report finds (manual, "Catalogues": the findings): each kind names something a reader of the
/// book would see go wrong, or would not see at all.
enum FindingKind: String, CaseIterable {
    /// A character no font can draw (it shows as an empty box): one finding per character, at its first use.
    case missingGlyph
    /// An image the book sizes wider than the page's column (Typeset scales it down; a reader that honours the
    /// size would cut it), or one laid out past its column.
    case imageTooWide
    /// An image that is missing, whose header no decoder reads, or whose pixels fail to decode (drawn as a
    /// placeholder).
    case imageUndecodable
    /// A link into the book whose file is not there, or whose id no element has.
    case brokenLink
    /// A note reference whose note does not exist (it stays plain text).
    case brokenNoteReference
    /// An entry of the book's page list that resolves to no place in the text.
    case unresolvedPageListEntry
    /// Text no page shows: hidden by the book's styles (outside its notes), or on no line.
    case invisibleText
    /// A line wider than its column (past the allowance of hanging punctuation).
    case lineOverflow
    /// A declaration of the book's CSS that Typeset does not apply.
    case ignoredCSS
}

/// One finding: its kind, where (a UTF-16 offset, written as a Locator), and what was found.
struct Finding {
    let kind: FindingKind
    /// The document offset the finding's Locator points at.
    let offset: Int
    /// The finding's own fields (`character`, `href`, `width`...).
    let detail: [(String, JSONWriter.Value)]
}

/// The findings of one job: every finding counted by kind, the first ``maximumPerKind`` of each kept in full.
struct FindingList {
    /// Findings kept per kind; the rest are counted only (a book with 40,000 overflowing lines still gives a
    /// result line of bounded size).
    static let maximumPerKind = 50

    private(set) var counts: [FindingKind: Int] = [:]
    private(set) var items: [Finding] = []

    mutating func add(_ kind: FindingKind, at offset: Int, _ detail: [(String, JSONWriter.Value)]) {
        let count = counts[kind, default: 0]
        counts[kind] = count + 1
        if count < Self.maximumPerKind { items.append(Finding(kind: kind, offset: offset, detail: detail)) }
    }

    /// Adds `count` occurrences of a kind already listed (a finding that stands for many).
    mutating func count(_ kind: FindingKind, extra: Int) {
        counts[kind, default: 0] += extra
    }

    var total: Int { counts.values.reduce(0, +) }

    /// `{"total", "byKind", "items", "omitted"}`: items in order of kind (the enum's order), then offset.
    func json(locator: (Int) -> JSONWriter.Value) -> JSONWriter.Value {
        let order = Dictionary(uniqueKeysWithValues: FindingKind.allCases.enumerated().map { ($1, $0) })
        let sorted = items.enumerated().sorted { a, b in
            let ka = order[a.element.kind] ?? 0, kb = order[b.element.kind] ?? 0
            if ka != kb { return ka < kb }
            if a.element.offset != b.element.offset { return a.element.offset < b.element.offset }
            return a.offset < b.offset
        }.map(\.element)
        let byKind = FindingKind.allCases.compactMap { kind in counts[kind].map { (kind.rawValue, JSONWriter.Value.integer($0)) } }
        return .object([
            ("total", .integer(total)),
            ("byKind", .object(byKind)),
            ("items", .array(sorted.map { finding in
                .object([("kind", .string(finding.kind.rawValue)), ("offset", .integer(finding.offset)),
                         ("locator", locator(finding.offset))] + finding.detail)
            })),
            ("omitted", .integer(total - items.count)),
        ])
    }
}
