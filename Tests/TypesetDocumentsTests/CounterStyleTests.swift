import Foundation
import Testing
import TypesetCore
@testable import TypesetDocuments
import TypesetTestSupport

/// CSS Counter Styles 3: every predefined style, `@counter-style` rules (each system, every descriptor, `extends`),
/// fallback, and the bounds on cycles and huge values; web-platform-tests' expectations as data
/// (`Tests/Fixtures/wpt-counter-styles.tsv`).
@Suite struct CounterStyleTests {
    /// The styles the spec predefines: its "Simple Predefined Counter Styles" and "Complex Predefined Counter
    /// Styles" sections.
    static let specNames = [
        "decimal", "decimal-leading-zero", "arabic-indic", "armenian", "upper-armenian", "lower-armenian", "bengali",
        "cambodian", "khmer", "cjk-decimal", "devanagari", "georgian", "gujarati", "gurmukhi", "hebrew", "kannada", "lao",
        "malayalam", "mongolian", "myanmar", "oriya", "persian", "lower-roman", "upper-roman", "tamil", "telugu", "thai",
        "tibetan", "lower-alpha", "lower-latin", "upper-alpha", "upper-latin", "cjk-earthly-branch", "cjk-heavenly-stem",
        "lower-greek", "hiragana", "hiragana-iroha", "katakana", "katakana-iroha", "disc", "circle", "square",
        "disclosure-open", "disclosure-closed", "japanese-informal", "japanese-formal", "korean-hangul-formal",
        "korean-hanja-informal", "korean-hanja-formal", "simp-chinese-informal", "simp-chinese-formal",
        "trad-chinese-informal", "trad-chinese-formal", "cjk-ideographic", "ethiopic-numeric",
    ]

    static func marker(_ name: String, _ value: Int, css: String = "") -> String {
        var set = CounterStyleSet(rules: CSSStyleSheet(parsing: css).counterStyles)
        return set.marker(.named(CounterStyleSet.normalizedName(name)), value: value)
    }

    /// Every row of the WPT expectations file: the marker (or counter() text) of a value in a style.
    @Test func webPlatformTestsExpectations() throws {
        let path = Fixtures.repositoryRoot + "/Tests/Fixtures/wpt-counter-styles.tsv"
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        var css = ""
        var checked = 0, failed: [String] = []
        for line in lines where !line.hasPrefix("#") {
            if line.hasPrefix("@css ") { css += line.dropFirst(5) + "\n"; continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            try #require(columns.count == 3, "\(line)")
            let value = try #require(Int(columns[1]))
            var set = CounterStyleSet(rules: CSSStyleSheet(parsing: css).counterStyles)
            let got: String
            if columns[0].hasPrefix("counter:") {
                let name = String(columns[0].dropFirst(8))
                let found = set.style(named: name)
                let style = try #require(found)
                got = set.representation(of: value, in: style, name: name)
            } else {
                got = set.marker(.named(columns[0]), value: value)
            }
            checked += 1
            if got != columns[2] { failed.append("\(columns[0]) \(value): \(got) (expected \(columns[2]))") }
        }
        #expect(failed.isEmpty, "\(failed.count) of \(checked): \(failed.prefix(20))")
        #expect(checked == 490)
    }

    /// Every predefined style of the spec exists, draws 1 to 100 as distinct markers (but the bullets, one marker
    /// each), and falls back past its range.
    @Test func everyPredefinedStyle() throws {
        let bullets: Set<String> = ["disc", "circle", "square", "disclosure-open", "disclosure-closed"]
        for name in Self.specNames {
            let style = try #require(CounterStyleSet.predefined[name], "\(name)")
            let markers = (1...100).map { Self.marker(name, $0) }
            #expect(Set(markers).count == (bullets.contains(name) ? 1 : 100), "\(name)")
            #expect(!markers.contains { $0.isEmpty }, "\(name)")
            _ = style
        }
        #expect(Set(CounterStyleSet.predefined.keys).isSuperset(of: Self.specNames))
        // Spot checks of each algorithm, from the spec's examples.
        #expect(Self.marker("decimal-leading-zero", 7) == "07. ")
        #expect(Self.marker("lower-roman", 1994) == "mcmxciv. ")
        #expect(Self.marker("upper-roman", 4000) == "4000. ")           // beyond its range: decimal
        #expect(Self.marker("lower-alpha", 28) == "ab. ")
        #expect(Self.marker("lower-greek", 25) == "αα. ")
        #expect(Self.marker("disc", 5) == "• ")
        #expect(Self.marker("square", 1) == "◾ ")
        #expect(Self.marker("thai", 2025) == "๒๐๒๕. ")
        #expect(Self.marker("cjk-ideographic", 11) == "十一、")
        #expect(Self.marker("trad-chinese-informal", -3) == "負三、")
        #expect(Self.marker("simp-chinese-formal", 6001) == "陆仟零壹、")
        #expect(Self.marker("korean-hanja-informal", 6001) == "六千一, ")
        #expect(Self.marker("japanese-informal", -12) == "マイナス十二、")
        #expect(Self.marker("korean-hangul-formal", -1) == "마이너스 일, ")
        #expect(Self.marker("ethiopic-numeric", 780100000092) == "፸፰፻፩፼፼፺፪/ ")
        #expect(Self.marker("ethiopic-numeric", 0) == "0/ ")             // below its range: decimal, its suffix
        #expect(Self.marker("lower-alpha", -1) == "-1. ")
        #expect(Self.marker("decimal", Int.min) == "-9223372036854775808. ")
        // Names are case-sensitive but for the predefined ones; an unknown name is decimal.
        #expect(Self.marker("LOWER-ROMAN", 4) == "iv. ")
        #expect(Self.marker("no-such-style", 4) == "4. ")
    }

    /// `@counter-style` rules: each system, `extends`, the descriptors, and what invalid values do.
    @Test func counterStyleRules() {
        let css = #"""
            @counter-style box-corner { system: fixed; symbols: ◰ ◳ ◲ ◱; suffix: ': '; }
            @counter-style footnote { system: symbolic; symbols: '*' ⁑ † ‡; suffix: " "; }
            @counter-style trinary { system: numeric; symbols: '0' '1' '2'; }
            @counter-style go { system: alphabetic; symbols: ○ ●; suffix: " "; }
            @counter-style dice { system: additive; additive-symbols: 6 ⚅, 5 ⚄, 4 ⚃, 3 ⚂, 2 ⚁, 1 ⚀; suffix: " "; }
            @counter-style triangle { system: cyclic; symbols: ‣; suffix: " "; }
            @counter-style decimal-paren { system: extends decimal; suffix: ") "; }
            @counter-style paren-neg { system: extends decimal; negative: "(" ")"; pad: 3 "0"; }
            @counter-style small { system: extends lower-roman; range: 1 5, 10 12; fallback: upper-alpha; }
            @counter-style Fancy { system: cyclic; symbols: "\2605"; prefix: "["; suffix: "] "; }
            @counter-style escapes { system: numeric; symbols: \660 \661; }
            @counter-style two { system: numeric; symbols: "\660"  "\661"; }
            @counter-style fixed-from { system: fixed 5; symbols: A B C; }
            @counter-style speaks { system: cyclic; symbols: x; speak-as: bullets; suffix: ""; }
            @counter-style decimal { system: cyclic; symbols: X; }
            @counter-style none { system: cyclic; symbols: X; }
            @counter-style bad-additive { system: additive; additive-symbols: 1 a, 5 b; }
            @counter-style extends-with-symbols { system: extends decimal; symbols: a b; }
            """#
        func marker(_ name: String, _ value: Int) -> String { Self.marker(name, value, css: css) }
        #expect((1...6).map { marker("box-corner", $0) } == ["◰: ", "◳: ", "◲: ", "◱: ", "5: ", "6: "])
        #expect((1...6).map { marker("footnote", $0) } == ["* ", "⁑ ", "† ", "‡ ", "** ", "⁑⁑ "])
        #expect((1...6).map { marker("trinary", $0) } == ["1. ", "2. ", "10. ", "11. ", "12. ", "20. "])
        #expect((1...7).map { marker("go", $0) } == ["○ ", "● ", "○○ ", "○● ", "●○ ", "●● ", "○○○ "])
        #expect([1, 11, 12, 13].map { marker("dice", $0) } == ["⚀ ", "⚅⚄ ", "⚅⚅ ", "⚅⚅⚀ "])
        #expect(marker("dice", 0) == "0 ")                               // no tuple of weight 0: decimal
        #expect(marker("triangle", 99) == "‣ ")
        #expect(marker("decimal-paren", 3) == "3) ")
        #expect([-5, -1234, 1, 4000].map { marker("paren-neg", $0) } == ["(5). ", "(1234). ", "001. ", "4000. "])
        #expect([3, 7, 11, 13].map { marker("small", $0) } == ["iii. ", "G. ", "xi. ", "M. "])
        #expect(marker("Fancy", 1) == "[★] " && marker("fancy", 1) == "1. ")  // case-sensitive names
        #expect(marker("escapes", 1) == "1. ")                           // one symbol: not a numeric style
        #expect(marker("two", 2) == "١٠. ")
        #expect([4, 5, 7, 8].map { marker("fixed-from", $0) } == ["4. ", "A. ", "C. ", "8. "])
        #expect(marker("speaks", 1) == "x")
        #expect(marker("decimal", 2) == "2. " && marker("none", 2) == "2. ")  // neither can be redefined
        #expect(marker("bad-additive", 5) == "5. ")
        #expect(marker("extends-with-symbols", 2) == "2. ")
    }

    /// `extends` cycles and unknown names extend decimal; fallback loops and unknown fallbacks end at decimal;
    /// huge values, pads and chains cost a bounded amount and fall back instead of building huge strings.
    @Test func cyclesAndHugeValues() {
        let css = """
            @counter-style a { system: extends b; suffix: "a "; }
            @counter-style b { system: extends c; prefix: "b"; }
            @counter-style c { system: extends a; }
            @counter-style d { system: extends a; suffix: "d "; }
            @counter-style e { system: extends nowhere; }
            @counter-style odd { system: cyclic; symbols: one; range: 1 1, 3 3; fallback: even; }
            @counter-style even { system: cyclic; symbols: two; range: 2 2, 4 4; fallback: odd; }
            @counter-style stars { system: symbolic; symbols: "*"; }
            @counter-style padded { system: extends decimal; pad: 1000000000 "0"; }
            @counter-style big { system: additive; additive-symbols: 1 "I"; }
            @counter-style wide { system: alphabetic; symbols: "long-symbol-one" "long-symbol-two"; }
            """
        func marker(_ name: String, _ value: Int) -> String { Self.marker(name, value, css: css) }
        #expect(marker("a", 7) == "7a " && marker("b", 7) == "b7. " && marker("c", 7) == "7. " && marker("d", 7) == "7d ")
        #expect(marker("e", 7) == "7. ")
        #expect([1, 2, 3, 4, 5].map { marker("odd", $0) } == ["one. ", "two. ", "one. ", "two. ", "5. "])
        #expect(marker("stars", 60) == String(repeating: "*", count: 60) + ". ")
        #expect(marker("stars", 61) == "61. " && marker("stars", Int.max) == "\(Int.max). ")
        #expect(marker("padded", 5) == "5. ")
        #expect(marker("big", 60) == String(repeating: "I", count: 60) + ". " && marker("big", 1_000_000_000) == "1000000000. ")
        #expect(marker("wide", 3) == "long-symbol-onelong-symbol-one. " && marker("wide", 1 << 40) == "\(1 << 40). ")
        // A chain of 999 rules each extending the next resolves in one pass (no recursion); rules past the
        // 1,000th of a document are ignored.
        var chain = ""
        for i in 0..<998 { chain += "@counter-style s\(i) { system: extends s\(i + 1); }\n" }
        chain += "@counter-style s998 { system: cyclic; symbols: ok; }\n"
        #expect(Self.marker("s0", 3, css: chain) == "ok. ")
    }

    /// The property values: names, strings, `symbols()`, the shorthand's order and `none`s, images.
    @Test func listStyleValues() {
        typealias D = ListStyleDeclaration
        #expect(D.parse(property: "list-style-type", value: "Upper-Roman") == [.type(.named("upper-roman"))])
        #expect(D.parse(property: "list-style-type", value: "MyStyle") == [.type(.named("MyStyle"))])
        #expect(D.parse(property: "list-style-type", value: #""→ ""#) == [.type(.string("→ "))])
        #expect(D.parse(property: "list-style-type", value: "none") == [.type(nil)])
        #expect(D.parse(property: "list-style-type", value: "inherit extra") == [])
        if case .type(.symbols(let style))? = D.parse(property: "list-style-type", value: #"symbols(cyclic "*" "\2020")"#).first {
            var set = CounterStyleSet()
            #expect(set.marker(.symbols(style), value: 2) == "† " && set.marker(.symbols(style), value: 3) == "* ")
        } else {
            Issue.record("symbols() was not parsed")
        }
        #expect(D.parse(property: "list-style", value: "square inside") == [.type(.named("square")), .position(inside: true), .image(nil)])
        #expect(D.parse(property: "list-style", value: "inside") == [.type(.named("disc")), .position(inside: true), .image(nil)])
        #expect(D.parse(property: "list-style", value: "none") == [.type(nil), .position(inside: false), .image(nil)])
        #expect(D.parse(property: "list-style", value: #"url("b.png") none"#)
                == [.type(nil), .position(inside: false), .image(ListStyleImage(url: "b.png"))])
        #expect(D.parse(property: "list-style", value: "none none circle") == [])
        #expect(D.parse(property: "list-style-image", value: "url(i/dot.svg)") == [.image(ListStyleImage(url: "i/dot.svg"))])
        #expect(D.parse(property: "list-style-position", value: "OUTSIDE") == [.position(inside: false)])
    }
}

/// Lists in books: every predefined style and the book's own `@counter-style` rules reach the markers;
/// `list-style-position`, `list-style-image` (with its fallback), `start`, `value`, `reversed` and `type`.
@Suite struct ListMarkerConversionTests {
    /// The markers of `book`'s paragraphs as a book's CSS writes them: an outside marker's no-break spaces (see
    /// ``XHTMLConverter/outsideMarkerUnits(_:)``; ``bookRulesPositionsAndCounts()`` checks them) read as spaces.
    static func markers(_ book: EPUBBook) -> [String] {
        book.text.paragraphs.compactMap { paragraph in
            let generated = paragraph.runs.filter { $0.style.isGenerated }
            guard let last = generated.last else { return nil }
            return String(decoding: paragraph.units[generated[0].range.lowerBound..<last.range.upperBound], as: UTF16.self)
                .replacingOccurrences(of: "\u{A0}", with: " ")
        }
    }

    /// One list in each predefined style, three items from 9 (so that every style is seen past its first symbols).
    @Test func everyStyleInABook() throws {
        let body = CounterStyleTests.specNames.map { "<ol start=\"9\" style=\"list-style-type: \($0)\"><li>a</li><li>b</li><li>c</li></ol>" }
        let book = try XHTMLConversionTests.read(body.joined(separator: "\n"))
        let markers = Self.markers(book)
        var expected: [String] = []
        for name in CounterStyleTests.specNames { expected += (9...11).map { CounterStyleTests.marker(name, $0) } }
        #expect(markers == expected)
        #expect(markers[0...2] == ["9. ", "10. ", "11. "])
    }

    @Test func bookRulesPositionsAndCounts() throws {
        let css = """
            @counter-style paren { system: extends lower-alpha; prefix: "("; suffix: ") "; }
            ol.paren { list-style: paren inside }
            ul.numbered { list-style-type: decimal }
            ol.string { list-style-type: "– " }
            """
        let (book, _) = try PublisherCSSTests.readBothWays("""
            <ol class="paren"><li>first</li><li>second</li></ol>
            <ul class="numbered"><li>one</li><li>two</li></ul>
            <ol class="string"><li>dash</li></ol>
            <ol start="2147483647"><li>max</li><li>past it</li></ol>
            <ol start="-3" reversed="reversed"><li>minus three</li><li value="40">forty</li><li>thirty-nine</li></ol>
            <ol start="99999999999999999999"><li>clamped</li></ol>
            <ul type="square"><li>typed</li><li type="circle">item typed</li></ul>
            <ol type="A"><li>letter</li></ol>
            """, css: css)
        #expect(Self.markers(book) == ["(a) ", "(b) ", "1. ", "2. ", "– ", "2147483647. ", "2147483647. ", "-3. ", "40. ",
                                       "39. ", "2147483647. ", "◾ ", "◦ ", "A. "])
        // Inside: the marker starts the first line (nothing hangs); outside it hangs in the indent.
        #expect(try PublisherCSSTests.paragraph(book, "(a) first").style.markerLength == 0)
        #expect(try PublisherCSSTests.paragraph(book, "1.\u{A0}one").style.markerLength == 3)
        // An inside marker's space is the line's (a browser stretches it in a justified line); an outside marker
        // stands outside the line, so its space is a no-break space that neither stretches nor breaks.
        #expect(try PublisherCSSTests.paragraph(book, "(a) first").units.prefix(4) == Array("(a) ".utf16)[...])
        #expect(try PublisherCSSTests.paragraph(book, "1.\u{A0}one").units.prefix(3) == [0x31, 0x2E, 0xA0])
    }

    @Test func imageMarkersAndTheirFallback() throws {
        let css = """
            ul.star { list-style-image: url(images/star.png) }
            ul.missing { list-style: square url(images/none.png) }
            """
        let book = try XHTMLConversionTests.read("""
            <ul class="star"><li>starred</li></ul>
            <ul class="missing"><li>squared</li></ul>
            <ul style="list-style-image: url('images/star.png')"><li>inline</li></ul>
            """, css: css, extraEntries: [EPUBImageTests.entry("images/star.png", EPUBImageTests.pngHeader(width: 8, height: 8))])
        #expect(Self.markers(book) == ["\u{FFFC} ", "◾ ", "\u{FFFC} "])
        let images = EPUBImageTests.attachments(book)
        #expect(images.count == 2 && images.allSatisfy { $0.attachment.source == "OEBPS/images/star.png" })
        #expect(images.allSatisfy { $0.attachment.intrinsicSize == Size(width: 8, height: 8) })
    }
}
