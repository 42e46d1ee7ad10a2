import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// CSS `text-emphasis` and its longhands, under CSS's names and the `-epub-` and `-webkit-` ones EPUB books use,
/// read into ``TextStyle/emphasis``: every form of the style, the colour, the position, inheritance, and what
/// publisher styles off keep.
@Suite struct EmphasisCSSTests {
    static func emphasis(_ css: String, parent: String = "") throws -> TextEmphasis? {
        let book = try PublisherCSSTests.read("<p class='p'>Plain <span class='e'>marked</span></p>", css: ".p { \(parent) } .e { \(css) }")
        return PublisherCSSTests.style(of: "marked", in: book)?.emphasis
    }

    static let blue = Color(red: 0, green: 0, blue: 255)

    @Test(arguments: [
        ("text-emphasis-style: filled dot", TextEmphasis.Mark.filled(.dot)),
        ("-epub-text-emphasis-style: open circle", .open(.circle)),
        ("-webkit-text-emphasis-style: double-circle", .filled(.doubleCircle)),
        ("text-emphasis-style: triangle open", .open(.triangle)),
        ("text-emphasis-style: sesame", .filled(.sesame)),
        ("text-emphasis-style: open sesame", .open(.sesame)),
        ("text-emphasis-style: filled", .filled(.automatic)),
        ("-epub-text-emphasis-style: OPEN", .open(.automatic)),
        ("text-emphasis-style: 'a'", .character("a")),
        ("-epub-text-emphasis-style: \"Xyz\"", .character("X")),
        ("text-emphasis-style: '\u{2731}'", .character("\u{2731}")),
        ("text-emphasis: filled sesame", .filled(.sesame)),
        ("-epub-text-emphasis: open dot", .open(.dot)),
        ("-webkit-text-emphasis: triangle", .filled(.triangle)),
    ])
    func eachStyleAndPrefix(_ css: String, _ mark: TextEmphasis.Mark) throws {
        let emphasis = try #require(try Self.emphasis(css), "\(css)")
        #expect(emphasis.mark == mark, "\(css)")
        #expect(emphasis.side == .over && emphasis.verticalSide == .right && emphasis.color == nil, "\(css)")
    }

    @Test func colourFromItsPropertyOrTheShorthand() throws {
        #expect(try Self.emphasis("-epub-text-emphasis-style: filled dot; -epub-text-emphasis-color: blue")?.color == Self.blue)
        #expect(try Self.emphasis("-webkit-text-emphasis-style: dot; -webkit-text-emphasis-color: #0000ff")?.color == Self.blue)
        #expect(try Self.emphasis("text-emphasis: filled dot blue") == TextEmphasis(mark: .filled(.dot), color: Self.blue))
        #expect(try Self.emphasis("text-emphasis: rgb(0, 0, 255) 'a'") == TextEmphasis(mark: .character("a"), color: Self.blue))
        #expect(try Self.emphasis("text-emphasis: dot; text-emphasis-color: blue; text-emphasis-color: currentColor")?.color == nil)
        // The shorthand resets the colour it does not name.
        #expect(try Self.emphasis("text-emphasis: dot", parent: "text-emphasis-color: blue")?.color == nil)
    }

    @Test(arguments: [
        ("text-emphasis-position: under", TextEmphasis.Side.under, TextEmphasis.VerticalSide.right),
        ("-epub-text-emphasis-position: over left", .over, .left),
        ("-webkit-text-emphasis-position: left under", .under, .left),
        ("text-emphasis-position: over right", .over, .right),
        ("text-emphasis-position: left", .over, .left),
    ])
    func position(_ css: String, _ side: TextEmphasis.Side, _ vertical: TextEmphasis.VerticalSide) throws {
        let emphasis = try #require(try Self.emphasis("text-emphasis-style: dot; " + css))
        #expect(emphasis.side == side && emphasis.verticalSide == vertical, "\(css)")
    }

    @Test func inheritedAndUnreadableValuesIgnored() throws {
        // All three properties inherit: a child sets the colour of its parent's marks, or turns them off.
        #expect(try Self.emphasis("text-emphasis-color: blue", parent: "-epub-text-emphasis-style: sesame; text-emphasis-position: under left")
                == TextEmphasis(mark: .filled(.sesame), side: .under, verticalSide: .left, color: Self.blue))
        #expect(try Self.emphasis("text-emphasis-style: none", parent: "text-emphasis: circle") == nil)
        #expect(try Self.emphasis("text-emphasis: none", parent: "text-emphasis: circle") == nil)
        #expect(try Self.emphasis("") == nil)
        // Values CSS cannot read are dropped, the parent's kept.
        for bad in ["text-emphasis-style: filled open", "text-emphasis-style: dot circle", "text-emphasis-style: bold",
                    "text-emphasis-style: 'a", "text-emphasis-position: over under", "text-emphasis-position: middle",
                    "text-emphasis-color: nonsense", "text-emphasis: dot circle blue"] {
            #expect(try Self.emphasis(bad, parent: "text-emphasis: open triangle") == TextEmphasis(mark: .open(.triangle)), "\(bad)")
        }
        // An empty string draws nothing.
        #expect(try Self.emphasis("text-emphasis-style: ''", parent: "text-emphasis: circle") == nil)
    }

    @Test func publisherStylesOffKeepTheMarksButNotTheirColour() throws {
        let (on, off) = try PublisherCSSTests.readBothWays("<p>Plain <em class='e'>marked</em></p>",
                                                          css: ".e { -epub-text-emphasis: filled sesame red; -epub-text-emphasis-position: under }")
        #expect(PublisherCSSTests.style(of: "marked", in: on)?.emphasis
                == TextEmphasis(mark: .filled(.sesame), side: .under, verticalSide: .right, color: Color(red: 255, green: 0, blue: 0)))
        #expect(PublisherCSSTests.style(of: "marked", in: off)?.emphasis == TextEmphasis(mark: .filled(.sesame), side: .under, verticalSide: .right))
        #expect(PublisherCSSTests.style(of: "Plain", in: on)?.emphasis == nil)
    }

    /// From the book to the page: a book's `-epub-text-emphasis` and an Aozora Bunko file's 傍点 and 左に白丸傍点 are
    /// drawn as marks over (and under) their characters, sesame in vertical text.
    @Test func marksFromBooksAreDrawn() throws {
        var settings = Fixtures.settings
        settings.fontFamily = "Noto Serif CJK TC"
        let typesetter = Typesetter(fonts: try Fixtures.bundledFonts())
        let book = try Self.read("<p>これは<span class='e'>大事</span>です。</p>", css: ".e { -epub-text-emphasis: filled sesame }")
        let epubMarks = try typesetter.layout(book.text, settings: settings).glyphRuns(onPage: 0).filter(\.isEmphasis)
        let paragraph = try PublisherCSSTests.paragraph(book, "これは")
        let start = paragraph.range.lowerBound + paragraph.contentRange.lowerBound + 3
        #expect(epubMarks.flatMap(\.clusters) == [start, start + 1])
        let aozora = try AozoraMarkupTests.read("吾輩は猫である［＃「猫である」に傍点］。名前［＃「名前」の左に白丸傍点］はまだ無い。\n")
        for vertical in [false, true] {
            settings.verticalText = vertical
            let runs = try typesetter.layout(aozora.text, settings: settings).glyphRuns(onPage: 0).filter(\.isEmphasis)
            #expect(runs.count == 3, "the sample's own む, 猫である and 名前")
            guard runs.count == 3 else { continue }
            let (over, under) = (runs[1], runs[2])
            #expect(over.clusters.count == 4 && under.clusters.count == 2)
            // On one line: 傍点 over the text (right of the column), 左に under it (left of the column).
            if vertical { #expect(under.positions[0].x < over.positions[0].x - over.size) }
            else { #expect(under.positions[0].y > over.positions[0].y + over.size) }
        }
    }

    static func read(_ body: String, css: String) throws -> EPUBBook { try PublisherCSSTests.read(body, css: css) }
}
