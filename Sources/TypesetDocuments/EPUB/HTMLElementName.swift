/// The XHTML element names the converter asks about for every element (its category, whether it is spaced as a
/// paragraph, a heading's level, the root), known once per element as ``XMLElement/htmlName``: the parser finds
/// each distinct name's once per document (``LibXMLReader``), so the walk compares one byte, where it compared the
/// name with a dozen strings and looked it up in sets (about 2,000 instructions an element of a boxed chapter).
/// By local name, lower case, whatever the namespace (callers check it where it matters).
enum HTMLElementName: UInt8, CaseIterable, Sendable {
    // Roots, and the blocks spaced as paragraphs (``isSpacedBlock``).
    case html, body, p, h1, h2, h3, h4, h5, h6, ul, ol, dl, menu, dir, blockquote, pre, table, figure, hr, address, center, details
    // Other blocks.
    case div, section, article, aside, header, footer, nav, main, figcaption, hgroup, summary, dt, dd, caption, form,
         fieldset, legend, thead, tbody, tfoot
    // Elements of their own kind.
    case br, img, image, tr, td, th, col, colgroup, svg, object, iframe, embed, li
    // Skipped elements.
    case head, script, style, title, template, noscript, param, source, track, rpHidden, meta, link, base, datalist
    // Inline elements asked about by name.
    case a, ruby, rt, rp, rb, rtc

    /// The name as written in markup (lower case).
    var name: String { self == .rpHidden ? "rp-hidden" : String(describing: self) }

    /// Every case by its name.
    static let byName: [String: HTMLElementName] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The case named `lowercasedName`, nil for a name not listed.
    init?(lowercasedName: String) {
        guard let known = Self.byName[lowercasedName] else { return nil }
        self = known
    }

    /// Whether its margins are the reader's paragraph spacing (a browser gives these a margin of about 1 em): `p`,
    /// the headings, lists, `blockquote`, `pre`, `table`, `figure`, `hr`, `address`, `center`, `details`; other
    /// blocks (`div`, `section`, `li`) have none, so that lines set as `<div>`s stay together.
    var isSpacedBlock: Bool { rawValue <= HTMLElementName.details.rawValue && rawValue >= HTMLElementName.p.rawValue }

    /// Whether a browser gives it a margin above and below (HTML's rendering rules, §15.3.3, §15.3.6, §15.3.7:
    /// `p`, the headings, lists, `blockquote`, `pre`, `figure`, `hr`), so that a book's margin of 0 beside it does
    /// not take its space away; of the spaced blocks, tables, `address`, `center` and `details` have none.
    var hasDefaultMargins: Bool {
        switch self {
        case .p, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .dl, .menu, .dir, .blockquote, .pre, .figure, .hr: true
        default: false
        }
    }

    /// Whether it is `html` or `body`.
    var isRoot: Bool { self == .html || self == .body }

    /// Whether it is a table's part, whose box the table layout draws: ``XHTMLConverter/tableElements``.
    var isTablePart: Bool {
        switch self {
        case .table, .tr, .td, .th, .thead, .tbody, .tfoot, .caption, .colgroup, .col: true
        default: false
        }
    }

    /// A heading's level (1 to 6), nil for other elements.
    var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }
}
