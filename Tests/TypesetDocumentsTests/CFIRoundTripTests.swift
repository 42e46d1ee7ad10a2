import Testing
import TypesetCore
import TypesetDocuments
import TypesetTestSupport

/// EPUB CFIs generated for offsets and resolved back: the specification's sample chapter gives the CFIs the
/// specification writes, and over a generated family of documents (nested elements, text split by inline
/// elements and comments, elements without ids, entities and characters outside the BMP, white space to collapse,
/// hidden elements, images, line breaks, preformatted text) every offset of every item comes back from its CFI.
@Suite struct CFIRoundTripTests {
    /// The specification's sample: `para05` holds `xxx<em>yyy</em>0123456789`.
    @Test func theSpecificationsPlacesAreGenerated() throws {
        let book = try CFILinkTests.sampleBook()
        let para05 = try #require(CFILinkTests.offset("xxxyyy0123456789", in: book))
        let expectations: [(Int, String)] = [
            (para05, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)"),       // before xxx
            (para05 + 3, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)"),  // before yyy
            (para05 + 4, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:1)"),
            (para05 + 16, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)"),  // after 9
            (try #require(book.images.first?.offset), "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])"),
        ]
        for (offset, expected) in expectations {
            let cfi = try #require(book.cfi(at: offset))
            #expect(cfi.description == expected)
            #expect(book.offset(of: cfi)?.offset == offset && book.offset(of: cfi)?.exact == true, "\(cfi)")
        }
        // The specification's other spellings of these places resolve to the same offsets.
        let spellings: [(String, Int)] = [
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)", para05 + 6),           // just after yyy
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy])", para05 + 6),
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])", para05 + 3),
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[;s=b])", para05 + 6),
            ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)", para05 + 4),    // a range: its start
            ("epubcfi(/6/4!/4/10/3:10)", para05 + 16),                                       // no ids at all
            ("epubcfi(/6/4!/4/10/3)", para05 + 6),                                            // implicit :0
        ]
        for (text, expected) in spellings {
            let cfi = try #require(EPUBCFI(text))
            #expect(book.offset(of: cfi)?.offset == expected, "\(text)")
        }
    }

    /// Every offset of every item of a generated family comes back from its CFI, exactly and with its assertions
    /// holding; the CFI is written and parsed back unchanged.
    @Test func everyOffsetOfAGeneratedFamilyRoundTrips() throws {
        var random = SplitMix64(seed: 35)
        for round in 0..<6 {
            let chapters = (0..<3).map { index in ("c\(round)-\(index).xhtml", Self.document(&random)) }
            let book = try EPUBTestReading.read(EPUBTestArchive.book(chapters: chapters))
            var checked = 0
            for item in book.spine where item.href.contains("/c") {
                let range = try #require(item.range)
                for offset in range {
                    let cfi = try #require(book.cfi(at: offset), "no CFI at \(offset)")
                    let written = try #require(EPUBCFI(cfi.description))
                    #expect(written.isSamePlace(as: cfi) && written.description == cfi.description)
                    let found = book.offset(of: written)
                    #expect(found?.offset == offset && found?.exact == true,
                            "round \(round): \(offset) in \(item.href) → \(cfi) → \(String(describing: found))\n\(chapters)")
                    if found?.offset != offset { return }
                    checked += 1
                }
            }
            #expect(checked > 100)
        }
    }

    /// Characters outside the Basic Multilingual Plane count two: a CFI's character offset is in UTF-16 code units
    /// (EPUB CFI 1.1, 3.1.4), as Typeset's offsets are.
    @Test func characterOffsetsCountUTF16CodeUnits() throws {
        let body = "<p id=\"p\">a&#x1F600;b\u{1F600}c</p>"
        let book = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body))]))
        let start = try #require(CFILinkTests.offset("a\u{1F600}b", in: book))
        #expect(book.cfi(at: start + 4)?.partialDescription == "/4/2[p]/1:4")  // before the second emoji
        #expect(book.cfi(at: start + 7)?.partialDescription == "/4/2[p]/1:7")  // after it
    }

    /// A Locator carries Readium's `partialCfi`; one that has nothing else (as another reading system's) resolves
    /// by it.
    @Test func locatorsCarryThePartialCFI() throws {
        let book = try CFILinkTests.sampleBook()
        let publication = book.publication
        let para05 = try #require(CFILinkTests.offset("xxxyyy0123456789", in: book))
        let locator = try #require(publication.locator(at: para05 + 16))
        #expect(locator.locations.partialCFI == "/4[body01]/10[para05]/3:10")
        var foreign = Locator(href: locator.href, type: locator.type)
        foreign.locations.partialCFI = "/4/10/2/1:1"
        let resolved = try publication.resolve(foreign)
        #expect(resolved.offset == para05 + 4 && resolved.method == .cfi)
        // A quote that no longer matches sends the resolution on to the quote search.
        foreign.text = Locator.Text(highlight: "0123")
        #expect(try publication.resolve(foreign).offset == para05 + 6)
    }

    /// Text the document does not hold (a list marker, `<q>`'s marks, the rule of `<hr>`) has no place of its own:
    /// its CFI is the next place the document has, and every place the document has still round-trips.
    @Test func generatedTextTakesTheNextPlace() throws {
        let body = "<ol><li>One</li><li id=\"two\">Two <q>three</q> four</li></ol><hr/><p>after</p>"
        let book = try EPUBTestReading.read(EPUBTestArchive.book(chapters: [("c.xhtml", EPUBTestArchive.xhtml(body))]))
        let one = try #require(CFILinkTests.offset("One", in: book))
        let two = try #require(CFILinkTests.offset("Two", in: book))
        let after = try #require(CFILinkTests.offset("after", in: book))
        // The markers ("1. ", "2. ") come before their items' text: their CFIs are those of the text.
        #expect(book.cfi(at: one - 1)?.partialDescription == "/4/2/2/1:0")
        #expect(book.cfi(at: two - 2)?.partialDescription == "/4/2/4[two]/1:0")
        for offset in [one, one + 3, two, two + 3, two + 5, after, after + 5] {
            let cfi = try #require(book.cfi(at: offset))
            #expect(book.offset(of: cfi)?.offset == offset, "\(offset): \(cfi)")
        }
        // Inside the quotation marks: the quoted word's place.
        let three = try #require(CFILinkTests.offset("three", in: book))
        #expect(book.cfi(at: three - 1).flatMap { book.offset(of: $0)?.offset } == three)
        // The rule is an element of its own.
        let rule = try #require(CFILinkTests.offset("\u{FFFC}", in: book))
        #expect(book.cfi(at: rule)?.partialDescription == "/4/4")
    }

    // MARK: The family

    /// A chapter: a body of 3 to 6 blocks of inline content, nested up to 3 deep.
    static func document(_ random: inout SplitMix64) -> String {
        var body = ""
        for _ in 0..<Int.random(in: 3...6, using: &random) {
            body += whiteSpace(&random) + block(&random, depth: 0)
        }
        return EPUBTestArchive.xhtml(body + "\n")
    }

    static func block(_ random: inout SplitMix64, depth: Int) -> String {
        switch Int.random(in: 0..<7, using: &random) {
        case 0 where depth < 2:
            return "<div\(id(&random))>" + (0..<2).map { _ in whiteSpace(&random) + block(&random, depth: depth + 1) }.joined() + "\n</div>"
        case 1:
            return "<pre>\nline one\n  line  two\n</pre>"
        default:
            return "<p\(id(&random))>" + inline(&random, depth: depth) + "</p>"
        }
    }

    static func inline(_ random: inout SplitMix64, depth: Int) -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 0 where depth < 3: out += "<em\(id(&random))>" + inline(&random, depth: depth + 1) + "</em>"
            case 1 where depth < 3: out += "<span style=\"display: none\">" + inline(&random, depth: depth + 1) + "</span>"
            case 2: out += "<span hidden=\"\">gone</span>"
            case 3: out += "<img src=\"missing.png\" alt=\"pic\"/>"
            case 4: out += "<br/>"
            case 5: out += "x<!-- a comment -->y"
            case 6: out += "<![CDATA[c<d]]>"
            default: out += text(&random)
            }
        }
        return out
    }

    static func text(_ random: inout SplitMix64) -> String {
        let words = ["word", "caf&#233;", "&amp;", "a&#x1F600;b", "&lt;tag&gt;", "\u{1F600}", "x&#160;y", "long", "I"]
        var out = ""
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            out += whiteSpace(&random) + words[Int.random(in: 0..<words.count, using: &random)]
        }
        return out + whiteSpace(&random)
    }

    static func whiteSpace(_ random: inout SplitMix64) -> String {
        ["", " ", "  ", "\n    ", "\t", " \n "][Int.random(in: 0..<6, using: &random)]
    }

    static func id(_ random: inout SplitMix64) -> String {
        Int.random(in: 0..<3, using: &random) == 0 ? " id=\"e\(random.next() % 100_000)\"" : ""
    }
}
