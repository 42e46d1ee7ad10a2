import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// Avoided breaks (CSS Fragmentation 3 §3.1–3.2, §4.4): `break-inside: avoid` keeps a block's lines in one column,
/// `break-after: avoid` keeps a paragraph's end with the next one's first lines, `break-before: avoid` the
/// previous paragraph's end with its start; a figure avoids breaks inside and a definition's term breaks after it
/// as Readium CSS's pagination defaults say; a run of headings stays with the text under them. In a table, rows
/// are what the avoided breaks keep together (a table, a row group, a row, the head rows, the caption). A generated family:
/// each structure after 0 to 39 one-line paragraphs, so that a page break falls at each of its lines; every kept part is on
/// one page. The reference is the same book with the property's `auto` value, in which some of them break apart
/// (so the family does reach the breaks it means to test).
@Suite struct BreakAvoidanceTests {
    static let words = BoxFragmentationTests.words

    /// The lines of a kept paragraph that must share a page (every part of a structure with every other).
    enum Lines { case all, first(Int), last(Int) }

    /// A structure: its CSS rule, its reference's (the same property at `auto`), its markup, and its kept parts
    /// by the marker word that starts their paragraph.
    struct Structure: Sendable, CustomTestStringConvertible {
        var name: String, css: String, reference: String, html: String, parts: [(String, Lines)]
        var testDescription: String { name }
    }

    static func repeated(_ count: Int) -> String { Array(repeating: words, count: count).joined(separator: " ") }

    static let structures: [Structure] = [
        Structure(name: "break-inside on a div", css: ".k { break-inside: avoid }", reference: ".k { break-inside: auto }",
                  html: "<div class='k'><p>Kone \(repeated(2))</p><p>Ktwo \(words)</p><p>Kthree \(repeated(2))</p></div>",
                  parts: [("Kone", .all), ("Ktwo", .all), ("Kthree", .all)]),
        Structure(name: "page-break-inside on a paragraph", css: ".k { page-break-inside: avoid }", reference: ".k { page-break-inside: auto }",
                  html: "<p class='k'>Kone \(repeated(5))</p>", parts: [("Kone", .all)]),
        Structure(name: "page-break-after on a subheading", css: ".k { page-break-after: avoid; margin-top: 1em }",
                  reference: ".k { page-break-after: auto; margin-top: 1em }",
                  html: "<p class='k'>Kone, a subheading</p><p>Ktwo \(repeated(4))</p>", parts: [("Kone", .all), ("Ktwo", .first(2))]),
        Structure(name: "break-before on a paragraph", css: ".k { break-before: avoid }", reference: ".k { break-before: auto }",
                  html: "<p>Kone \(repeated(4))</p><p class='k'>Ktwo \(repeated(3))</p>", parts: [("Kone", .last(2)), ("Ktwo", .first(1))]),
        Structure(name: "a definition's term", css: "", reference: "dt { break-after: auto }",
                  html: "<dl><dt>Kone</dt><dd>Ktwo \(repeated(3))</dd></dl>", parts: [("Kone", .all), ("Ktwo", .first(2))]),
        Structure(name: "break-inside on a table", css: ".k { break-inside: avoid }", reference: ".k { break-inside: auto }",
                  html: "<table class='k'>" + (1...4).map { "<tr><td>K\($0) \(words.prefix(40))</td><td>\(words.prefix(30))</td></tr>" }.joined()
                      + "</table>", parts: (1...4).map { ("K\($0)", .all) }),
        Structure(name: "page-break-inside on a row group", css: ".k { page-break-inside: avoid }", reference: ".k { page-break-inside: auto }",
                  html: "<table><tbody class='k'><tr><td>Kone \(words)</td></tr><tr><td>Ktwo \(words)</td></tr></tbody>"
                      + "<tbody><tr><td>\(words)</td></tr></tbody></table>", parts: [("Kone", .all), ("Ktwo", .all)]),
        Structure(name: "break-after on a row", css: ".k { break-after: avoid }", reference: ".k { break-after: auto }",
                  html: "<table><tr><td>\(words)</td></tr><tr class='k'><td>Kone \(words)</td></tr><tr><td>Ktwo \(words)</td></tr></table>",
                  parts: [("Kone", .all), ("Ktwo", .all)]),
        Structure(name: "a table's head row", css: "", reference: "thead { break-after: auto }",
                  html: "<table><thead><tr><th>Kone</th><th>head</th></tr></thead><tbody>"
                      + "<tr><td>Ktwo \(words)</td><td>\(words)</td></tr><tr><td>\(words)</td><td>\(words)</td></tr></tbody></table>",
                  parts: [("Kone", .all), ("Ktwo", .all)]),
        Structure(name: "a table's caption", css: "", reference: "caption { break-after: auto }",
                  html: "<table><caption>Kone, a caption</caption><tr><td>Ktwo \(words)</td><td>\(words)</td></tr></table>",
                  parts: [("Kone", .all), ("Ktwo", .all)]),
    ]

    static func book(_ structure: Structure, css: String, before: Int) throws -> EPUBBook {
        var body = ""
        for index in 0..<before { body += "<p>Filler \(index).</p>" }
        body += structure.html + String(repeating: "<p>\(repeated(2))</p>", count: 4)
        return try XHTMLConversionTests.read(body, css: css)
    }

    /// The page of every placed line, by paragraph and line.
    static func pages(of layout: BookLayout) -> [Int: [Int: Int]] {
        var pages: [Int: [Int: Int]] = [:]
        for page in layout.pages.indices {
            for line in layout.lines(onPage: page) { pages[line.paragraphIndex, default: [:]][line.lineIndex] = page }
        }
        return pages
    }

    /// The most one-line paragraphs before a structure: more than a page holds, so that a page break falls at
    /// each of its lines in one book or another.
    static let fillers = 40

    /// The books of the family (0 to ``fillers`` one-line paragraphs before) in which the structure's kept parts do not
    /// share a page.
    static func brokenBooks(_ structure: Structure, css: String) throws -> (broken: [Int], books: Int) {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var broken: [Int] = []
        for before in 0..<Self.fillers {
            let book = try Self.book(structure, css: css, before: before)
            let layout = try typesetter.layout(book.text, settings: Fixtures.settings)
            let pages = Self.pages(of: layout)
            var seen = Set<Int>()
            for (marker, lines) in structure.parts {
                guard let index = book.text.paragraphs.firstIndex(where: { $0.contentString.hasPrefix(marker) }),
                      let placed = pages[index] else { broken.append(before); break }
                let count = placed.count
                let kept: Range<Int> = switch lines {
                case .all: 0..<count
                case .first(let n): 0..<min(n, count)
                case .last(let n): max(0, count - n)..<count
                }
                for line in kept { if let page = placed[line] { seen.insert(page) } }
            }
            if seen.count > 1 { broken.append(before) }
        }
        return (broken, Self.fillers)
    }

    @Test(arguments: structures)
    func keptPartsShareAPage(_ structure: Structure) throws {
        let kept = try Self.brokenBooks(structure, css: structure.css)
        #expect(kept.broken.isEmpty, "\(structure.name): broken apart after \(kept.broken) paragraphs")
        let reference = try Self.brokenBooks(structure, css: structure.reference)
        #expect(!reference.broken.isEmpty, "\(structure.name): the reference never breaks it, so the family tests nothing")
    }

    /// A part, a chapter heading and the chapter's text: the two headings and the first lines under them share a
    /// page (a chain of kept paragraphs), after every filler length.
    @Test func aRunOfHeadingsStaysWithItsText() throws {
        let structure = Structure(name: "headings", css: "", reference: "",
                                  html: "<h2>Kone</h2><h3>Ktwo</h3><p>Kthree \(Self.repeated(3))</p>",
                                  parts: [("Kone", .all), ("Ktwo", .all), ("Kthree", .first(2))])
        let kept = try Self.brokenBooks(structure, css: "")
        #expect(kept.broken.isEmpty, "the headings are parted from their text after \(kept.broken) paragraphs")
    }

    /// Spacers between a heading and its text, as Project Gutenberg's and many converters' books put them:
    /// paragraphs of line breaks only, a non-breaking space, two of them, a subheading between two. The heading stays with the first lines of its text through them, after every filler
    /// length; with the spacer written as a line of text instead, the heading keeps only with that line, and the
    /// text under it is parted from it after some filler lengths (so the family reaches the break it tests).
    @Test(arguments: ["<p><br/></p>", "<p><br/><br/></p>", "<div><br/></div>", "<p>&#160;</p>",
                      "<p><br/></p><p><br/></p>", "<p><br/></p><h3>Kthree</h3><p><br/></p>"])
    func aHeadingKeepsWithItsTextThroughSpacers(_ spacer: String) throws {
        let text = "<p>Ktwo \(Self.repeated(3))</p>"
        let parts: [(String, Lines)] = spacer.contains("Kthree") ? [("Kone", .all), ("Kthree", .all), ("Ktwo", .first(2))]
            : [("Kone", .all), ("Ktwo", .first(2))]
        let kept = try Self.brokenBooks(Structure(name: spacer, css: "", reference: "", html: "<h2>Kone</h2>\(spacer)\(text)",
                                                  parts: parts), css: "")
        #expect(kept.broken.isEmpty, "\(spacer): the heading is parted from its text after \(kept.broken) paragraphs")
        let visible = try Self.brokenBooks(Structure(name: spacer, css: "", reference: "",
                                                     html: "<h2>Kone</h2><p>Kline.</p>\(text)",
                                                     parts: [("Kone", .all), ("Ktwo", .first(2))]), css: "")
        #expect(!visible.broken.isEmpty, "a line of text between never parts them: the family tests nothing")
    }

    /// A heading (and a subheading kept with it) that starts with a float, as a specification's "›" link or a
    /// chapter's floated ornament: when the heading moves to the next page to stay with its text, its float goes
    /// with it, after every filler length, on either side.
    @Test(arguments: ["left", "right"])
    func aFloatAtAKeptHeadingsStartGoesWithIt(side: String) throws {
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        var moved = 0
        for before in 0..<Self.fillers {
            var body = ""
            for index in 0..<before { body += "<p>Filler \(index).</p>" }
            body += "<h2><span style='float: \(side)'>Kmark</span> Kone</h2><h3>Ktwo</h3><p>Kthree \(Self.repeated(3))</p>"
            let book = try XHTMLConversionTests.read(body)
            let layout = try typesetter.layout(book.text, settings: Fixtures.settings)
            let pages = Self.pages(of: layout)
            let paragraphs = book.text.paragraphs
            guard let mark = paragraphs.firstIndex(where: { $0.contentString.hasPrefix("Kmark") }),
                  let heading = paragraphs.firstIndex(where: { $0.contentString.contains("Kone") }),
                  let markPage = pages[mark]?[0], let headingPage = pages[heading]?[0] else {
                Issue.record("after \(before): the float or its heading is not placed"); continue
            }
            #expect(markPage == headingPage, "after \(before), \(side): the float on page \(markPage + 1), its heading on \(headingPage + 1)")
            if headingPage > 0 && pages[mark - 1]?.values.contains(headingPage) != true { moved += 1 }
        }
        #expect(moved > 0, "no heading was moved to the next page: the family tests nothing")
    }

    /// A block that avoids breaks but is taller than a page is broken all the same (§4.4), losing nothing: every
    /// line of it is placed, and no page is left empty.
    /// So is a table that avoids breaks, and one whose rows all keep with the next, a row at a time.
    @Test(arguments: ["div", "table", "rows"])
    func aKeptBlockTallerThanAPageIsBrokenAllTheSame(_ kind: String) throws {
        let rows = (0..<30).map { "<tr><td>K\($0) \(Self.words)</td><td>\(Self.words)</td></tr>" }.joined()
        let block = switch kind {
        case "div": "<div style='break-inside: avoid'>" + (0..<30).map { "<p>K\($0) \(Self.repeated(2))</p>" }.joined() + "</div>"
        case "table": "<table style='break-inside: avoid'>\(rows)</table>"
        default: "<table><thead>\(rows.replacingOccurrences(of: "td>", with: "th>"))</thead><tr><td>\(Self.words)</td></tr></table>"
        }
        let body = "<p>\(Self.words)</p>\(block)<p>\(Self.words)</p>"
        let book = try XHTMLConversionTests.read(body)
        let layout = try Typesetter(fonts: try Fixtures.bundledFonts()).layout(book.text, settings: Fixtures.settings)
        let placed = layout.pages.indices.reduce(0) { $0 + layout.lines(onPage: $1).count }
        #expect(placed == layout.lineCount)
        #expect(layout.pages.count > 2)
        for page in layout.pages.indices { #expect(!layout.lines(onPage: page).isEmpty, "page \(page + 1) is empty") }
    }
}
