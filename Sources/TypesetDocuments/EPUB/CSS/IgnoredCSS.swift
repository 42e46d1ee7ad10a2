/// A declaration of a book's CSS that Typeset dropped when it parsed it: a property it does not implement
/// (`shape-outside`, `orphans`), or a value of a supported property it cannot read (`width: min(100%, 30em)`,
/// `display: flex`). CSS says to skip such declarations, and Typeset does; a catalogue's QA report lists them
/// (``EPUBBook/ignoredCSS``), so that a publisher knows what the book's styles asked for that a reader will not see.
public struct IgnoredCSSDeclaration: Hashable, Sendable {
    /// The property, lower-cased (`shape-outside`).
    public var property: String
    /// The value as written, white space trimmed, at most 120 characters.
    public var value: String
    /// Where it is declared: a style sheet's entry in the book (`OEBPS/css/style.css`), or the document whose
    /// `<style>` element or `style` attribute holds it.
    public var sheet: String
    /// Whether it was in an element's `style` attribute.
    public var isStyleAttribute: Bool
    /// The first document (spine item) whose styles hold it: where a finding's Locator points.
    public var document: String
    /// How many times it was dropped: once per parse of its sheet (a linked sheet is parsed once per book), once
    /// per element for a `style` attribute.
    public var occurrences: Int
}

/// Collects the declarations the CSS parser drops while one book is read (``EPUBReader/Options/reportsIgnoredCSS``).
///
/// Costs nothing when not asked: the parser holds no collector then, and a dropped declaration is one nil test.
/// When asked, each distinct (property, value, sheet) is kept once with a count, and at most
/// ``maximumDistinct`` of them (the rest are counted in ``overflow``), so a sheet of a million bad declarations
/// costs a bounded list.
final class IgnoredCSSCollector {
    /// Distinct declarations kept, at most.
    static let maximumDistinct = 500
    /// Characters of a value kept, at most.
    static let maximumValueLength = 120

    private(set) var declarations: [IgnoredCSSDeclaration] = []
    private var index: [String: Int] = [:]
    /// Drops not kept because ``maximumDistinct`` were kept already.
    private(set) var overflow = 0

    /// Records a dropped declaration of `sheet`, first seen while styling `document`.
    func record(property: String, value: Substring, sheet: String, document: String, isStyleAttribute: Bool) {
        let trimmed = String(value.trimmingWhiteSpace().prefix(Self.maximumValueLength))
        let key = "\(sheet)\u{0}\(property)\u{0}\(trimmed)\u{0}\(isStyleAttribute)"
        if let found = index[key] {
            declarations[found].occurrences += 1
            return
        }
        guard declarations.count < Self.maximumDistinct else {
            overflow += 1
            return
        }
        index[key] = declarations.count
        declarations.append(IgnoredCSSDeclaration(property: property, value: trimmed, sheet: sheet,
                                                  isStyleAttribute: isStyleAttribute, document: document, occurrences: 1))
    }
}

/// Where the declarations being parsed come from, and the collector that records the ones dropped.
struct IgnoredCSSSink {
    let collector: IgnoredCSSCollector
    /// The sheet's entry, or the document holding a `<style>` element or `style` attribute.
    let sheet: String
    /// The document being styled when the sheet was first parsed.
    let document: String
    let isStyleAttribute: Bool

    func record(property: String, value: Substring) {
        collector.record(property: property, value: value, sheet: sheet, document: document, isStyleAttribute: isStyleAttribute)
    }
}
